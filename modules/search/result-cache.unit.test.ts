import { afterEach, describe, expect, it, vi } from 'vitest'
import { searchAnswerJson, invalidateSearchResults, withResultCache } from './result-cache.ts'
import type { SearchIndex } from './search-index.ts'
import { onSearchTimed, type TimedSearch } from './timing.ts'

/** An index that counts its searches and answers with the count. */
function countingIndex() {
  const calls = { contracts: 0, news: 0 }
  const index: SearchIndex = {
    engine: 'postgres',
    upsert: async () => undefined,
    remove: async () => undefined,
    reindex: async () => ({ contracts: 0, news: 0, textSections: 0 }),
    searchContracts: async () => {
      calls.contracts += 1
      return []
    },
    searchNews: async () => {
      calls.news += 1
      return { hits: [], hasMore: calls.news > 1 }
    },
    searchInDocument: async () => [],
  }
  return { index, calls }
}

afterEach(() => {
  invalidateSearchResults()
  vi.useRealTimers()
})

describe('search results kept in memory', () => {
  it('answers the same words and options from memory, other options from the index', async () => {
    const { index, calls } = countingIndex()
    const cached = withResultCache(index)
    await cached.searchNews('contratto', { type: 'news' })
    await cached.searchNews('contratto', { type: 'news' })
    expect(calls.news).toBe(1)
    await cached.searchNews('contratto', { type: 'deadline' })
    await cached.searchContracts('contratto')
    expect(calls).toEqual({ news: 2, contracts: 1 })
  })

  it('forgets every result when the index is written, and again once the writer has committed', async () => {
    vi.useFakeTimers()
    const { index, calls } = countingIndex()
    const cached = withResultCache(index)
    await cached.searchNews('rinnovo')
    await cached.upsert([])
    expect((await cached.searchNews('rinnovo')).hasMore).toBe(true)
    expect(calls.news).toBe(2)
    // A search between the write and its commit would keep the old answer: it is dropped a second later.
    vi.advanceTimersByTime(1000)
    await cached.searchNews('rinnovo')
    expect(calls.news).toBe(3)
  })

  it('keeps a serialised answer until the index changes, and never a failure', async () => {
    let builds = 0
    const build = async () => ({ builds: ++builds })
    const first = await searchAnswerJson('feed-text:rinnovo', build)
    expect(JSON.parse(new TextDecoder().decode(first))).toEqual({ builds: 1 })
    expect(await searchAnswerJson('feed-text:rinnovo', build)).toBe(first)
    await expect(
      searchAnswerJson('feed-text:ab', async () => {
        throw new Error('testo troppo corto')
      }),
    ).rejects.toThrow('testo troppo corto')
    await withResultCache(countingIndex().index).remove({ kind: 'news', guids: [] })
    expect(JSON.parse(new TextDecoder().decode(await searchAnswerJson('feed-text:rinnovo', build)))).toEqual({
      builds: 2,
    })
  })
})

describe('the engine’s search times', () => {
  it('are told for each search the engine answers, not for answers from memory, failures included', async () => {
    const { index } = countingIndex()
    const failing: SearchIndex = {
      ...index,
      searchInDocument: async () => {
        throw new Error('statement timeout')
      },
    }
    const cached = withResultCache(failing)
    const timed: TimedSearch[] = []
    const stop = onSearchTimed((search) => timed.push(search))
    try {
      await cached.searchNews('retribuzione')
      await cached.searchNews('retribuzione')
      await cached.uncached.searchContracts('commercio')
      await expect(cached.searchInDocument(12, 'ferie')).rejects.toThrow('statement timeout')
    } finally {
      stop()
    }
    expect(timed.map(({ engine, kind, failed }) => ({ engine, kind, failed }))).toEqual([
      { engine: 'postgres', kind: 'news', failed: false },
      { engine: 'postgres', kind: 'contracts', failed: false },
      { engine: 'postgres', kind: 'sections', failed: true },
    ])
    for (const search of timed) expect(search.seconds).toBeGreaterThanOrEqual(0)
    await cached.searchContracts('altro')
    expect(timed).toHaveLength(3)
  })
})
