/**
 * The contract database's reads that are the same for every reader (sector
 * and contract lists, text navigation trees, pay tables by effective date),
 * kept in memory. A change in /admin empties the cache in every instance once
 * it is committed (the collections' hooks, a message sent in the editor's
 * transaction); an import, which skips the hooks, empties it when it ends.
 */
import { createCache, type TransactionNotify } from '../platform/index.ts'

/** How long a read is served from memory at most. */
export const READ_CACHE_TTL_MS = 60_000

/** The reads kept, by key (`sectors`, `pay-table:<id>` ...). */
export const databaseCache = createCache({
  name: 'database',
  max: 1000,
  ttl: READ_CACHE_TTL_MS,
  shared: true,
})

/** Empties the cache (a change to the contract database's content), here and in the other instances. */
export function invalidateReadCache(): void {
  databaseCache.clear({ settle: 1000 })
}

/** Empties the cache here now and in every instance once the writer's transaction commits (`notify` sends in it). */
export function invalidateReadCacheOnCommit(notify: TransactionNotify): Promise<void> {
  return databaseCache.clearOnCommit(notify)
}
