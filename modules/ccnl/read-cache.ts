/**
 * The contract database's reads that are the same for every reader (sector
 * and contract lists, text navigation trees, pay tables by effective date),
 * kept in memory. A change in /admin or an import empties the cache in every
 * instance (the collections' hooks; a shared cache); a bulk write that skips
 * the hooks is seen within READ_CACHE_TTL_MS.
 */
import { createCache } from '../platform/index.ts'

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
