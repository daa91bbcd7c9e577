/**
 * The index follows the content collections: reads their records through
 * Payload's local API, maps them with documents.ts, and keeps the index in
 * step through collection hooks (published news only).
 */
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionSlug,
  Payload,
  PayloadRequest,
  Where,
} from 'payload'
import { z } from 'zod'
import { getLogger } from '../platform/index.ts'
import {
  contractEntries,
  newsEntry,
  textSections,
  type CategoryRecord,
  type ContractRecord,
  type NavNode,
  type SectorRecord,
} from './documents.ts'
import type { SearchIndex } from './search-index.ts'
import { newsTypes, type ContractEntry, type ReindexReport, type SearchDocument } from './schemas.ts'

/** Slugs of the collections the index reads. */
export const indexedCollections = {
  sectors: 'sectors',
  contracts: 'contracts',
  categories: 'categories',
  news: 'news',
  contractTexts: 'contract-texts',
} as const

/** Set `req.context[SKIP_SEARCH_INDEX] = true` on bulk writes that rebuild the index afterwards. */
export const SKIP_SEARCH_INDEX = 'skipSearchIndex'

const id = z.union([z.number(), z.string()])
/** A relationship value: an id (depth 0) or the related record (depth ≥ 1). */
const relation = z.union([id, z.object({ id, code: z.number().optional() }).loose()]).nullish()

const sectorDoc = z.object({ id, code: z.number().int(), name: z.string() }).loose()
const contractDoc = z
  .object({
    id,
    code: z.number().int(),
    title: z.string(),
    shortTitle: z.string().nullish(),
    cnelCode: z.string().nullish(),
    sector: relation,
    sectorCode: z.number().int().nullish(),
  })
  .loose()
const categoryDoc = z
  .object({
    id,
    code: z.number().int(),
    name: z.string(),
    contract: relation,
    contractCode: z.number().int().nullish(),
  })
  .loose()
const navNode: z.ZodType<NavNode> = z.lazy(() =>
  z.object({ text: z.string(), value: z.string(), children: z.array(navNode).nullish() }),
)
const newsDoc = z
  .object({
    id,
    guid: z.string().min(1),
    slug: z.string().min(1),
    title: z.string(),
    date: z.string(),
    type: z.enum(newsTypes),
    html: z.string().nullish(),
    sectors: z.array(relation).nullish(),
    contracts: z.array(relation).nullish(),
    _status: z.enum(['draft', 'published']).nullish(),
  })
  .loose()
const contractTextDoc = z
  .object({
    id,
    code: z.number().int(),
    title: z.string(),
    html: z.string().nullish(),
    nav: z.array(navNode).nullish(),
  })
  .loose()

type SectorDoc = z.infer<typeof sectorDoc>
type ContractDoc = z.infer<typeof contractDoc>
type CategoryDoc = z.infer<typeof categoryDoc>
type NewsDoc = z.infer<typeof newsDoc>
type Relation = z.infer<typeof relation>

