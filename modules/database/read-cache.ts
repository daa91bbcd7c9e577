/**
 * The contract database's reads that are the same for every reader (sector
 * and contract lists, text navigation trees, pay tables by effective date),
 * kept in memory. A change in /admin empties the cache in this process at
 * once (the collections' hooks); other instances and bulk imports, which skip
 * the hooks, are seen within READ_CACHE_TTL_MS.
 */
import { readCache } from '../platform/index.ts'

/** How long a read is served from memory at most. */
export const READ_CACHE_TTL_MS = 60_000

const cache = () => readCache('database', { ttlMs: READ_CACHE_TTL_MS, maxEntries: 1000 })

/** The value of `key`, loaded once and shared until it expires or the cache is emptied; failures are not kept. */
export function cachedRead<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  return cache().read(key, load, now)
}

/** Empties the cache (a change to the contract database's content). */
export function invalidateReadCache(): void {
  cache().clear({ settle: 1000 })
}

/** Drops one read (its data changed in a way no hook sees). */
export function forgetRead(key: string): void {
  cache().forget(key)
}
