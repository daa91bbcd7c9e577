import { afterEach, describe, expect, it, vi } from 'vitest'
import { CACHE_CHANNEL, cacheFigures, createCache } from './cache.ts'

let names = 0
/** A fresh cache for each test (caches are kept per process by name). */
const fresh = (max = 10, ttl = 60_000) => createCache({ name: `test-${(names += 1)}`, max, ttl })

afterEach(() => {
  vi.useRealTimers()
})

describe('in-memory caches', () => {
  it('counts hits (a kept value, a load in flight) and misses (a load, a computation)', async () => {
    const cache = fresh()
    const figures = () => cacheFigures().find((entry) => entry.name === `test-${names}`)
    let loads = 0
    const load = async () => ++loads
    await Promise.all([cache.get('a', load), cache.get('a', load)])
    await cache.get('a', load)
    await cache.get('b', load)
    cache.memo('c', () => 1)
    cache.memo('c', () => 2)
    expect(figures()).toEqual({ name: `test-${names}`, hits: 3, misses: 3, size: 3 })
  })

  it('loads a value once and serves it until the cache is emptied', async () => {
    const cache = fresh()
    let loads = 0
    const load = async () => ({ loads: ++loads })
    expect(await cache.get('contracts:all', load)).toEqual({ loads: 1 })
    expect(await cache.get('contracts:all', load)).toEqual({ loads: 1 })
    cache.clear()
    expect(await cache.get('contracts:all', load)).toEqual({ loads: 2 })
  })

  it('shares one load between callers asking at the same time', async () => {
    const cache = fresh()
    let loads = 0
    const load = async () => ++loads
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)])
    expect([first, second, loads]).toEqual([1, 1, 1])
  })

  it('loads again once the entry is older than the time limit', async () => {
    const cache = fresh(10, 40)
    let loads = 0
    const load = async () => ++loads
    await cache.get('sectors', load)
    expect(await cache.get('sectors', load)).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(await cache.get('sectors', load)).toBe(2)
  })

  it('gives a failure to its callers and does not keep it', async () => {
    const cache = fresh()
    let calls = 0
    const load = async () => {
      calls += 1
      if (calls === 1) throw new Error('non trovato')
      return 'tabella'
    }
    await expect(cache.get('pay-table:1', load)).rejects.toThrow('non trovato')
    expect(await cache.get('pay-table:1', load)).toBe('tabella')
  })

  it('does not keep a value its caller refuses (nothing found yet)', async () => {
    const cache = fresh()
    let loads = 0
    const load = async () => (++loads === 1 ? null : 'pubblicato')
    const found = (value: string | null) => value !== null
    expect(await cache.get('article:x', load, found)).toBeNull()
    expect(await cache.get('article:x', load, found)).toBe('pubblicato')
    expect(await cache.get('article:x', load, found)).toBe('pubblicato')
    expect(loads).toBe(2)
  })

  it('gives a load under way to its callers when emptied meanwhile, without keeping it', async () => {
    const cache = fresh()
    let release = (_value: string) => undefined as void
    const slow = cache.get('list', () => new Promise<string>((resolve) => (release = resolve)))
    cache.clear()
    release('old (read before the change)')
    expect(await slow).toBe('old (read before the change)')
    expect(await cache.get('list', async () => 'new')).toBe('new')
  })

  it('keeps at most its number of entries, dropping the least recently used', async () => {
    const cache = fresh(2)
    await cache.get('a', async () => 'a')
    await cache.get('b', async () => 'b')
    await cache.get('c', async () => 'c')
    expect(cache.size()).toBe(2)
    expect(await cache.get('a', async () => 'a again')).toBe('a again')
  })

  it('empties itself again after the settle time (a change committed later)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const cache = fresh()
    cache.clear({ settle: 1000 })
    await cache.get('list', async () => 'old (read before the commit)')
    vi.advanceTimersByTime(1000)
    expect(await cache.get('list', async () => 'new')).toBe('new')
  })

  it('remembers the answers of a pure function, at most its number of entries', () => {
    const cache = createCache<string>({ name: 'test-memo', max: 2 })
    let computed = 0
    const upper = (text: string) => cache.memo(text, () => (computed++, text.toUpperCase()))
    expect([upper('ccnl'), upper('ccnl'), upper('livello')]).toEqual(['CCNL', 'CCNL', 'LIVELLO'])
    expect(computed).toBe(2)
    upper('decorrenza')
    upper('ccnl')
    expect(computed).toBe(4)
  })

  it('is one cache per name in the process', () => {
    expect(createCache({ name: 'shared-name', max: 5 })).toBe(createCache({ name: 'shared-name', max: 5 }))
  })

  it('empties itself at once and sends the message naming it through the writer’s transaction', async () => {
    const name = `test-${(names += 1)}`
    const shared = createCache({ name, max: 10, ttl: 60_000, shared: true })
    await shared.get('k', async () => 1)
    const sent: [string, string][] = []
    await shared.clearOnCommit(async (channel, payload) => void sent.push([channel, payload]))
    expect(shared.size()).toBe(0)
    // No sender in the message: every instance, the writer's too, empties its cache once committed.
    expect(sent).toEqual([[CACHE_CHANNEL, JSON.stringify({ name })]])
  })

  it('sends nothing for a cache of this process only', async () => {
    const own = fresh()
    await own.get('k', async () => 1)
    const sent: string[] = []
    await own.clearOnCommit(async (_channel, payload) => void sent.push(payload))
    expect(own.size()).toBe(0)
    expect(sent).toEqual([])
  })
})
