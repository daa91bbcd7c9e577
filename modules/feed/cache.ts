/**
 * The feed's reads that are the same for every reader (home lists, articles,
 * related items), kept in memory for a short time. Saving or deleting a news
 * item in /admin and every import empty the cache of every instance (and
 * again a second later, once the editor's transaction has committed).
 */
import { createCache } from '../platform/index.ts'

/** How long a read is served from memory at most. */
export const FEED_CACHE_TTL_MS = 60_000

/** The feed's reads, by key (`home:0:10`, `article:<guid>` ...). */
export const feedCache = createCache({ name: 'feed', max: 2000, ttl: FEED_CACHE_TTL_MS, shared: true })

/** A missing item (null) is not kept: it may be published any moment. */
export const found = (value: unknown): boolean => value !== null

/** Empties the cache (a news item saved or deleted, an import), here and in the other instances. */
export function invalidateFeedCache(): void {
  feedCache.clear({ settle: 1000 })
}
