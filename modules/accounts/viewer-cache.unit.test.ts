import { afterEach, describe, expect, it } from 'vitest'
import { enableViewerCache, forgetViewers, viewerCache } from './viewer-cache.ts'

// The cache stays off until a test turns it on (as the server does at start): the off case runs first.
afterEach(() => {
  forgetViewers()
})

describe('sessions and subscriptions remembered for a few seconds', () => {
  it('reads the database every time until the server turns the cache on', async () => {
    let reads = 0
    const load = async () => ++reads
    await viewerCache.get('session:a', load)
    await viewerCache.get('session:a', load)
    expect(reads).toBe(2)
  })

  it('reuses a lookup once on, until a request that may change it empties the cache', async () => {
    enableViewerCache()
    let reads = 0
    const load = async () => ++reads
    expect(await viewerCache.get('subscription:u1', load)).toBe(1)
    expect(await viewerCache.get('subscription:u1', load)).toBe(1)
    forgetViewers()
    expect(await viewerCache.get('subscription:u1', load)).toBe(2)
  })

  it('does not keep what `keep` refuses (no session, a refreshed cookie)', async () => {
    enableViewerCache()
    let reads = 0
    const load = async () => ({ session: null, reads: ++reads })
    const keep = (found: { session: null }) => found.session !== null
    await viewerCache.get('session:gone', load, keep)
    expect((await viewerCache.get('session:gone', load, keep)).reads).toBe(2)
  })
})
