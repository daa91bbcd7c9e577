/**
 * The portal's in-memory caches, every one made by `createCache` on
 * lru-cache: at most `max` entries, each kept at most `ttl` milliseconds
 * (without `ttl`, until pushed out by newer ones), a load in flight shared by
 * every caller asking for the same key, a failed load never kept. Each cache
 * has a name and exists once per process. A `shared` cache, emptied in one
 * process of the portal (a server instance, a command such as `npm run
 * import`, a job), is emptied in every other one too: each process that
 * starts the CMS relays it through Postgres NOTIFY (`startCacheRelay`). A
 * writer inside a transaction sends the message in that transaction
 * (`clearOnCommit`): Postgres delivers it when the change is committed.
 */
import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { listenOnChannel, notifyChannel, type ChannelListener } from './channels.ts'

export type CacheOptions = {
  /** The cache's name in the process (and across instances, for a shared cache). */
  name: string
  /** The most entries kept; the least recently used goes first. */
  max: number
  /** The longest an entry is served, in milliseconds (none: until pushed out). */
  ttl?: number
  /** Emptied in every instance when emptied in one (the data it holds are the same everywhere). */
  shared?: boolean
}

/**
 * Sends a NOTIFY inside the caller's transaction (Postgres delivers it when
 * the transaction commits, never when it rolls back), or at once outside one.
 */
export type TransactionNotify = (channel: string, payload: string) => Promise<void>

export type Cache<V = unknown> = {
  /**
   * The value of `key`, loaded by `load` once and shared until it expires or
   * the cache is emptied; callers asking while it loads wait for the same
   * load. A failure goes to those callers and is not kept, nor is a value
   * `keep` refuses (a record not found yet, which may appear any moment).
   */
  get<T extends V>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>
  /** The value of `key`, computed by `compute` now when it is not kept (a pure function's answer). */
  memo<T extends V>(key: string, compute: () => T): T
  /** Drops one entry. */
  delete(key: string): void
  /**
   * Empties the cache (in every instance, for a shared one). With `settle`,
   * empties it again after that many milliseconds: a change made inside a
   * transaction is seen by others once committed, and a read in between
   * would keep the old value.
   */
  clear(options?: { settle?: number }): void
  /**
   * Empties the cache here now and, through `notify` (the writer's
   * transaction), in every instance, this one again, once the change is
   * committed: no instance keeps a value read before the commit.
   */
  clearOnCommit(notify: TransactionNotify): Promise<void>
  /** How many entries are kept. */
  size(): number
}

type Box<V> = { value: V }
type Loader = () => unknown

/** How often a cache answered from memory (`hits`) or had to load or compute (`misses`) since the process started. */
export type CacheFigures = { name: string; hits: number; misses: number; size: number }

/** A cache, the way to empty it here only (a relayed message) and its counts. */
type Entry = {
  cache: Cache<unknown>
  clearHere: (settle?: number) => void
  shared: boolean
  counts: { hits: number; misses: number }
}

type Registry = {
  caches: Map<string, Entry>
  /** Tells the other instances that the shared cache `name` was emptied (set by the running relay). */
  relay?: (name: string, settle: number | undefined) => void
}

/** The process's caches by name. */
const processCaches: Registry = { caches: new Map() }

function registry(): Registry {
  return processCaches
}

