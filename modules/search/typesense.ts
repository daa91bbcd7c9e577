/**
 * The Typesense search index, used when TYPESENSE_URL is set. Three
 * collections behind aliases (contracts, news, text sections); a rebuild fills
 * fresh collections and then moves the aliases, so searches never see a
 * half-built index. Request building and response mapping are pure functions,
 * tested against recorded responses.
 */
import {
  Client,
  Errors,
  type CollectionCreateSchema,
  type SearchParams,
  type SearchResponse,
} from 'typesense'
import type { DocumentBatches, SearchIndex } from './search-index.ts'
import {
  limitSchema,
  newsSearchOptionsSchema,
  searchDocumentSchema,
  type ContractEntry,
  type ContractHit,
  type PopularityEntry,
  type StoredEntry,
  type NewsEntry,
  type NewsResults,
  type NewsSearchFilters,
  type RemoveTarget,
  type ReindexReport,
  type SearchDocument,
  type SectionHit,
  type TextSectionEntry,
} from './schemas.ts'
import { excerptOf, MARK_END, MARK_START, markedToHtml } from './text.ts'
import { contractHitOf } from './hits.ts'

/** Prefix of the portal's aliases and collections. */
export const DEFAULT_PREFIX = 'bancadati_'

/** The alias each collection kind is searched through. */
export function typesenseAliases(prefix = DEFAULT_PREFIX) {
  return {
    contracts: `${prefix}contracts`,
    news: `${prefix}news`,
    sections: `${prefix}text_sections`,
  } as const
}
type Collection = keyof ReturnType<typeof typesenseAliases>

const italian = { type: 'string', locale: 'it', stem: true } as const

/**
 * The part of a news body every visitor may read, matched by the `free` scope. Optional: a
 * collection made before it gains the field at start (items indexed then are found by title in
 * that scope until `npm run search:reindex`).
 */
const FREE_BODY_FIELD = { name: 'free_body', ...italian, optional: true } as const

/** The collection schemas, named `name` (an alias target). */
export function collectionSchema(kind: Collection, name: string): CollectionCreateSchema {
  if (kind === 'contracts') {
    return {
      name,
      fields: [
        { name: 'category_code', type: 'int32', sort: true },
        { name: 'category_name', ...italian },
        { name: 'contract_code', type: 'int32', facet: true },
        { name: 'contract_title', ...italian },
        { name: 'contract_short_title', ...italian, optional: true },
        { name: 'cnel_code', type: 'string', optional: true },
        { name: 'sector_code', type: 'int32', facet: true },
        { name: 'sector_name', ...italian },
        { name: 'codes', type: 'string[]' },
        { name: 'aliases', type: 'string[]', locale: 'it', stem: true, optional: true },
        { name: 'ranking', type: 'int32', sort: true },
        { name: 'views', type: 'int32', sort: true },
      ],
    }
  }
  if (kind === 'news') {
    return {
      name,
      fields: [
        { name: 'title', ...italian },
        { name: 'body', ...italian },
        FREE_BODY_FIELD,
        { name: 'date', type: 'int64', sort: true },
        { name: 'day', type: 'string', index: false, optional: true },
        { name: 'type', type: 'string', facet: true },
        { name: 'sector_codes', type: 'int32[]', facet: true },
        { name: 'contract_codes', type: 'int32[]', facet: true },
        { name: 'slug', type: 'string', index: false, optional: true },
        { name: 'excerpt', type: 'string', index: false, optional: true },
      ],
      default_sorting_field: 'date',
    }
  }
  return {
    name,
    fields: [
      { name: 'text_code', type: 'int32', facet: true },
      { name: 'position', type: 'int32', sort: true },
      { name: 'anchor', type: 'string', index: false, optional: true },
      { name: 'heading', ...italian },
      { name: 'body', ...italian },
    ],
  }
}

