import { afterEach, describe, expect, it, vi } from 'vitest'
import { readCache } from './read-cache.ts'

const TTL = 60_000
let names = 0
/** A fresh cache for each test (caches are kept per process by name). */
const fresh = (maxEntries = 10) => readCache(`test-${(names += 1)}`, { ttlMs: TTL, maxEntries })

afterEach(() => {
  vi.useRealTimers()
})

describe('read caches', () => {
  it('loads a read once and serves it until the cache is emptied', async () => {
    const cache = fresh()
    let loads = 0
    const load = async () => ({ loads: ++loads })
    expect(await cache.read('contracts:all', load)).toEqual({ loads: 1 })
    expect(await cache.read('contracts:all', load)).toEqual({ loads: 1 })
    cache.clear()
    expect(await cache.read('contracts:all', load)).toEqual({ loads: 2 })
  })

  it('shares one load between callers asking at the same time', async () => {
    const cache = fresh()
    let loads = 0
    const load = async () => ++loads
    const [first, second] = await Promise.all([cache.read('k', load), cache.read('k', load)])
    expect([first, second, loads]).toEqual([1, 1, 1])
  })

  it('loads again once the entry is older than the time limit', async () => {
    const cache = fresh()
    let loads = 0
    const load = async () => ++loads
    const start = Date.now()
    await cache.read('sectors', load, start)
    expect(await cache.read('sectors', load, start + TTL - 1)).toBe(1)
    expect(await cache.read('sectors', load, start + TTL)).toBe(2)
  })

  it('gives a failure to its callers and does not keep it', async () => {
    const cache = fresh()
    let calls = 0
    const load = async () => {
      calls += 1
      if (calls === 1) throw new Error('non trovato')
      return 'tabella'
    }
    await expect(cache.read('pay-table:1', load)).rejects.toThrow('non trovato')
    expect(await cache.read('pay-table:1', load)).toBe('tabella')
  })

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const cache = fresh(2)
    await cache.read('a', async () => 'a')
    await cache.read('b', async () => 'b')
    await cache.read('c', async () => 'c')
    expect(cache.size()).toBe(2)
    expect(await cache.read('a', async () => 'a again')).toBe('a again')
  })

  it('empties itself again after the settle time (a change committed later)', async () => {
    vi.useFakeTimers()
    const cache = fresh()
    cache.clear({ settle: 1000 })
    await cache.read('list', async () => 'old (read before the commit)')
    vi.advanceTimersByTime(1000)
    expect(await cache.read('list', async () => 'new')).toBe('new')
  })

  it('is one cache per name in the process', () => {
    const options = { ttlMs: TTL, maxEntries: 5 }
    expect(readCache('shared-name', options)).toBe(readCache('shared-name', options))
  })
})
