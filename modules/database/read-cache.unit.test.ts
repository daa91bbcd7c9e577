import { describe, expect, it } from 'vitest'
import { cachedRead, invalidateReadCache, READ_CACHE_TTL_MS } from './read-cache.ts'

describe('the read cache of the contract database', () => {
  it('loads a read once and serves it until the cache is emptied', async () => {
    invalidateReadCache()
    let loads = 0
    const load = async () => ({ loads: ++loads })
    expect(await cachedRead('contracts:all', load)).toEqual({ loads: 1 })
    expect(await cachedRead('contracts:all', load)).toEqual({ loads: 1 })
    invalidateReadCache()
    expect(await cachedRead('contracts:all', load)).toEqual({ loads: 2 })
  })

  it('loads again once the entry is older than the time limit', async () => {
    invalidateReadCache()
    let loads = 0
    const load = async () => ++loads
    const start = Date.now()
    await cachedRead('sectors', load, start)
    expect(await cachedRead('sectors', load, start + READ_CACHE_TTL_MS - 1)).toBe(1)
    expect(await cachedRead('sectors', load, start + READ_CACHE_TTL_MS)).toBe(2)
  })

  it('gives a failure to its callers and does not keep it', async () => {
    invalidateReadCache()
    let calls = 0
    const load = async () => {
      calls += 1
      if (calls === 1) throw new Error('non trovato')
      return 'tabella'
    }
    await expect(cachedRead('pay-table:1', load)).rejects.toThrow('non trovato')
    expect(await cachedRead('pay-table:1', load)).toBe('tabella')
  })
})
