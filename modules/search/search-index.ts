import type {
  ContractHit,
  NewsResults,
  NewsSearchOptions,
  RemoveTarget,
  ReindexReport,
  SearchDocument,
  SectionHit,
} from './schemas.ts'

/** Batches of documents, as a full rebuild reads them. */
export type DocumentBatches = AsyncIterable<readonly SearchDocument[]> | Iterable<readonly SearchDocument[]>

/** The search index: one interface, a Postgres and a Typesense implementation. */
export type SearchIndex = {
  readonly engine: 'postgres' | 'typesense'
  /**
   * Adds or replaces documents. Contract entries are keyed by category code,
   * news by guid; the sections of a text replace every section of that text.
   */
  upsert(documents: readonly SearchDocument[]): Promise<void>
  /** Takes documents out of the index. */
  remove(target: RemoveTarget): Promise<void>
  /** Categories whose contract, category, sector name or code match the text; best first. */
  searchContracts(query: string, options?: { limit?: number }): Promise<ContractHit[]>
  /** News matching the text (or, with an empty text, every item) and the filters; by relevance then date. */
  searchNews(query: string, options?: NewsSearchOptions): Promise<NewsResults>
  /** Sections of one contract text containing the words, in document order. */
  searchInDocument(textCode: number, query: string, options?: { limit?: number }): Promise<SectionHit[]>
  /** Replaces the whole index with the given documents; searches keep answering from the old index meanwhile. */
  reindex(batches: DocumentBatches): Promise<ReindexReport>
}
