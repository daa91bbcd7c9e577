/**
 * The cache of public pages: HTML that is the same for every anonymous
 * visitor, kept in memory by path. A publish in /admin (the collections'
 * afterChange hooks) empties it, in this process at once and in the other
 * instances through Postgres NOTIFY.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hasSessionCookie } from '../accounts/index.ts'
import { legalSlugs, productSlugs } from './slugs.ts'

export type CachedPage = { body: Uint8Array; headers: [string, string][]; status: number; storedAt: number }

/** One instance's cache of public pages. */
export type PublicPageCache = {
  /** The cached copy of a path, when fresh. */
  get(path: string, now?: number): CachedPage | undefined
  /** The cache generation: a page rendered in an older generation is not stored. */
  generation(): number
  /** Stores a rendered page unless the cache was emptied while it was being rendered. */
  store(path: string, page: Omit<CachedPage, 'storedAt'>, generation: number): void
  /** Empties the cache; tells the listeners unless `broadcast` is false (an invalidation received from another instance). */
  invalidate(options?: { broadcast?: boolean }): void
  /** Registers a function called on every local invalidation; returns its removal. */
  onInvalidated(listener: () => void): () => void
}

/** A page is served from the cache for at most this long, even without a publish. */
export const PAGE_CACHE_TTL_MS = 10 * 60 * 1000
/** At most this many paths are kept. */
const MAX_PAGES = 1000

/** A new, empty cache (the process uses one, `publicPageCache()`; tests make several). */
export function createPublicPageCache(): PublicPageCache {
  const pages = new Map<string, CachedPage>()
  const listeners = new Set<() => void>()
  let generation = 0
  return {
    get(path, now = Date.now()) {
      const page = pages.get(path)
      if (!page) return undefined
      if (now - page.storedAt > PAGE_CACHE_TTL_MS) {
        pages.delete(path)
        return undefined
      }
      return page
    },
    generation: () => generation,
    store(path, page, renderedIn) {
      if (renderedIn !== generation) return
      if (pages.size >= MAX_PAGES) {
        const oldest = pages.keys().next().value
        if (oldest !== undefined) pages.delete(oldest)
      }
      pages.set(path, { ...page, storedAt: Date.now() })
    },
    invalidate(options = {}) {
      pages.clear()
      generation += 1
      if (options.broadcast !== false) for (const listener of listeners) listener()
    },
    onInvalidated(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The process's cache (one per process, shared by the Astro middleware and the CMS hooks). */
export function publicPageCache(): PublicPageCache {
  processCache ??= createPublicPageCache()
  return processCache
}

let processCache: PublicPageCache | undefined

/** The cached copy of a path in the process's cache, when fresh. */
export function cachedPage(path: string, now = Date.now()): CachedPage | undefined {
  return publicPageCache().get(path, now)
}

/** The generation of the process's cache. */
export function cacheGeneration(): number {
  return publicPageCache().generation()
}

/** Stores a rendered page in the process's cache. */
export function storePage(path: string, page: Omit<CachedPage, 'storedAt'>, generation: number): void {
  publicPageCache().store(path, page, generation)
}

/** Empties the process's cache (a publish); tells the other instances through the registered listeners. */
export function invalidatePublicPages(options: { broadcast?: boolean } = {}): void {
  publicPageCache().invalidate(options)
}

/** Registers a function called on every local invalidation (the page-cache sync tells the other instances). */
export function onPublicPagesInvalidated(listener: () => void): () => void {
  return publicPageCache().onInvalidated(listener)
}

/** The pages that are the same for every anonymous visitor. */
const cacheablePaths = new Set([
  '/',
  '/prodotti',
  ...productSlugs.map((slug) => `/prodotti/${slug}`),
  ...legalSlugs.map((slug) => `/${slug}`),
  '/richiedi-enterprise',
])

/** A feed article (/bancadati/quotidiano/notizia/{year}/{month}/{slug}): an anonymous visitor gets the same preview. */
const articlePath = /^\/bancadati\/quotidiano\/notizia\/\d{4}\/\d{1,2}\/[a-z0-9]+(?:-[a-z0-9]+)*$/

/** True for a path whose HTML is the same for every anonymous visitor. */
export function isCacheablePath(pathname: string): boolean {
  const key = cacheKey(pathname)
  return cacheablePaths.has(key) || articlePath.test(key)
}

/** True for the address of a feed article. */
export function isArticlePath(pathname: string): boolean {
  return articlePath.test(cacheKey(pathname))
}

/** The cache key of a path (no trailing slash but for the root). */
function cacheKey(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/**
 * The server's fast path: answers a request straight from the process's cache
 * when `withPublicPageCache` would (anonymous GET or HEAD without a query
 * string on a cacheable path, page in the cache), before anything else is done
 * for it. `headers` are the answer's other headers (the server's security
 * headers), as name/value pairs; everything is written at once. Returns false
 * when the request is not answered.
 */
export function servePublicPageFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  headers: readonly string[] = [],
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const url = req.url ?? '/'
  if (url.includes('?') || !isCacheablePath(url) || hasSessionCookie(req.headers.cookie ?? null)) return false
  const hit = cachedPage(cacheKey(url))
  if (!hit) return false
  res.writeHead(hit.status, [
    ...headers,
    ...hit.headers.flat(),
    'x-cache',
    'HIT',
    'content-length',
    String(hit.body.length),
  ])
  res.end(req.method === 'HEAD' ? undefined : hit.body)
  return true
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
  const key = cacheKey(url.pathname)
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
