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
import { confederations, type Representativeness } from '../content/index.ts'
import { getLogger } from '../platform/index.ts'
import {
  contractEntries,
  type ContractContent,
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
  aliases: 'contract-aliases',
  payTables: 'pay-tables',
  summaries: 'summaries',
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
    representativeness: z
      .object({
        representedAtCnel: z.boolean().nullish(),
        employerSideAtCnel: z.boolean().nullish(),
        unionSideAtCnel: z.boolean().nullish(),
        confederations: z.record(z.string(), z.boolean().nullish()).nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose()
const aliasDoc = z
  .object({
    id,
    name: z.string(),
    cnelCode: z.string().nullish(),
    contract: relation,
    contractCode: z.number().int().nullish(),
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
type AliasDoc = z.infer<typeof aliasDoc>
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

/**
 * Sectors and contracts by Payload id, to resolve relationships; with the
 * contracts' everyday names and content when the entries are built.
 */
type Lookup = {
  sectors: Map<string, SectorDoc>
  contracts: Map<string, ContractDoc>
  signals?: Signals
}

/** The everyday names of contracts (by contract code and by CNEL code) and the contracts with content. */
type Signals = {
  byContract: Map<number, string[]>
  byCnel: Map<string, string[]>
  texts: Set<number>
  payTables: Set<number>
  summaries: Set<number>
}

const representativenessOf = (doc: ContractDoc): Representativeness | null => {
  const facts = doc.representativeness
  if (!facts) return null
  return {
    representedAtCnel: facts.representedAtCnel === true,
    employerSideAtCnel: facts.employerSideAtCnel === true,
    unionSideAtCnel: facts.unionSideAtCnel === true,
    confederations: confederations.filter((name) => facts.confederations?.[name] === true),
  }
}

/** The values of one numeric field of a collection's records matching `where`, read in large pages. */
async function fieldValues(
  payload: Payload,
  slug: string,
  field: string,
  options: ReadOptions = {},
): Promise<Set<number>> {
  const values = new Set<number>()
  if (!hasCollection(payload, slug)) return values
  for (let page = 1; ; page += 1) {
    const found = await payload.find({
      collection: slug as CollectionSlug,
      where: options.where ?? {},
      select: { [field]: true },
      sort: 'id',
      limit: 5000,
      page,
      depth: 0,
      overrideAccess: true,
      ...(options.req ? { req: options.req } : {}),
    })
    for (const doc of found.docs as unknown as Record<string, unknown>[]) {
      const value = doc[field]
      if (typeof value === 'number') values.add(value)
    }
    if (!found.hasNextPage) return values
  }
}

/**
 * The everyday names and content of contracts (all of them, or only those
 * given): names point at a contract directly or by its CNEL code, so names
 * imported before the contract (a CNEL import) apply once it exists.
 */
async function loadSignals(
  payload: Payload,
  contracts: readonly ContractDoc[] | 'all',
  req?: PayloadRequest,
): Promise<Signals> {
  const codes = contracts === 'all' ? undefined : contracts.map((contract) => contract.code)
  const cnelCodes =
    contracts === 'all'
      ? undefined
      : contracts.flatMap((contract) => (contract.cnelCode ? [contract.cnelCode] : []))
  const byCode = (field: string): Where | undefined =>
    codes ? { [field]: { in: codes.length > 0 ? codes : [-1] } } : undefined
  const aliasWhere: Where | undefined = codes
    ? {
        or: [
          { contractCode: { in: codes.length > 0 ? codes : [-1] } },
          ...(cnelCodes && cnelCodes.length > 0 ? [{ cnelCode: { in: cnelCodes } }] : []),
        ],
      }
    : undefined
  const [aliases, texts, payTables, summaries] = await Promise.all([
    hasCollection(payload, indexedCollections.aliases)
      ? readList(payload, indexedCollections.aliases, aliasDoc, { req, where: aliasWhere })
      : Promise.resolve([] as AliasDoc[]),
    fieldValues(payload, indexedCollections.contractTexts, 'contractCode', {
      req,
      where: byCode('contractCode'),
    }),
    fieldValues(payload, indexedCollections.payTables, 'contractCode', {
      req,
      where: byCode('contractCode'),
    }),
    fieldValues(payload, indexedCollections.summaries, 'contractCode', {
      req,
      where: byCode('contractCode'),
    }),
  ])
  const byContract = new Map<number, string[]>()
  const byCnel = new Map<string, string[]>()
  const add = <K>(map: Map<K, string[]>, key: K, name: string) =>
    map.set(key, [...(map.get(key) ?? []), name])
  for (const alias of aliases) {
    if (typeof alias.contractCode === 'number') add(byContract, alias.contractCode, alias.name)
    else if (alias.cnelCode) add(byCnel, alias.cnelCode.trim().toUpperCase(), alias.name)
  }
  return { byContract, byCnel, texts, payTables, summaries }
}

/** A contract's everyday names: those pointing at it and those naming its CNEL code. */
const aliasesOf = (signals: Signals, contract: ContractDoc): string[] => [
  ...(signals.byContract.get(contract.code) ?? []),
  ...(contract.cnelCode ? (signals.byCnel.get(contract.cnelCode.trim().toUpperCase()) ?? []) : []),
]

const contentOf = (signals: Signals, code: number): ContractContent => ({
  texts: signals.texts.has(code),
  payTables: signals.payTables.has(code),
  summaries: signals.summaries.has(code),
})

type Ids = readonly (number | string)[]

/** Loads sectors and contracts: all of them, or only the given ids; with `signals`, their names and content too. */
async function loadLookup(
  payload: Payload,
  req?: PayloadRequest,
  only: { sectors?: Ids; contracts?: Ids } = {},
  signals = false,
): Promise<Lookup> {
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
    ...(signals ? { signals: await loadSignals(payload, only.contracts ? contracts : 'all', req) } : {}),
  }
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
      representativeness: representativenessOf(contract),
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
        ...(lookup.signals
          ? {
              aliases: aliasesOf(lookup.signals, contract),
              content: contentOf(lookup.signals, contract.code),
            }
          : {}),
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
  const lookup: Lookup = haveTree
    ? await loadLookup(payload, undefined, {}, true)
    : { sectors: new Map(), contracts: new Map() }

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
  const lookup = await loadLookup(
    payload,
    req,
    { contracts: idsOf(categories.map((category) => category.contract)) },
    true,
  )
  await search.upsert(entriesOf(categories, lookup))
}

const contractCodeOf = (doc: unknown): number | undefined => {
  const code = (doc as { contractCode?: unknown } | null | undefined)?.contractCode
  return typeof code === 'number' ? code : undefined
}

/**
 * A record of a contract's content (text, pay table, summary) created, moved
 * to another contract or deleted: the contracts involved are indexed again
 * with their content score. An edit that keeps the contract changes nothing.
 */
async function indexContentChange(
  req: PayloadRequest,
  search: SearchIndex,
  operation: 'create' | 'update' | 'delete',
  doc: unknown,
  previousDoc?: unknown,
) {
  const now = contractCodeOf(doc)
  const before = operation === 'update' ? contractCodeOf(previousDoc) : undefined
  if (operation === 'update' && now === before) return
  const codes = [...new Set([now, before])].filter((code) => code !== undefined)
  if (codes.length === 0) return
  await indexCategories(req.payload, req, search, { contractCode: { in: codes } })
}

/** Indexes again the contracts that everyday names point at, directly or by CNEL code. */
async function indexAliasTargets(req: PayloadRequest, search: SearchIndex, aliases: readonly AliasDoc[]) {
  const ids = idsOf(aliases.map((alias) => alias.contract))
  const cnelCodes = [
    ...new Set(aliases.flatMap((alias) => (alias.cnelCode ? [alias.cnelCode.trim().toUpperCase()] : []))),
  ]
  if (cnelCodes.length > 0) {
    const named = await readList(req.payload, indexedCollections.contracts, contractDoc, {
      req,
      where: { cnelCode: { in: cnelCodes } },
    })
    ids.push(...named.map((contract) => contract.id))
  }
  if (ids.length === 0) return
  await indexCategories(req.payload, req, search, { contract: { in: [...new Set(ids)] } })
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

  const contentHooks = {
    afterChange: afterChange(async ({ doc, previousDoc, operation, req }, search) => {
      await indexContentChange(req, search, operation, doc, previousDoc)
    }),
    afterDelete: afterDelete(async ({ doc, req }, search) => {
      await indexContentChange(req, search, 'delete', doc)
    }),
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
      afterChange: afterChange(async ({ doc, previousDoc, operation, req }, search) => {
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
        await indexContentChange(req, search, operation, doc, previousDoc)
      }),
      afterDelete: afterDelete(async ({ doc, req }, search) => {
        await search.remove({ kind: 'textSection', textCodes: [contractTextDoc.parse(doc).code] })
        await indexContentChange(req, search, 'delete', doc)
      }),
    },
    /** A pay table added or removed changes its contract's content score. */
    payTables: contentHooks,
    /** A summary added or removed changes its contract's content score. */
    summaries: contentHooks,
    /** An everyday name added, changed or removed: the contracts it named and names are indexed again. */
    aliases: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const targets = [aliasDoc.parse(doc)]
        const previous = aliasDoc.safeParse(previousDoc)
        if (previous.success) targets.push(previous.data)
        await indexAliasTargets(req, search, targets)
      }),
      afterDelete: afterDelete(async ({ doc, req }, search) => {
        await indexAliasTargets(req, search, [aliasDoc.parse(doc)])
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
  /** Contracts named by their CNEL code (an everyday name stored before its contract). */
  contractCnelCodes?: readonly string[]
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
  const named = changes.contractCnelCodes ?? []
  if (named.length > 0 && hasCollection(payload, indexedCollections.contracts)) {
    const contracts = await readList(payload, indexedCollections.contracts, contractDoc, {
      where: { cnelCode: { in: [...named] } },
    })
    changes = {
      ...changes,
      contractCodes: [...new Set([...changes.contractCodes, ...contracts.map((c) => c.code)])],
    }
  }
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
        const lookup = await loadLookup(
          payload,
          undefined,
          { contracts: idsOf(categories.map((category) => category.contract)) },
          true,
        )
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
