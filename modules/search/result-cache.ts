/**
 * Search results kept in memory for a short time, in front of either engine:
 * the same words asked again (a popular contract, a word of the day's news)
 * are answered without querying the index. Every write to the index empties
 * the cache of every instance (and again a second later, once the writer's
 * transaction has committed).
 */
import { createCache, type TransactionNotify } from '../platform/index.ts'
import type { SearchIndex } from './search-index.ts'
import { timedSearch } from './timing.ts'

/** How long a result is served from memory at most. */
export const SEARCH_CACHE_TTL_MS = 60_000

/**
 * At most this many entries. A news search asked through the API keeps only
 * its serialised answer (up to about 170 KB with 100 news and 100
 * deadlines); one asked by a page keeps its two result lists.
 */
const MAX_ENTRIES = 1000

/** Search results and serialised answers, by engine, kind, words and options; emptied in every instance on a write. */
export const searchCache = createCache({
  name: 'search',
  max: MAX_ENTRIES,
  ttl: SEARCH_CACHE_TTL_MS,
  shared: true,
})

/** Empties the cache of search results. */
export function invalidateSearchResults(): void {
  searchCache.clear({ settle: 1000 })
}

/**
 * Empties the cache here now and in every instance once the writer's
 * transaction commits (`notify` sends in it): an answer built from the
 * content read before the commit (a news item's text beside its index entry)
 * is not kept.
 */
export function invalidateSearchResultsOnCommit(notify: TransactionNotify): Promise<void> {
  return searchCache.clearOnCommit(notify)
}

/**
 * A JSON answer built from search results, serialised once and kept beside
 * them (the same index writes empty it): a long result list is not turned
 * into text again for every caller. A failure (a text too short) is not kept.
 */
export function searchAnswerJson(
  key: string,
  build: () => Promise<unknown>,
): Promise<Uint8Array<ArrayBuffer>> {
  return searchCache.get(JSON.stringify(['json', key]), async () =>
    new TextEncoder().encode(JSON.stringify(await build())),
  )
}

/**
 * An index answering from the cache, with the (timed) index behind it: answers kept
 * whole by `searchAnswerJson` read from `uncached`, so their results are not
 * kept a second time as objects.
 */
export type CachedSearchIndex = SearchIndex & { uncached: SearchIndex }

/** The index with its searches answered from the cache and its writes emptying it. */
export function withResultCache(index: SearchIndex): CachedSearchIndex {
  const key = (...parts: unknown[]) => JSON.stringify([index.engine, ...parts])
  const writing = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write()
    } finally {
      invalidateSearchResults()
    }
  }
  // The engine's searches, timed (modules/search/timing.ts).
  const timed: SearchIndex = {
    engine: index.engine,
    upsert: (documents) => index.upsert(documents),
    remove: (target) => index.remove(target),
    reindex: (batches) => index.reindex(batches),
    searchContracts: (query, options) =>
      timedSearch(index.engine, 'contracts', () => index.searchContracts(query, options)),
    searchNews: (query, options) => timedSearch(index.engine, 'news', () => index.searchNews(query, options)),
    searchInDocument: (textCode, query, options) =>
      timedSearch(index.engine, 'sections', () => index.searchInDocument(textCode, query, options)),
  }
  return {
    uncached: timed,
    engine: index.engine,
    upsert: (documents) => writing(() => index.upsert(documents)),
    remove: (target) => writing(() => index.remove(target)),
    reindex: (batches) => writing(() => index.reindex(batches)),
    searchContracts: (query, options = {}) =>
      searchCache.get(key('contracts', query, options), () => timed.searchContracts(query, options)),
    searchNews: (query, options = {}) =>
      searchCache.get(key('news', query, options), () => timed.searchNews(query, options)),
    searchInDocument: (textCode, query, options = {}) =>
      searchCache.get(key('sections', textCode, query, options), () =>
        timed.searchInDocument(textCode, query, options),
      ),
  }
}
