/**
 * The cache of public pages: HTML that is the same for every anonymous
 * visitor, kept in memory by path. A publish in /admin (the collections'
 * afterChange hooks) empties it, in this process at once and in the other
 * instances through Postgres NOTIFY.
 */

export type CachedPage = { body: Uint8Array; headers: [string, string][]; status: number; storedAt: number }

type CacheState = { pages: Map<string, CachedPage>; generation: number; listeners: Set<() => void> }

const KEY = Symbol.for('bancadati.publicPageCache')
/** A page is served from the cache for at most this long, even without a publish. */
export const PAGE_CACHE_TTL_MS = 10 * 60 * 1000
/** At most this many paths are kept. */
const MAX_PAGES = 500

function state(): CacheState {
  const holder = globalThis as unknown as Record<symbol, CacheState | undefined>
  holder[KEY] ??= { pages: new Map(), generation: 0, listeners: new Set() }
  return holder[KEY]
}

/** The cached copy of a path, when fresh. */
export function cachedPage(path: string, now = Date.now()): CachedPage | undefined {
  const page = state().pages.get(path)
  if (!page) return undefined
  if (now - page.storedAt > PAGE_CACHE_TTL_MS) {
    state().pages.delete(path)
    return undefined
  }
  return page
}

/** The cache generation: a page rendered in an older generation is not stored. */
export function cacheGeneration(): number {
  return state().generation
}

/** Stores a rendered page unless the cache was emptied while it was being rendered. */
export function storePage(path: string, page: Omit<CachedPage, 'storedAt'>, generation: number): void {
  const current = state()
  if (generation !== current.generation) return
  if (current.pages.size >= MAX_PAGES) {
    const oldest = current.pages.keys().next().value
    if (oldest !== undefined) current.pages.delete(oldest)
  }
  current.pages.set(path, { ...page, storedAt: Date.now() })
}

/** Empties the cache (a publish); tells the other instances through the registered listeners. */
export function invalidatePublicPages(options: { broadcast?: boolean } = {}): void {
  const current = state()
  current.pages.clear()
  current.generation += 1
  if (options.broadcast !== false) for (const listener of current.listeners) listener()
}

/** Registers a function called on every local invalidation (the server broadcasts it to other instances). */
export function onPublicPagesInvalidated(listener: () => void): () => void {
  state().listeners.add(listener)
  return () => state().listeners.delete(listener)
}
