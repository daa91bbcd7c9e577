/**
 * Short-lived caches of reads that are the same for every reader (lists,
 * trees, tables, search results): the pages and API calls asked most answer
 * from memory. Each cache is named and kept once per process; the module that
 * owns the data empties it when the data change (collection hooks, imports,
 * index writes); other instances see a change within the time limit.
 */

type Entry = { value: Promise<unknown>; storedAt: number }

export type ReadCache = {
  /** The value of `key`, loaded once and shared until it expires or the cache is emptied; failures are not kept. */
  read<T>(key: string, load: () => Promise<T>, now?: number): Promise<T>
  /**
   * Empties the cache. With `settle`, empties it again after that many
   * milliseconds: a change made inside a transaction is read by others only
   * once committed, and a read between the change and the commit would keep
   * the old value.
   */
  clear(options?: { settle?: number }): void
  /** Drops one read (a value not worth keeping, such as 'not found'). */
  forget(key: string): void
  /** How many reads are kept. */
  size(): number
}

export type ReadCacheOptions = { ttlMs: number; maxEntries: number }

function createReadCache({ ttlMs, maxEntries }: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>()
  return {
    read<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key)
      if (hit && now - hit.storedAt < ttlMs) return hit.value as Promise<T>
      entries.delete(key)
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      const value = load()
      entries.set(key, { value, storedAt: now })
      value.then(undefined, () => {
        // A failed read (not found, database down) is tried again by the next caller; this caller gets the error.
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
    clear(options = {}) {
      entries.clear()
      if (options.settle) setTimeout(() => entries.clear(), options.settle).unref()
    },
    forget(key) {
      entries.delete(key)
    },
    size: () => entries.size,
  }
}

const KEY = Symbol.for('bancadati.readCaches')

/** The process's cache called `name` (created with `options` on first use). */
export function readCache(name: string, options: ReadCacheOptions): ReadCache {
  const holder = globalThis as unknown as Record<symbol, Map<string, ReadCache> | undefined>
  const caches = (holder[KEY] ??= new Map())
  let cache = caches.get(name)
  if (!cache) {
    cache = createReadCache(options)
    caches.set(name, cache)
  }
  return cache
}
