/**
 * The feed's reads that are the same for every reader (home lists, articles,
 * related items), kept in memory for a short time. Saving or deleting a news
 * item in /admin empties the cache of every instance once it is committed
 * (a message sent in the editor's transaction); every import, when it ends.
 */
import { createCache, type TransactionNotify } from '../platform/index.ts'

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

/** Empties the cache here now and in every instance once the writer's transaction commits (`notify` sends in it). */
export function invalidateFeedCacheOnCommit(notify: TransactionNotify): Promise<void> {
  return feedCache.clearOnCommit(notify)
}
