/**
 * The cache of public pages: HTML that is the same for every anonymous
 * visitor, kept in memory by path. A publish in /admin (the collections'
 * afterChange hooks) empties it, in this process at once and in the other
 * instances through Postgres NOTIFY.
 */
import { hasSessionCookie } from '../accounts/index.ts'
import { legalSlugs, productSlugs } from './slugs.ts'

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

/** The pages that are the same for every anonymous visitor. */
const cacheablePaths = new Set([
  '/',
  '/prodotti',
  ...productSlugs.map((slug) => `/prodotti/${slug}`),
  ...legalSlugs.map((slug) => `/${slug}`),
  '/richiedi-enterprise',
])

/** True for a path whose HTML is the same for every anonymous visitor. */
export function isCacheablePath(pathname: string): boolean {
  return cacheablePaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)
}

/**
 * Serves a public page from the cache to an anonymous visitor (GET or HEAD,
 * no query string, no session cookie), rendering and storing it on a miss.
 * Everything else (signed-in visitors, form posts, other pages) is rendered.
 */
export async function withPublicPageCache(
  request: Request,
  render: () => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url)
  const eligible =
    (request.method === 'GET' || request.method === 'HEAD') &&
    url.search === '' &&
    isCacheablePath(url.pathname) &&
    !hasSessionCookie(request.headers.get('cookie'))
  if (!eligible) return render()
  const key = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  const hit = cachedPage(key)
  if (hit) {
    return new Response(request.method === 'HEAD' ? null : hit.body.slice(), {
      status: hit.status,
      headers: [...hit.headers, ['x-cache', 'HIT']],
    })
  }
  const generation = cacheGeneration()
  const response = await render()
  const html = (response.headers.get('content-type') ?? '').includes('text/html')
  if (request.method !== 'GET' || response.status !== 200 || !html || response.headers.has('set-cookie'))
    return response
  const body = new Uint8Array(await response.arrayBuffer())
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length')
  storePage(key, { body, headers, status: 200 }, generation)
  return new Response(body.slice(), { status: 200, headers: [...headers, ['x-cache', 'MISS']] })
}
