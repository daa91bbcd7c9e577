/**
 * The page cache: Astro's route caching (`Astro.cache.set({ maxAge, tags })`)
 * with this provider behind it (site/lib/page-cache.ts hands it to Astro). A
 * page is kept per address and access class: every anonymous visitor shares
 * one copy, every signed-in visitor of one class (kind, plan, trial notice,
 * payment notice, entitlements) another. The personal parts of a signed-in
 * page (name, e-mail, picture, bell, favourites) are server islands, fetched
 * by the browser for each visitor and never cached.
 *
 * Astro's built-in `memoryCache()` keys by address only and is reachable only
 * from a request (`Astro.cache.invalidate`); here the access class joins the
 * key, and a publish (the collections' hooks, the importer) empties the cache
 * by calling `invalidatePages()` directly. cache-sync.ts relays invalidations
 * to the other instances.
 */
import { LRUCache } from 'lru-cache'
import { accessOf } from '../access/index.ts'
import { hasSessionCookie, sessionOf } from '../accounts/index.ts'
import { legalSlugs, productSlugs } from './slugs.ts'

/** The access class of every visitor without a session cookie. */
const ANONYMOUS = 'anonymous'

/** The tag every cached page carries: a publish or an import empties them all. */
export const PAGES_TAG = 'pages'
/** A page is served from the cache for at most this long, even without a publish. */
export const PAGE_MAX_AGE_S = 600
/** /bancadati: its news blocks come from the feed's read cache (60 s), so the page lives half of that. */
const DATABASE_HOME_MAX_AGE_S = 30
/** At most this many pages (about 30 KB each) are kept. */
const MAX_PAGES = 2000

/** How long a page may be cached and under which tags (Astro's `cache.set` options). */
export type PageCacheRule = { maxAge: number; tags: string[] }

/** The pages that are the same for every anonymous visitor. */
const publicPaths = new Set([
  '/',
  '/prodotti',
  ...productSlugs.map((slug) => `/prodotti/${slug}`),
  ...legalSlugs.map((slug) => `/${slug}`),
  '/richiedi-enterprise',
])

