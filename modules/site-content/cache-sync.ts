/**
 * Keeps the page caches of several instances in step (page-cache.ts, behind
 * Astro's route caching): a publish in one instance empties the caches of all
 * the others through Postgres NOTIFY on
 * the channel `public_pages`. The editor's save notifies before its
 * transaction commits, so every instance empties its cache at once and once
 * more a second later: a page rendered from the data before the commit is not kept.
 */
import { randomUUID } from 'node:crypto'
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { listenOnChannel, notifyChannel } from '../platform/index.ts'
import { pageCache, type PageCache } from './page-cache.ts'

export const PAGE_CACHE_CHANNEL = 'public_pages'
/** The second invalidation after a publish, once the editor's transaction has committed. */
export const SETTLE_MS = 1000

export type PageCacheSync = { close: () => Promise<void> }

/** Empties `cache` now and again after SETTLE_MS (without telling the other instances again). */
function invalidateAndSettle(cache: PageCache, timers: Set<ReturnType<typeof setTimeout>>): void {
  cache.invalidatePages({ broadcast: false })
  const timer = setTimeout(() => {
    timers.delete(timer)
    cache.invalidatePages({ broadcast: false })
  }, SETTLE_MS)
  timer.unref()
  timers.add(timer)
}

/** Starts relaying the invalidations of `cache` (default: the process's) to and from the other instances. */
export async function startPageCacheSync(options: {
  pool: Pool
  logger: Logger
  cache?: PageCache
}): Promise<PageCacheSync> {
  const cache = options.cache ?? pageCache()
  const instance = randomUUID()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const listener = await listenOnChannel({
    pool: options.pool,
    channel: PAGE_CACHE_CHANNEL,
    logger: options.logger,
    onMessage: (sender) => {
      if (sender !== instance) invalidateAndSettle(cache, timers)
    },
    // Publishes made while the connection was down were missed.
    onReconnect: () => cache.invalidatePages({ broadcast: false }),
  })
  const stop = cache.onInvalidated(() => {
    // The local publish: settle here too, and tell the others.
    invalidateAndSettle(cache, timers)
    notifyChannel(options.pool, PAGE_CACHE_CHANNEL, instance).catch((error: unknown) =>
      options.logger.error({ err: error }, 'Invalidazione della cache non inviata alle altre istanze'),
    )
  })
  return {
    async close() {
      stop()
      for (const timer of timers) clearTimeout(timer)
      await listener.close()
    },
  }
}