export type TypesenseContract = {
  id: string
  category_code: number
  category_name: string
  contract_code: number
  contract_title: string
  contract_short_title?: string
  cnel_code?: string
  sector_code: number
  sector_name: string
  codes: string[]
  aliases: string[]
  /** Representativeness (0-4) × 4 + content (0-3): the order of entries matching equally well. */
  ranking: number
  /** The contract's use (views of its categories, last 90 days). */
  views: number
}
export type TypesenseNews = {
  id: string
  title: string
  body: string
  free_body: string
  date: number
  day: string
  type: NewsEntry['type']
  sector_codes: number[]
  contract_codes: number[]
  slug: string
  excerpt: string
}
export type TypesenseSection = {
  id: string
  text_code: number
  position: number
  anchor: string
  heading: string
  body: string
}

/** Seconds since the epoch of a calendar day at midnight UTC (Typesense sorts and filters numbers). */
export const dayToSeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000

/** The ranking signal of an entry: representativeness first, content second. */
export const rankingOf = (entry: Pick<ContractEntry, 'representativeness' | 'content'>): number =>
  (entry.representativeness ?? 0) * 4 + (entry.content ?? 0)

export function contractDocument(entry: ContractEntry, views = 0): TypesenseContract {
  const document: TypesenseContract = {
    id: String(entry.categoryCode),
    category_code: entry.categoryCode,
    category_name: entry.categoryName,
    contract_code: entry.contractCode,
    contract_title: entry.contractTitle,
    sector_code: entry.sectorCode,
    sector_name: entry.sectorName,
    codes: [
      String(entry.categoryCode),
      String(entry.contractCode),
      ...(entry.cnelCode ? [entry.cnelCode] : []),
    ],
    aliases: entry.aliases ?? [],
    ranking: rankingOf(entry),
    views,
  }
  if (entry.contractShortTitle) document.contract_short_title = entry.contractShortTitle
  if (entry.cnelCode) document.cnel_code = entry.cnelCode
  return document
}

export function newsDocument(entry: NewsEntry): TypesenseNews {
  return {
    id: entry.guid,
    title: entry.title,
    body: entry.text,
    free_body: entry.freeText,
    date: dayToSeconds(entry.date),
    day: entry.date,
    type: entry.type,
    sector_codes: entry.sectorCodes,
    contract_codes: entry.contractCodes,
    slug: entry.slug,
    excerpt: entry.excerpt,
  }
}

export function sectionDocument(entry: TextSectionEntry): TypesenseSection {
  return {
    id: `${entry.textCode}-${entry.position}`,
    text_code: entry.textCode,
    position: entry.position,
    anchor: entry.anchor,
    heading: entry.heading,
    body: entry.text,
  }
}

const MAX_QUERY_LENGTH = 200
const cleanQuery = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH)
const contractLimit = limitSchema(20, 100)
const sectionLimit = limitSchema(50, 200)

/** Search parameters of the contract search. */
export function contractSearchParams(query: string, limit: number): SearchParams<TypesenseContract> {
  return {
    q: cleanQuery(query),
    query_by: 'codes,aliases,contract_title,contract_short_title,category_name,sector_name',
    query_by_weights: '8,6,4,4,4,1',
    // Codes are matched exactly (or as a prefix), names with up to two typos.
    num_typos: '0,2,2,2,2,1',
    prefix: true,
    typo_tokens_threshold: 1,
    drop_tokens_threshold: 0,
    // Relevance in a few bands; within a band the representativeness and content, then the use.
    sort_by: '_text_match(buckets: 4):desc,ranking:desc,views:desc',
    highlight_fields: 'none',
    limit,
  }
}

const numberList = (values: readonly number[]) =>
  `[${values.map((value) => String(Math.trunc(value))).join(',')}]`

