/**
 * The feed's reads that are the same for every reader (home lists, articles,
 * related items), kept in memory for a short time. Saving or deleting a news
 * item in /admin and every import empty the cache in this process (and again
 * a second later, once the editor's transaction has committed); other
 * instances see a change within FEED_CACHE_TTL_MS.
 */
import { readCache } from '../platform/index.ts'

/** How long a read is served from memory at most. */
export const FEED_CACHE_TTL_MS = 60_000

const cache = () => readCache('feed', { ttlMs: FEED_CACHE_TTL_MS, maxEntries: 2000 })

/** The value of `key`, loaded once and shared until it expires or the cache is emptied. */
export function cachedFeedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cache().read(key, load)
}

/** Like `cachedFeedRead`, but a missing item (null) is not kept: it may be published any moment. */
export async function cachedFeedLookup<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
  const found = await cache().read(key, load)
  if (found === null) cache().forget(key)
  return found
}

/** Empties the cache (a news item saved or deleted, an import). */
export function invalidateFeedCache(): void {
  cache().clear({ settle: 1000 })
}