function makeCache<V>(options: CacheOptions): Entry {
  const lru = new LRUCache<string, Box<V>, Loader>({
    max: options.max,
    ...(options.ttl ? { ttl: options.ttl } : {}),
    fetchMethod: async (_key, _stale, { context }) => ({ value: (await context()) as V }),
    memoMethod: (_key, _stale, { context }) => ({ value: context() as V }),
    // Emptying the cache while a load runs: its callers still get the value, the cache does not keep it.
    ignoreFetchAbort: true,
  })
  // A load another caller started and this one joins (`inflight`) is a hit: it queries nothing.
  const counts = { hits: 0, misses: 0 }
  const clearHere = (settle?: number) => {
    lru.clear()
    if (settle) setTimeout(() => lru.clear(), settle).unref()
  }
  const cache: Cache<V> = {
    async get<T extends V>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean) {
      const status: LRUCache.Status<string, Box<V>, Loader> = {}
      const loading = lru.fetch(key, { context: load, status })
      if (status.fetch === 'miss' || status.fetch === 'stale' || status.fetch === 'refresh')
        counts.misses += 1
      else counts.hits += 1
      const box = (await loading) as Box<T>
      if (keep && !keep(box.value)) lru.delete(key)
      return box.value
    },
    memo<T extends V>(key: string, compute: () => T) {
      const status: LRUCache.Status<string, Box<V>, Loader> = {}
      const box = lru.memo(key, { context: compute, status })
      if (status.memo === 'miss') counts.misses += 1
      else counts.hits += 1
      return box.value as T
    },
    delete: (key) => void lru.delete(key),
    clear(clearOptions = {}) {
      clearHere(clearOptions.settle)
      if (options.shared) registry().relay?.(options.name, clearOptions.settle)
    },
    async clearOnCommit(notify) {
      clearHere()
      // No sender: every instance, the writer's too, empties its cache when the message arrives.
      if (options.shared)
        await notify(CACHE_CHANNEL, JSON.stringify({ name: options.name } satisfies Invalidation))
    },
    size: () => lru.size,
  }
  return { cache: cache as Cache<unknown>, clearHere, shared: options.shared ?? false, counts }
}

/** The process's cache called `options.name`, made with `options` the first time it is asked for. */
export function createCache<V = unknown>(options: CacheOptions): Cache<V> {
  const caches = registry().caches
  let entry = caches.get(options.name)
  if (!entry) {
    entry = makeCache<V>(options)
    caches.set(options.name, entry)
  }
  return entry.cache as Cache<V>
}

/** Every cache of the process with its hits and misses so far (the metrics read them at each scrape). */
export function cacheFigures(): CacheFigures[] {
  return [...registry().caches].map(([name, entry]) => ({
    name,
    hits: entry.counts.hits,
    misses: entry.counts.misses,
    size: entry.cache.size(),
  }))
}

/** The channel the shared caches' invalidations travel on. */
export const CACHE_CHANNEL = 'cache_invalidations'

/** A shared cache emptied: by the instance `from` (which emptied its own already), or by a committed transaction. */
type Invalidation = { from?: string; name: string; settle?: number }

/**
 * Relays the emptying of shared caches between the processes of the portal
 * until closed: a shared cache emptied here is emptied in every other
 * process within moments (and again after its settle time), and this
 * process empties its own when another, or a committed transaction, says so.
 * A cache emptied again while its message is on its way is told once more
 * after it; closing waits for the messages on their way.
 */
export async function startCacheRelay(options: { pool: Pool; logger: Logger }): Promise<ChannelListener> {
  const instance = randomUUID()
  const shared = () => [...registry().caches.values()].filter((entry) => entry.shared)
  const listener = await listenOnChannel({
    pool: options.pool,
    channel: CACHE_CHANNEL,
    logger: options.logger,
    onMessage: (payload) => {
      const message = JSON.parse(payload) as Invalidation
      if (message.from !== instance) registry().caches.get(message.name)?.clearHere(message.settle)
    },
    // What was emptied elsewhere while the connection was down is not known: every shared cache starts over.
    onReconnect: () => {
      for (const entry of shared()) entry.clearHere()
    },
  })
  // One message at a time per cache: a burst of writes (an import) empties the others' cache once
  // more after the message on its way, not once each; a write after the message was sent is never lost.
  const sending = new Map<string, Promise<void>>()
  const again = new Map<string, number | undefined>()
  const relay = (name: string, settle: number | undefined): void => {
    if (sending.has(name)) {
      again.set(name, settle)
      return
    }
    const message: Invalidation = { from: instance, name, ...(settle ? { settle } : {}) }
    const sent = notifyChannel(options.pool, CACHE_CHANNEL, JSON.stringify(message))
      .catch((error: unknown) =>
        options.logger.error(
          { err: error, cache: name },
          'Svuotamento della cache non inviato alle altre istanze',
        ),
      )
      .finally(() => {
        sending.delete(name)
        if (again.has(name)) {
          const next = again.get(name)
          again.delete(name)
          relay(name, next)
        }
      })
    sending.set(name, sent)
  }
  registry().relay = relay
  return {
    async close() {
      if (registry().relay === relay) registry().relay = undefined
      // A command ends right after its last write: its messages leave before the connection closes.
      while (sending.size > 0) await Promise.all(sending.values())
      await listener.close()
    },
  }
}
