/**
 * Two instances of the portal on one database, each with its own page cache
 * and connection pool: a publish in /admin (a product page saved through
 * Payload) in one instance empties the other instance's cache within 2 s,
 * and an invalidation in the second reaches the first.
 */
import pg, { type Pool } from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureDemoSiteContent } from '../../dev/demo/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import {
  createPageCache,
  pageCache,
  PAGES_TAG,
  SETTLE_MS,
  startPageCacheSync,
  type PageCache,
  type PageCacheSync,
} from './index.ts'

/** An anonymous visitor's request for `path` through `cache`, rendered (and kept) when not cached. */
function visit(cache: PageCache, path: string, cacheable = true): Promise<Response> {
  const request = new Request(`http://localhost${path}`)
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' }
  if (cacheable) Object.assign(headers, { 'cdn-cache-control': 'max-age=600', 'cache-tag': PAGES_TAG })
  return cache.onRequest(
    { request, url: new URL(request.url) },
    async () => new Response('<p>pagina</p>', { headers }),
  )
}

/** True when `cache` holds the anonymous page of `path` (asked without keeping anything). */
async function holds(cache: PageCache, path: string): Promise<boolean> {
  return (await visit(cache, path, false)).headers.get('x-cache') === 'HIT'
}

let payload: Payload
let closeCms: () => Promise<void>
let otherPool: Pool
let other: PageCache
const syncs: PageCacheSync[] = []

/** Milliseconds until `done()` holds; fails after `limit`. */
async function elapsedUntil(done: () => Promise<boolean>, limit: number): Promise<number> {
  const start = performance.now()
  while (!(await done())) {
    if (performance.now() - start > limit) throw new Error(`non avvenuto entro ${limit} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return performance.now() - start
}

/** Waits until the settling passes of earlier invalidations are over. */
const settled = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 300))

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  closeCms = cms.close
  await ensureDemoSiteContent(payload)
  // The first instance: this process's cache, emptied by the CMS hooks and relayed by the CMS's start-up.
  // The second instance: a cache and a pool of its own on the same database.
  otherPool = new pg.Pool({ connectionString: getEnv().databaseUrl, max: 2 })
  other = createPageCache()
  syncs.push(await startPageCacheSync({ pool: otherPool, logger: getLogger(), cache: other }))
})

afterAll(async () => {
  for (const sync of syncs) await sync.close()
  await otherPool.end()
  await closeCms()
})

describe('page cache across instances', () => {
  it('a product page published in one instance empties the other instance within 2 s', async () => {
    await visit(other, '/prodotti/werte')
    expect(await holds(other, '/prodotti/werte')).toBe(true)
    const found = await payload.find({
      collection: 'product-pages',
      where: { slug: { equals: 'werte' } },
      limit: 1,
      overrideAccess: true,
    })
    const product = found.docs[0]
    expect(product).toBeDefined()
    await payload.update({
      collection: 'product-pages',
      id: product?.id as number,
      data: { title: `${String(product?.title)}` },
      overrideAccess: true,
    })
    const ms = await elapsedUntil(async () => !(await holds(other, '/prodotti/werte')), 2000)
    expect(ms).toBeLessThan(2000)
  })

  it('a page the other instance rendered before the commit is dropped by the second invalidation', async () => {
    await visit(other, '/')
    pageCache().invalidatePages()
    await elapsedUntil(async () => !(await holds(other, '/')), 2000)
    // Rendered after the notification, while the editor's transaction may not have committed yet.
    await visit(other, '/')
    expect(await holds(other, '/')).toBe(true)
    const ms = await elapsedUntil(async () => !(await holds(other, '/')), 2000)
    expect(ms).toBeGreaterThan(SETTLE_MS / 2)
    await settled()
  })

  it('an invalidation in the second instance reaches the first, and an instance ignores its own message', async () => {
    await settled()
    await visit(pageCache(), '/cookie-policy')
    other.invalidatePages()
    await elapsedUntil(async () => !(await holds(pageCache(), '/cookie-policy')), 2000)
    // Its own notification is ignored: once its settling pass is over, a page it keeps stays.
    await settled()
    await visit(other, '/cookie-policy')
    await settled()
    expect(await holds(other, '/cookie-policy')).toBe(true)
  })
})