/** The `filter_by` expression of the news filters, or undefined when there are none. */
export function newsFilterBy(filters: NewsSearchFilters): string | undefined {
  const parts: string[] = []
  if (filters.type) parts.push(`type:=${filters.type}`)
  if (filters.sectorCode) parts.push(`sector_codes:=${numberList([filters.sectorCode])}`)
  if (filters.contractCode) parts.push(`contract_codes:=${numberList([filters.contractCode])}`)
  if (filters.from) parts.push(`date:>=${dayToSeconds(filters.from)}`)
  if (filters.to) parts.push(`date:<=${dayToSeconds(filters.to)}`)
  return parts.length > 0 ? parts.join(' && ') : undefined
}

/** Search parameters of the news search: relevance in two buckets, then the newest first. */
export function newsSearchParams(query: string, filters: NewsSearchFilters): SearchParams<TypesenseNews> {
  const text = cleanQuery(query)
  const filterBy = newsFilterBy(filters)
  return {
    q: text === '' ? '*' : text,
    // The free scope never matches the paid part of a body.
    query_by: filters.scope === 'free' ? 'title,free_body' : 'title,body',
    query_by_weights: '3,1',
    prefix: true,
    typo_tokens_threshold: 1,
    drop_tokens_threshold: 0,
    sort_by: text === '' ? 'date:desc' : '_text_match(buckets: 2):desc,date:desc',
    ...(filterBy ? { filter_by: filterBy } : {}),
    exclude_fields: 'body,free_body',
    highlight_fields: 'none',
    offset: filters.offset,
    limit: filters.limit,
  }
}

/** Search parameters of the in-document search. */
export function sectionSearchParams(
  textCode: number,
  query: string,
  limit: number,
): SearchParams<TypesenseSection> {
  return {
    q: cleanQuery(query),
    query_by: 'heading,body',
    prefix: true,
    typo_tokens_threshold: 1,
    drop_tokens_threshold: 0,
    filter_by: `text_code:=${Math.trunc(textCode)}`,
    sort_by: 'position:asc',
    highlight_fields: 'body',
    highlight_start_tag: MARK_START,
    highlight_end_tag: MARK_END,
    highlight_affix_num_tokens: 16,
    snippet_threshold: 40,
    limit,
  }
}

/** Contract hits of a search response, in the engine's order. */
export function contractHitsFrom(response: SearchResponse<TypesenseContract>): ContractHit[] {
  return (response.hits ?? []).map(({ document }) => contractHitOf(document))
}

/** News hits of a search response, and whether more follow the requested page. */
export function newsResultsFrom(
  response: SearchResponse<TypesenseNews>,
  filters: NewsSearchFilters,
): NewsResults {
  const hits = (response.hits ?? []).map(({ document }) => ({
    guid: document.id,
    slug: document.slug,
    title: document.title,
    excerpt: document.excerpt,
    date: document.day,
    type: document.type,
    sectorCodes: document.sector_codes,
    contractCodes: document.contract_codes,
  }))
  return { hits, hasMore: response.found > filters.offset + hits.length }
}

/** In-document hits of a search response: the body's snippet with the matches marked. */
export function sectionHitsFrom(response: SearchResponse<TypesenseSection>): SectionHit[] {
  return (response.hits ?? []).map((hit) => {
    const { document } = hit
    const snippet =
      hit.highlight?.body?.snippet ??
      hit.highlights?.find((highlight) => highlight.field === 'body')?.snippet ??
      excerptOf(document.body, 240)
    return {
      textCode: document.text_code,
      anchor: document.anchor,
      heading: document.heading,
      highlight: markedToHtml(snippet),
    }
  })
}

/** The `filter_by` expression selecting the contract entries to remove, or undefined for none. */
export function contractRemovalFilter(
  target: Extract<RemoveTarget, { kind: 'contract' }>,
): string | undefined {
  const parts: string[] = []
  if (target.categoryCodes?.length) parts.push(`category_code:${numberList(target.categoryCodes)}`)
  if (target.contractCodes?.length) parts.push(`contract_code:${numberList(target.contractCodes)}`)
  if (target.sectorCodes?.length) parts.push(`sector_code:${numberList(target.sectorCodes)}`)
  return parts.length > 0 ? parts.join(' || ') : undefined
}

