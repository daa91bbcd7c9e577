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
  createPublicPageCache,
  publicPageCache,
  SETTLE_MS,
  startPageCacheSync,
  type PageCacheSync,
  type PublicPageCache,
} from './index.ts'

const page = {
  body: new TextEncoder().encode('<p>pagina</p>'),
  headers: [] as [string, string][],
  status: 200,
}

let payload: Payload
let closeCms: () => Promise<void>
let otherPool: Pool
let other: PublicPageCache
const syncs: PageCacheSync[] = []

/** Milliseconds until `done()` holds; fails after `limit`. */
async function elapsedUntil(done: () => boolean, limit: number): Promise<number> {
  const start = performance.now()
  while (!done()) {
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
  const pool = (payload.db as unknown as { pool: Pool }).pool
  // The first instance: this process's cache, emptied by the CMS hooks.
  syncs.push(await startPageCacheSync({ pool, logger: getLogger() }))
  // The second instance: a cache and a pool of its own on the same database.
  otherPool = new pg.Pool({ connectionString: getEnv().databaseUrl, max: 2 })
  other = createPublicPageCache()
  syncs.push(await startPageCacheSync({ pool: otherPool, logger: getLogger(), cache: other }))
})

afterAll(async () => {
  for (const sync of syncs) await sync.close()
  await otherPool.end()
  await closeCms()
})

describe('page cache across instances', () => {
  it('a product page published in one instance empties the other instance within 2 s', async () => {
    other.store('/prodotti/werte', page, other.generation())
    expect(other.get('/prodotti/werte')).toBeDefined()
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
    const ms = await elapsedUntil(() => other.get('/prodotti/werte') === undefined, 2000)
    expect(ms).toBeLessThan(2000)
  })

  it('a page the other instance rendered before the commit is dropped by the second invalidation', async () => {
    const before = other.generation()
    publicPageCache().invalidate()
    await elapsedUntil(() => other.generation() > before, 2000)
    // Rendered after the notification, while the editor's transaction may not have committed yet.
    other.store('/', page, other.generation())
    expect(other.get('/')).toBeDefined()
    const ms = await elapsedUntil(() => other.get('/') === undefined, 2000)
    expect(ms).toBeGreaterThan(SETTLE_MS / 2)
    await settled()
  })

  it('an invalidation in the second instance reaches the first, and an instance ignores its own message', async () => {
    await settled()
    const own = publicPageCache()
    own.store('/cookie-policy', page, own.generation())
    const generation = other.generation()
    other.invalidate()
    await elapsedUntil(() => own.get('/cookie-policy') === undefined, 2000)
    // Its own notification is ignored: the invalidation, its immediate and its settling pass, no more.
    await settled()
    expect(other.generation() - generation).toBeLessThanOrEqual(3)
  })
})