const relationId = (value: Relation): number | string | undefined =>
  value === null || value === undefined ? undefined : typeof value === 'object' ? value.id : value

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day (Italian time) of a stored date. */
export function calendarDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Data non valida: ${value}`)
  return romeDay.format(date)
}

const hasCollection = (payload: Payload, slug: string): boolean => slug in payload.collections

type ReadOptions = { req?: PayloadRequest; where?: Where }

/** Every record of a collection matching `where`, read in pages of `pageSize` ordered by id. */
async function* readAll(
  payload: Payload,
  slug: string,
  pageSize: number,
  options: ReadOptions = {},
): AsyncGenerator<Record<string, unknown>[]> {
  let after: number | string | undefined
  for (;;) {
    const conditions: Where[] = []
    if (options.where) conditions.push(options.where)
    if (after !== undefined) conditions.push({ id: { greater_than: after } })
    const page = await payload.find({
      collection: slug as CollectionSlug,
      where: conditions.length > 0 ? { and: conditions } : {},
      sort: 'id',
      limit: pageSize,
      pagination: false,
      depth: 0,
      overrideAccess: true,
      ...(options.req ? { req: options.req } : {}),
    })
    const docs = page.docs as unknown as Record<string, unknown>[]
    if (docs.length === 0) return
    yield docs
    if (docs.length < pageSize) return
    after = docs.at(-1)?.id as number | string
  }
}

async function readList<T>(
  payload: Payload,
  slug: string,
  schema: z.ZodType<T>,
  options: ReadOptions = {},
): Promise<T[]> {
  const out: T[] = []
  for await (const docs of readAll(payload, slug, 1000, options))
    out.push(...docs.map((doc) => schema.parse(doc)))
  return out
}

/** Sectors and contracts by Payload id, to resolve relationships. */
type Lookup = { sectors: Map<string, SectorDoc>; contracts: Map<string, ContractDoc> }

type Ids = readonly (number | string)[]

/** Loads sectors and contracts: all of them, or only the given ids. */
async function loadLookup(
  payload: Payload,
  req?: PayloadRequest,
  only: { sectors?: Ids; contracts?: Ids } = {},
) {
  const read = async <T extends { id: number | string }>(
    slug: string,
    schema: z.ZodType<T>,
    ids: Ids | undefined,
  ) =>
    ids?.length === 0
      ? []
      : readList(payload, slug, schema, { req, where: ids ? { id: { in: [...ids] } } : undefined })
  const sectors = await read(indexedCollections.sectors, sectorDoc, only.sectors)
  const contracts = await read(indexedCollections.contracts, contractDoc, only.contracts)
  return {
    sectors: new Map(sectors.map((sector) => [String(sector.id), sector])),
    contracts: new Map(contracts.map((contract) => [String(contract.id), contract])),
  } satisfies Lookup
}

const idsOf = (values: readonly Relation[] | null | undefined): (number | string)[] =>
  [...new Set((values ?? []).map(relationId))].filter((value) => value !== undefined)

const sectorRecord = (sector: SectorDoc): SectorRecord => ({ code: sector.code, name: sector.name })

/** The contract-search entries of some categories; categories whose contract or sector is missing are skipped. */
function entriesOf(categories: readonly CategoryDoc[], lookup: Lookup): ContractEntry[] {
  const entries: ContractEntry[] = []
  for (const category of categories) {
    const contract = lookup.contracts.get(String(relationId(category.contract)))
    const sector = contract ? lookup.sectors.get(String(relationId(contract.sector))) : undefined
    if (!contract || !sector) continue
    const contractRecord: ContractRecord = {
      code: contract.code,
      sectorCode: sector.code,
      title: contract.title,
      shortTitle: contract.shortTitle,
      cnelCode: contract.cnelCode,
    }
    const categoryRecord: CategoryRecord = {
      code: category.code,
      contractCode: contract.code,
      name: category.name,
    }
    entries.push(
      ...contractEntries({
        sector: sectorRecord(sector),
        contract: contractRecord,
        categories: [categoryRecord],
      }),
    )
  }
  return entries
}

/** The codes of related records, from populated values or from ids looked up in `byId`. */
function codesOf(
  values: readonly Relation[] | null | undefined,
  byId: Map<string, { code: number }>,
): number[] {
  const codes: number[] = []
  for (const value of values ?? []) {
    const code =
      typeof value === 'object' && value !== null && typeof value.code === 'number'
        ? value.code
        : byId.get(String(relationId(value)))?.code
    if (code !== undefined) codes.push(code)
  }
  return codes
}

function newsDocumentOf(doc: NewsDoc, lookup: Lookup): SearchDocument {
  return newsEntry({
    guid: doc.guid,
    slug: doc.slug,
    title: doc.title,
    date: calendarDay(doc.date),
    type: doc.type,
    html: doc.html ?? '',
    sectorCodes: codesOf(doc.sectors, lookup.sectors),
    contractCodes: codesOf(doc.contracts, lookup.contracts),
  })
}

/** Whether the news collection keeps drafts (then only published items are indexed). */
const newsHasDrafts = (payload: Payload): boolean =>
  Boolean(payload.collections[indexedCollections.news as CollectionSlug]?.config.versions?.drafts)

/** Every document of the index, in batches, read from the content collections that exist. */
export async function* documentsFromCms(payload: Payload): AsyncGenerator<SearchDocument[]> {
  const haveTree = [indexedCollections.sectors, indexedCollections.contracts].every((slug) =>
    hasCollection(payload, slug),
  )
  const lookup: Lookup = haveTree ? await loadLookup(payload) : { sectors: new Map(), contracts: new Map() }

  if (haveTree && hasCollection(payload, indexedCollections.categories)) {
    for await (const docs of readAll(payload, indexedCollections.categories, 2000)) {
      yield entriesOf(
        docs.map((doc) => categoryDoc.parse(doc)),
        lookup,
      )
    }
  }
  if (hasCollection(payload, indexedCollections.news)) {
    const where: Where | undefined = newsHasDrafts(payload) ? { _status: { equals: 'published' } } : undefined
    for await (const docs of readAll(payload, indexedCollections.news, 1000, { where })) {
      yield docs.map((doc) => newsDocumentOf(newsDoc.parse(doc), lookup))
    }
  }
  if (hasCollection(payload, indexedCollections.contractTexts)) {
    for await (const docs of readAll(payload, indexedCollections.contractTexts, 50)) {
      yield docs.flatMap((doc) => {
        const text = contractTextDoc.parse(doc)
        return textSections({ code: text.code, title: text.title, html: text.html ?? '', nav: text.nav })
      })
    }
  }
}

/** Rebuilds the whole index from the content collections. */
export async function reindexAll(payload: Payload, search: SearchIndex): Promise<ReindexReport> {
  return search.reindex(documentsFromCms(payload))
}

type SearchProvider = (payload: Payload) => Promise<SearchIndex>

/** Logs a failed index update: the editor's change stands, and `npm run search:reindex` repairs the index. */
function reportFailure(collection: string, operation: string, error: unknown) {
  getLogger().error(
    { err: error, collection, operation },
    'Aggiornamento dell’indice di ricerca non riuscito: eseguire npm run search:reindex',
  )
}

const skip = (req: PayloadRequest) => req.context?.[SKIP_SEARCH_INDEX] === true

/** Re-reads and indexes the categories matching `where` (with their contracts and sectors). */
async function indexCategories(payload: Payload, req: PayloadRequest, search: SearchIndex, where: Where) {
  const categories = await readList(payload, indexedCollections.categories, categoryDoc, { req, where })
  if (categories.length === 0) return
  const lookup = await loadLookup(payload, req, {
    contracts: idsOf(categories.map((category) => category.contract)),
  })
  await search.upsert(entriesOf(categories, lookup))
}

/**
 * Collection hooks that keep the index in step with the content. Each value is
 * a `{ afterChange, afterDelete }` pair for the collection of the same name.
 */
export function createSearchHooks(getSearch: SearchProvider) {
  const guarded =
    <Args extends { req: PayloadRequest; collection: { slug: string } }>(
      operation: string,
      work: (args: Args, search: SearchIndex) => Promise<void>,
    ) =>
    async (args: Args) => {
      if (skip(args.req)) return
      try {
        await work(args, await getSearch(args.req.payload))
      } catch (error) {
        reportFailure(args.collection.slug, operation, error)
      }
    }

  const afterChange = (
    work: (args: Parameters<CollectionAfterChangeHook>[0], search: SearchIndex) => Promise<void>,
  ): CollectionAfterChangeHook => {
    const run = guarded('afterChange', work)
    return async (args) => {
      await run(args)
      return args.doc
    }
  }
  const afterDelete = (
    work: (args: Parameters<CollectionAfterDeleteHook>[0], search: SearchIndex) => Promise<void>,
  ): CollectionAfterDeleteHook => {
    const run = guarded('afterDelete', work)
    return async (args) => {
      await run(args)
      return args.doc
    }
  }

  return {
    sectors: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const sector = sectorDoc.parse(doc)
        const previous = sectorDoc.safeParse(previousDoc)
        if (previous.success && previous.data.code === sector.code && previous.data.name === sector.name)
          return
        const contracts = await readList(req.payload, indexedCollections.contracts, contractDoc, {
          req,
          where: { sector: { equals: sector.id } },
        })
        if (contracts.length === 0) return
        await indexCategories(req.payload, req, search, {
          contract: { in: contracts.map((contract) => contract.id) },
        })
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'contract', sectorCodes: [sectorDoc.parse(doc).code] })
      }),
    },
    contracts: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const contract = contractDoc.parse(doc)
        const previous = contractDoc.safeParse(previousDoc)
        if (previous.success && previous.data.code !== contract.code) {
          await search.remove({ kind: 'contract', contractCodes: [previous.data.code] })
        }
        await indexCategories(req.payload, req, search, { contract: { equals: contract.id } })
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'contract', contractCodes: [contractDoc.parse(doc).code] })
      }),
    },
    categories: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const category = categoryDoc.parse(doc)
        const previous = categoryDoc.safeParse(previousDoc)
        if (previous.success && previous.data.code !== category.code) {
          await search.remove({ kind: 'contract', categoryCodes: [previous.data.code] })
        }
        await indexCategories(req.payload, req, search, { id: { equals: category.id } })
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'contract', categoryCodes: [categoryDoc.parse(doc).code] })
      }),
    },
    news: {
      afterChange: afterChange(async ({ doc, req }, search) => {
        let item = newsDoc.parse(doc)
        if (item._status === 'draft') {
          // A draft saved over a published item leaves the published item in place.
          const current = await req.payload.findByID({
            collection: indexedCollections.news as CollectionSlug,
            id: item.id,
            draft: false,
            depth: 0,
            req,
            overrideAccess: true,
            disableErrors: true,
          })
          const published = newsDoc.safeParse(current)
          if (!published.success || published.data._status !== 'published') {
            await search.remove({ kind: 'news', guids: [item.guid] })
            return
          }
          item = published.data
        }
        const lookup = await loadLookup(req.payload, req, {
          sectors: idsOf(item.sectors),
          contracts: idsOf(item.contracts),
        })
        await search.upsert([newsDocumentOf(item, lookup)])
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'news', guids: [newsDoc.parse(doc).guid] })
      }),
    },
    contractTexts: {
      afterChange: afterChange(async ({ doc, previousDoc }, search) => {
        const text = contractTextDoc.parse(doc)
        const previous = contractTextDoc.safeParse(previousDoc)
        const stale = previous.success && previous.data.code !== text.code ? [previous.data.code] : []
        const sections = textSections({
          code: text.code,
          title: text.title,
          html: text.html ?? '',
          nav: text.nav,
        })
        if (sections.length === 0) stale.push(text.code)
        if (stale.length > 0) await search.remove({ kind: 'textSection', textCodes: stale })
        if (sections.length > 0) await search.upsert(sections)
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'textSection', textCodes: [contractTextDoc.parse(doc).code] })
      }),
    },
  }
}

/** Records whose index documents a bulk write (an import) changed, by natural key. */
export type ContentChanges = {
  sectorCodes: readonly number[]
  contractCodes: readonly number[]
  categoryCodes: readonly number[]
  newsGuids: readonly string[]
  textCodes: readonly number[]
}

/** What `indexChanges` did: nothing, the changed records' documents, or a rebuild of the whole index. */
export type IndexChangesReport = { mode: 'none' | 'changes' | 'rebuild'; documents: number }

/**
 * More changed records than this and `indexChanges` rebuilds the whole index
 * (one pass over every collection) instead of reading them back a list at a time.
 */
export const REBUILD_AFTER_CHANGES = 5000

/** Lists of at most `size` values (a `where … in` of reasonable length). */
function* slices<T>(values: readonly T[], size = 1000): Generator<T[]> {
  for (let start = 0; start < values.length; start += size) yield values.slice(start, start + size)
}

/**
 * Brings the index in step with records written without the collection hooks
 * (an import's bulk writes): the records are read back from the collections
 * and their documents replace the indexed ones (the categories of a changed
 * sector or contract with them; a news item no longer published and a text
 * without sections leave the index). Beyond REBUILD_AFTER_CHANGES records the
 * whole index is rebuilt.
 */
export async function indexChanges(
  payload: Payload,
  search: SearchIndex,
  changes: ContentChanges,
): Promise<IndexChangesReport> {
  const total =
    changes.sectorCodes.length +
    changes.contractCodes.length +
    changes.categoryCodes.length +
    changes.newsGuids.length +
    changes.textCodes.length
  if (total === 0) return { mode: 'none', documents: 0 }
  if (total > REBUILD_AFTER_CHANGES) {
    const report = await reindexAll(payload, search)
    return { mode: 'rebuild', documents: report.contracts + report.news + report.textSections }
  }
  let documents = 0
  const haveTree = [indexedCollections.sectors, indexedCollections.contracts].every((slug) =>
    hasCollection(payload, slug),
  )
  const categoryKeys = [
    ['sectorCode', changes.sectorCodes],
    ['contractCode', changes.contractCodes],
    ['code', changes.categoryCodes],
  ] as const
  if (haveTree && hasCollection(payload, indexedCollections.categories)) {
    for (const [field, codes] of categoryKeys) {
      for (const slice of slices(codes)) {
        const categories = await readList(payload, indexedCollections.categories, categoryDoc, {
          where: { [field]: { in: slice } },
        })
        if (categories.length === 0) continue
        const lookup = await loadLookup(payload, undefined, {
          contracts: idsOf(categories.map((category) => category.contract)),
        })
        const entries = entriesOf(categories, lookup)
        await search.upsert(entries)
        documents += entries.length
      }
    }
  }
  if (hasCollection(payload, indexedCollections.news)) {
    const published = newsHasDrafts(payload) ? { _status: { equals: 'published' } } : undefined
    for (const slice of slices(changes.newsGuids)) {
      const guids: Where = { guid: { in: slice } }
      const docs = await readList(payload, indexedCollections.news, newsDoc, {
        where: published ? { and: [guids, published] } : guids,
      })
      const lookup = await loadLookup(payload, undefined, {
        sectors: idsOf(docs.flatMap((doc) => doc.sectors ?? [])),
        contracts: idsOf(docs.flatMap((doc) => doc.contracts ?? [])),
      })
      const found = new Set(docs.map((doc) => doc.guid))
      const gone = slice.filter((guid) => !found.has(guid))
      if (gone.length > 0) await search.remove({ kind: 'news', guids: gone })
      if (docs.length > 0) await search.upsert(docs.map((doc) => newsDocumentOf(doc, lookup)))
      documents += docs.length
    }
  }
  if (hasCollection(payload, indexedCollections.contractTexts)) {
    for (const slice of slices(changes.textCodes, 50)) {
      const texts = await readList(payload, indexedCollections.contractTexts, contractTextDoc, {
        where: { code: { in: slice } },
      })
      const sections = texts.flatMap((text) =>
        textSections({ code: text.code, title: text.title, html: text.html ?? '', nav: text.nav }),
      )
      const withSections = new Set(sections.map((section) => section.textCode))
      const empty = slice.filter((code) => !withSections.has(code))
      if (empty.length > 0) await search.remove({ kind: 'textSection', textCodes: empty })
      if (sections.length > 0) await search.upsert(sections)
      documents += sections.length
    }
  }
  return { mode: 'changes', documents }
}