export type TypesenseOptions = { url: string; apiKey: string }

/** The official client configured for the portal. */
export function createTypesenseClient(options: TypesenseOptions): Client {
  return new Client({
    nodes: [{ url: options.url.replace(/\/$/, '') }],
    apiKey: options.apiKey,
    connectionTimeoutSeconds: 5,
    numRetries: 2,
    logLevel: 'warn',
  })
}

const IMPORT_BATCH = 1000

/**
 * The search index stored in a Typesense server (or cluster). `prefix` names
 * its aliases and collections, so tests can work beside the portal's index.
 */
export function createTypesenseSearch(client: Client, options: { prefix?: string } = {}): SearchIndex {
  const aliases = typesenseAliases(options.prefix)
  let ready: Promise<void> | undefined

  /** Gives a news collection made before the free scope its `free_body` field. */
  const addFreeBody = async (name: string) => {
    const { fields } = await client.collections(name).retrieve()
    if (!fields?.some((field) => field.name === FREE_BODY_FIELD.name))
      await client.collections(name).update({ fields: [FREE_BODY_FIELD] })
  }

  /** Creates each missing collection and its alias (first use of an empty server); adds fields new since. */
  const ensureCollections = () => {
    ready ??= (async () => {
      const existing = new Map(
        (await client.aliases().retrieve()).aliases.map((alias) => [alias.name, alias.collection_name]),
      )
      for (const kind of Object.keys(aliases) as Collection[]) {
        const alias = aliases[kind]
        const current = existing.get(alias)
        if (current) {
          if (kind === 'news') await addFreeBody(current)
          continue
        }
        const name = `${alias}_${Date.now()}`
        await client.collections().create(collectionSchema(kind, name))
        await client.aliases().upsert(alias, { collection_name: name })
      }
    })().catch((error: unknown) => {
      ready = undefined
      throw error
    })
    return ready
  }

  const importInto = async (collection: string, documents: readonly object[]) => {
    for (let i = 0; i < documents.length; i += IMPORT_BATCH) {
      await client
        .collections(collection)
        .documents()
        .import(documents.slice(i, i + IMPORT_BATCH) as Record<string, unknown>[], { action: 'upsert' })
    }
  }

  /**
   * The use of each contract, as last handed over: written into the contract
   * documents (a rebuild or an editor's change keeps it) until the next figures.
   */
  let views = new Map<number, number>()
  const contractDocuments = (entries: readonly StoredEntry[]) =>
    entries.map((entry) => contractDocument(entry, views.get(entry.contractCode) ?? 0))

  const split = (documents: readonly SearchDocument[]) => {
    const contracts: StoredEntry[] = []
    const news: NewsEntry[] = []
    const sections: TextSectionEntry[] = []
    let popularity: PopularityEntry | undefined
    for (const raw of documents) {
      const document = searchDocumentSchema.parse(raw)
      if (document.kind === 'contract') contracts.push(document)
      else if (document.kind === 'news') news.push(document)
      else if (document.kind === 'popularity') popularity = document
      else sections.push(document)
    }
    return { contracts, news, sections, popularity }
  }

  /** Takes new figures of use and writes them into the contract documents of `collection`. */
  const writePopularity = async (collection: string, entry: PopularityEntry) => {
    const previous = views
    views = new Map(
      entry.contracts.filter((item) => item.views > 0).map((item) => [item.contractCode, item.views]),
    )
    const documents = client.collections<{ views: number }>(collection).documents()
    for (const code of previous.keys()) {
      if (!views.has(code))
        await documents.update({ views: 0 }, { filter_by: `contract_code:=${Math.trunc(code)}` })
    }
    for (const [code, count] of views) {
      if (previous.get(code) !== count)
        await documents.update({ views: count }, { filter_by: `contract_code:=${Math.trunc(code)}` })
    }
  }

  const deleteSectionsOf = async (collection: string, textCodes: readonly number[]) => {
    if (textCodes.length === 0) return
    await client
      .collections(collection)
      .documents()
      .delete({ filter_by: `text_code:${numberList(textCodes)}` })
  }

  return {
    engine: 'typesense',

    async upsert(documents) {
      await ensureCollections()
      const { contracts, news, sections, popularity } = split(documents)
      if (popularity) await writePopularity(aliases.contracts, popularity)
      await importInto(aliases.contracts, contractDocuments(contracts))
      await importInto(aliases.news, news.map(newsDocument))
      await deleteSectionsOf(aliases.sections, [...new Set(sections.map((section) => section.textCode))])
      await importInto(aliases.sections, sections.map(sectionDocument))
    },

    async remove(target) {
      await ensureCollections()
      if (target.kind === 'contract') {
        const filter = contractRemovalFilter(target)
        if (filter) await client.collections(aliases.contracts).documents().delete({ filter_by: filter })
      } else if (target.kind === 'news') {
        for (const guid of target.guids) {
          try {
            await client.collections(aliases.news).documents(guid).delete()
          } catch (error) {
            if (!(error instanceof Errors.ObjectNotFound)) throw error
          }
        }
      } else {
        await deleteSectionsOf(aliases.sections, target.textCodes)
      }
    },

    async searchContracts(query, options = {}) {
      if (cleanQuery(query) === '') return []
      await ensureCollections()
      const response = await client
        .collections<TypesenseContract>(aliases.contracts)
        .documents()
        .search(contractSearchParams(query, contractLimit.parse(options.limit)))
      return contractHitsFrom(response)
    },

    async searchNews(query, options = {}) {
      const filters = newsSearchOptionsSchema.parse(options)
      await ensureCollections()
      const response = await client
        .collections<TypesenseNews>(aliases.news)
        .documents()
        .search(newsSearchParams(query, filters))
      return newsResultsFrom(response, filters)
    },

    async searchInDocument(textCode, query, options = {}) {
      if (cleanQuery(query) === '') return []
      await ensureCollections()
      const response = await client
        .collections<TypesenseSection>(aliases.sections)
        .documents()
        .search(sectionSearchParams(textCode, query, sectionLimit.parse(options.limit)))
      return sectionHitsFrom(response)
    },

    async reindex(batches: DocumentBatches): Promise<ReindexReport> {
      await ensureCollections()
      const stamp = Date.now()
      const fresh = {
        contracts: `${aliases.contracts}_${stamp}`,
        news: `${aliases.news}_${stamp}`,
        sections: `${aliases.sections}_${stamp}`,
      }
      const report: ReindexReport = { contracts: 0, news: 0, textSections: 0 }
      for (const kind of Object.keys(fresh) as Collection[]) {
        await client.collections().create(collectionSchema(kind, fresh[kind]))
      }
      try {
        for await (const batch of batches) {
          const { contracts, news, sections, popularity } = split(batch)
          if (popularity) views = new Map(popularity.contracts.map((item) => [item.contractCode, item.views]))
          await importInto(fresh.contracts, contractDocuments(contracts))
          await importInto(fresh.news, news.map(newsDocument))
          await importInto(fresh.sections, sections.map(sectionDocument))
          report.contracts += contracts.length
          report.news += news.length
          report.textSections += sections.length
        }
      } catch (error) {
        for (const name of Object.values(fresh)) await client.collections(name).delete()
        throw error
      }
      for (const kind of Object.keys(fresh) as Collection[]) {
        const alias = aliases[kind]
        const previous = await client.aliases(alias).retrieve()
        await client.aliases().upsert(alias, { collection_name: fresh[kind] })
        if (previous.collection_name !== fresh[kind])
          await client.collections(previous.collection_name).delete()
      }
      return report
    },
  }
}
