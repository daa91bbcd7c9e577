/** Search over contracts, news and contract texts: one interface, a Postgres and a Typesense engine. */
import type { Payload } from 'payload'
import { getEnv } from '../platform/index.ts'
import { createSearchHooks } from './cms-hooks.ts'
import { createPostgresSearch } from './postgres.ts'
import { withResultCache, type CachedSearchIndex } from './result-cache.ts'

/** The index interface and the batches a rebuild reads. */
export type { SearchIndex, DocumentBatches } from './search-index.ts'
/** Documents, search options and results. */
export {
  newsTypes,
  searchKinds,
  type ContractEntry,
  type ContractHit,
  type NewsEntry,
  type NewsHit,
  type NewsResults,
  type NewsSearchOptions,
  type NewsScope,
  type NewsType,
  type PopularityEntry,
  type RemoveTarget,
  type ReindexReport,
  type SearchDocument,
  type SearchKind,
  type SectionHit,
  type TextSectionEntry,
} from './schemas.ts'
/** Pure mappings from content records (docs/data-format.md shapes) to search documents. */
export {
  contractEntries,
  cleanAliases,
  contentScore,
  newsEntry,
  textSections,
  NEWS_EXCERPT_LENGTH,
  type CategoryRecord,
  type ContractContent,
  type ContractRecord,
  type ContractTextRecord,
  type NavNode,
  type NewsRecord,
  type SectorRecord,
} from './documents.ts'
/** The start of a text cut at a word boundary, with an ellipsis when cut. */
export { excerptOf } from './text.ts'
/** The Postgres engine over a given pool (tests and scripts pass their own). */
export { createPostgresSearch } from './postgres.ts'
/** Search results kept in memory in front of either engine. */
export {
  withResultCache,
  type CachedSearchIndex,
  invalidateSearchResults,
  invalidateSearchResultsOnCommit,
  searchAnswerJson,
  SEARCH_CACHE_TTL_MS,
} from './result-cache.ts'
/** The per-address limit of every search route, API and pages (429 with the wait beyond it). */
export { countSearch } from './search-limit.ts'
/** The engine's time for each search it answers, told to listeners (the server's metrics). */
export { onSearchTimed, type TimedSearch } from './timing.ts'
/** The SQL of the search tables and functions, applied by the Payload migrations `20261122_235900_search` (v1), `20261127_075923_search_ranking` (v2) and `20261207_120000_search_free_text` (v3). */
export { searchSchemaV1, searchSchemaV2, searchSchemaV3 } from './sql.ts'
/** Reading the content collections: every index document, a full rebuild, the documents of records a bulk write changed. */
export { documentsFromCms, reindexAll, indexedCollections, SKIP_SEARCH_INDEX } from './cms-records.ts'
export {
  indexChanges,
  REBUILD_AFTER_CHANGES,
  type ContentChanges,
  type IndexChangesReport,
} from './index-changes.ts'
/** Generated documents at benchmark scale (100,000 news, 1,000 contracts, 5,000 categories). */
export { generateBenchmarkDocuments, type BenchmarkSize } from './benchmark-data.ts'

let instance: Promise<CachedSearchIndex> | undefined

/**
 * The process-wide search index: Typesense when TYPESENSE_URL is set,
 * otherwise Postgres through the pool of the given (or the process's) Payload instance.
 */
export function getSearch(payload?: Payload): Promise<CachedSearchIndex> {
  instance ??= (async () => {
    const env = getEnv()
    if (env.TYPESENSE_URL && env.TYPESENSE_API_KEY) {
      // Loaded only here: without TYPESENSE_URL the process never loads Typesense's client.
      const { createTypesenseClient, createTypesenseSearch } = await import('./typesense.ts')
      return withResultCache(
        createTypesenseSearch(
          createTypesenseClient({ url: env.TYPESENSE_URL, apiKey: env.TYPESENSE_API_KEY }),
        ),
      )
    }
    // Imported on demand: the CMS configuration itself imports this module for its hooks.
    const { getCms, poolOf } = await import('../cms/index.ts')
    return withResultCache(createPostgresSearch(poolOf(payload ?? (await getCms()))))
  })().catch((error: unknown) => {
    instance = undefined
    throw error
  })
  return instance
}

/** Collection hooks keeping the index in step with the content: `searchHooks.<collection>.afterChange|afterDelete`. */
export const searchHooks = createSearchHooks(getSearch)