/** A feed article (/bancadati/quotidiano/notizia/{year}/{month}/{slug}). */
const articlePath = /^\/bancadati\/quotidiano\/notizia\/\d{4}\/\d{1,2}\/[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The key of a kept page: its path (trimmed) and the access class it was rendered for. */
const pageKey = (path: string, accessClass: string) => `${path}\n${accessClass}`

/** A path without its trailing slash (but for the root). */
function trimmed(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/**
 * The caching of a page address (no query string: an address with one is
 * always rendered), undefined for pages that are never cached.
 */
export function pageCacheRule(pathname: string): PageCacheRule | undefined {
  const path = trimmed(pathname)
  if (publicPaths.has(path) || articlePath.test(path)) return { maxAge: PAGE_MAX_AGE_S, tags: [PAGES_TAG] }
  if (path === '/bancadati') return { maxAge: DATABASE_HOME_MAX_AGE_S, tags: [PAGES_TAG] }
  return undefined
}

/**
 * The class a request's page is shared in: 'anonymous' without a session
 * cookie, otherwise all a page reads of a signed-in visitor but their
 * personal strings. Undefined when the request must reach the page: the
 * session is unknown or needs a refreshed cookie, the social sign-up is not
 * complete, the database did not answer.
 */
export async function accessClassOf(request: Request): Promise<string | undefined> {
  if (!hasSessionCookie(request.headers.get('cookie'))) return ANONYMOUS
  try {
    const { session, setCookies } = await sessionOf(request)
    if (!session || setCookies.length > 0 || session.user.socialSetupPending) return undefined
    const { viewer, entitlements } = await accessOf(session.user)
    const { displayName: _name, email: _email, image: _image, ...shared } = viewer
    return JSON.stringify([shared, entitlements])
  } catch {
    return undefined
  }
}

/** The part of Astro's cache provider interface this provider implements (modules import no framework). */
export type PageCacheProvider = {
  name: string
  onRequest(context: { request: Request; url: URL }, next: () => Promise<Response>): Promise<Response>
  invalidate(options: { tags?: string | string[]; path?: string }): Promise<void>
}

/** A kept page: its bytes, status and headers (without Content-Length). */
export type CachedPage = {
  body: Uint8Array
  status: number
  headers: [string, string][]
  path: string
  tags: string[]
}

/** One instance's page cache. */
export type PageCache = PageCacheProvider & {
  /** Empties the pages carrying one of `tags` (all of them without); tells the listeners unless `broadcast` is false. */
  invalidatePages(options?: { tags?: string[]; path?: string; broadcast?: boolean }): void
  /**
   * The kept page an anonymous visitor (no session cookie) gets at `url`, for
   * the server to answer before the site's pipeline; undefined when the page
   * must be rendered (not kept yet, a query string, a signed-in visitor).
   */
  anonymousPage(url: string, cookieHeader: string | undefined): CachedPage | undefined
  /** Registers a function called on every local invalidation; returns its removal. */
  onInvalidated(listener: () => void): () => void
  /** Pages answered from the cache (`hits`) and rendered for it (`misses`) since the process started, and pages kept. */
  figures(): { hits: number; misses: number; size: number }
}

/** The `max-age` of Astro's CDN-Cache-Control header, in seconds (0 when absent). */
function maxAgeOf(response: Response): number {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(response.headers.get('cdn-cache-control') ?? '')
  return match ? Number(match[1]) : 0
}

/** A cached page as a new answer (the Response copies the bytes). */
function answer(page: CachedPage, state: 'HIT' | 'MISS'): Response {
  const headers = new Headers(page.headers)
  headers.set('x-cache', state)
  return new Response(page.body as Uint8Array<ArrayBuffer>, { status: page.status, headers })
}

/** A new, empty cache (the process uses one, `pageCache()`; tests make their own). */
export function createPageCache(
  options: { classOf?: (request: Request) => Promise<string | undefined> } = {},
) {
  const classOf = options.classOf ?? accessClassOf
  const pages = new LRUCache<string, CachedPage>({ max: MAX_PAGES })
  const listeners = new Set<() => void>()
  // A page rendered while the cache was emptied may hold the old data: it is not kept.
  let generation = 0
  let hits = 0
  let misses = 0

  function drop(tags: string[] | undefined, path: string | undefined): void {
    generation += 1
    if (!tags && !path) return pages.clear()
    for (const [key, page] of pages.entries()) {
      if ((tags && page.tags.some((tag) => tags.includes(tag))) || page.path === path) pages.delete(key)
    }
  }

  const cache: PageCache = {
    name: 'bancadati-pages',
    async onRequest({ request, url }, next) {
      if (request.method !== 'GET' || url.search !== '' || !pageCacheRule(url.pathname)) return next()
      const accessClass = await classOf(request)
      if (accessClass === undefined) return next()
      const path = trimmed(url.pathname)
      const key = pageKey(path, accessClass)
      const hit = pages.get(key)
      if (hit) {
        hits += 1
        return answer(hit, 'HIT')
      }
      misses += 1
      const renderedIn = generation
      const response = await next()
      const maxAge = maxAgeOf(response)
      const html = (response.headers.get('content-type') ?? '').includes('text/html')
      if (maxAge <= 0 || response.status !== 200 || !html || response.headers.has('set-cookie'))
        return response
      const headers = [...response.headers.entries()].filter(
        ([name]) => name !== 'content-length' && name !== 'cdn-cache-control' && name !== 'cache-tag',
      )
      const tags = (response.headers.get('cache-tag') ?? '').split(',').map((tag) => tag.trim())
      const page = { body: new Uint8Array(await response.arrayBuffer()), status: 200, headers, path, tags }
      if (renderedIn === generation) pages.set(key, page, { ttl: maxAge * 1000 })
      return answer(page, 'MISS')
    },
    anonymousPage(url, cookieHeader) {
      if (url.includes('?') || hasSessionCookie(cookieHeader) || !pageCacheRule(url)) return undefined
      // A page not kept yet goes on to the site's pipeline, where `onRequest` counts it.
      const page = pages.get(pageKey(trimmed(url), ANONYMOUS))
      if (page) hits += 1
      return page
    },
    async invalidate({ tags, path }) {
      cache.invalidatePages({ tags: tags === undefined ? undefined : [tags].flat(), path })
    },
    invalidatePages({ tags, path, broadcast = true } = {}) {
      drop(tags, path)
      if (broadcast) for (const listener of listeners) listener()
    },
    onInvalidated(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    figures: () => ({ hits, misses, size: pages.size }),
  }
  return cache
}

let processCache: PageCache | undefined

/** The process's page cache (one per process: Astro's provider, the CMS hooks and the importer share it). */
export function pageCache(): PageCache {
  processCache ??= createPageCache()
  return processCache
}

/** Astro's cache provider factory (`cache.provider` in astro.config.mjs): the process's cache. */
export function pageCacheProvider(): PageCacheProvider {
  return pageCache()
}

/**
 * Empties the process's cached pages (a publish, an import: every page
 * without `tags`) and tells the other instances through the registered
 * listeners unless `broadcast` is false.
 */
export function invalidatePages(options: { tags?: string[]; broadcast?: boolean } = {}): void {
  pageCache().invalidatePages(options)
}
