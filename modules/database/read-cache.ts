/**
 * A short-lived cache of the contract database's reads that are the same for
 * every reader (sector and contract lists, text navigation trees, pay tables
 * by effective date): the pages and API calls that ask for them most answer
 * from memory. A change in /admin empties it in this process at once (the
 * collections' hooks); other instances and bulk imports, which skip the
 * hooks, are seen within READ_CACHE_TTL_MS.
 */

type Entry = { value: Promise<unknown>; storedAt: number }

/** How long a read is served from memory at most. */
export const READ_CACHE_TTL_MS = 60_000
/** At most this many reads are kept (the oldest are dropped first). */
const MAX_ENTRIES = 1000
const KEY = Symbol.for('bancadati.databaseReadCache')

function entries(): Map<string, Entry> {
  const holder = globalThis as unknown as Record<symbol, Map<string, Entry> | undefined>
  holder[KEY] ??= new Map()
  return holder[KEY]
}

/** The value of `key`, loaded once and shared until it expires or the cache is emptied; failures are not kept. */
export function cachedRead<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = entries()
  const hit = cache.get(key)
  if (hit && now - hit.storedAt < READ_CACHE_TTL_MS) return hit.value as Promise<T>
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
  const value = load()
  cache.set(key, { value, storedAt: now })
  value.then(undefined, () => {
    // A failed read (not found, database down) is tried again by the next caller; this caller gets the error.
    if (cache.get(key)?.value === value) cache.delete(key)
  })
  return value
}

/** Empties the cache (a change to the contract database's content). */
export function invalidateReadCache(): void {
  entries().clear()
}
