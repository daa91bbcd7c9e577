import { describe, expect, it } from 'vitest'
import { createPageCache, pageCacheRule, PAGES_TAG } from './page-cache.ts'

/** A page as Astro's pipeline hands it to the provider after `cache.set({ maxAge, tags })`. */
const rendered = (text: string, maxAge = 600) =>
  new Response(text, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cdn-cache-control': `max-age=${maxAge}`,
      'cache-tag': PAGES_TAG,
    },
  })

/** A cache whose access class is the request's `x-class` header (no header: never cached). */
function testCache() {
  const cache = createPageCache({ classOf: async (request) => request.headers.get('x-class') ?? undefined })
  let renders = 0
  const get = (path: string, accessClass: string | null = 'anonymous', init: RequestInit = {}) => {
    const request = new Request(`http://localhost${path}`, {
      ...init,
      headers: accessClass ? { 'x-class': accessClass } : {},
    })
    return cache.onRequest({ request, url: new URL(request.url) }, async () =>
      rendered(`pagina ${++renders}`),
    )
  }
  return { cache, get, renders: () => renders }
}

describe('page cache rules', () => {
  it('caches the pages alike for an access class: landing, products, legal pages, articles, /bancadati', () => {
    for (const path of [
      '/',
      '/prodotti/werte',
      '/prodotti/werte/',
      '/bancadati/quotidiano/notizia/2026/3/rinnovo-ccnl-commercio',
      '/bancadati',
    ])
      expect(pageCacheRule(path)?.tags, path).toEqual([PAGES_TAG])
    expect(pageCacheRule('/bancadati')?.maxAge).toBe(30)
    for (const path of [
      '/bancadati/quotidiano',
      '/bancadati/quotidiano/notizia/2026/3/Rinnovo',
      '/bancadati/quotidiano/notizia/2026/3/../../../profilo',
      '/profilo',
      '/_server-islands/UserMenu',
    ])
      expect(pageCacheRule(path), path).toBeUndefined()
  })
})

describe('page cache provider', () => {
  it('counts the pages answered from the cache and those rendered for it', async () => {
    const { cache, get } = testCache()
    await get('/prodotti/werte')
    await get('/prodotti/werte')
    expect(cache.anonymousPage('/prodotti/werte', undefined)?.status).toBe(200)
    expect(cache.anonymousPage('/prodotti/altro', undefined)).toBeUndefined()
    await get('/profilo')
    expect(cache.figures()).toEqual({ hits: 2, misses: 1, size: 1 })
  })

  it('renders a page once per access class and serves it again until a publish', async () => {
    const { cache, get } = testCache()
    expect((await get('/prodotti/werte')).headers.get('x-cache')).toBe('MISS')
    const hit = await get('/prodotti/werte')
    expect(hit.headers.get('x-cache')).toBe('HIT')
    expect(hit.headers.get('cdn-cache-control')).toBeNull()
    expect(await hit.text()).toBe('pagina 1')
    // Another class gets its own copy, never the anonymous one.
    expect(await (await get('/prodotti/werte', 'premium')).text()).toBe('pagina 2')
    expect(await (await get('/prodotti/werte', 'premium')).text()).toBe('pagina 2')
    expect(await (await get('/prodotti/werte')).text()).toBe('pagina 1')
    let told = 0
    cache.onInvalidated(() => (told += 1))
    cache.invalidatePages()
    expect(told).toBe(1)
    expect(await (await get('/prodotti/werte')).text()).toBe('pagina 3')
  })

  it('empties by tag through Astro’s invalidate, without telling the listeners twice', async () => {
    const { cache, get } = testCache()
    await get('/')
    await cache.invalidate({ tags: 'altro' })
    expect((await get('/')).headers.get('x-cache')).toBe('HIT')
    await cache.invalidate({ tags: [PAGES_TAG] })
    expect((await get('/')).headers.get('x-cache')).toBe('MISS')
  })

  it('always renders a query string, a form post, an unknown class, other pages and uncached answers', async () => {
    const { get, renders } = testCache()
    const requests: [string, string | null, RequestInit?][] = [
      ['/prodotti/werte?inviato=1', 'anonymous'],
      ['/richiedi-enterprise', 'anonymous', { method: 'POST', body: 'x' }],
      ['/', null],
      ['/profilo', 'premium'],
    ]
    for (const [path, accessClass, init] of requests) {
      await get(path, accessClass, init)
      await get(path, accessClass, init)
    }
    expect(renders()).toBe(8)
  })

  it('does not keep a page rendered while the cache was emptied', async () => {
    const cache = createPageCache({ classOf: async () => 'anonymous' })
    const request = new Request('http://localhost/')
    await cache.onRequest({ request, url: new URL(request.url) }, async () => {
      cache.invalidatePages({ broadcast: false })
      return rendered('vecchia')
    })
    const again = await cache.onRequest({ request, url: new URL(request.url) }, async () => rendered('nuova'))
    expect(await again.text()).toBe('nuova')
  })

  it('hands the server the anonymous copy of a kept page, and nothing for a session, a query or another page', async () => {
    const { cache, get } = testCache()
    expect(cache.anonymousPage('/prodotti/werte', undefined)).toBeUndefined()
    await get('/prodotti/werte')
    await get('/', 'premium')
    const page = cache.anonymousPage('/prodotti/werte/', 'consenso=1')
    expect(new TextDecoder().decode(page?.body)).toBe('pagina 1')
    expect(page?.headers).toContainEqual(['content-type', 'text/html; charset=utf-8'])
    expect(cache.anonymousPage('/prodotti/werte', 'consenso=1; bancadati.session_token=abc')).toBeUndefined()
    expect(cache.anonymousPage('/prodotti/werte?x=1', undefined)).toBeUndefined()
    // Only the signed-in class has the landing page: an anonymous visitor gets it rendered.
    expect(cache.anonymousPage('/', undefined)).toBeUndefined()
    cache.invalidatePages()
    expect(cache.anonymousPage('/prodotti/werte', undefined)).toBeUndefined()
  })
})
