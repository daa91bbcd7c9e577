/**
 * The content collections as the index reads them: their records through
 * Payload's local API (validated with zod), mapped with documents.ts into
 * index documents. The hooks (cms-hooks.ts) and bulk updates (index-changes.ts)
 * read through the same functions.
 */
import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'
import { z } from 'zod'
import { confederations, type Representativeness } from '../content/index.ts'
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

export const sectorDoc = z.object({ id, code: z.number().int(), name: z.string() }).loose()
export const contractDoc = z
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
export const aliasDoc = z
  .object({
    id,
    name: z.string(),
    cnelCode: z.string().nullish(),
    contract: relation,
    contractCode: z.number().int().nullish(),
  })
  .loose()
export const categoryDoc = z
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
export const newsDoc = z
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
export const contractTextDoc = z
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
export type AliasDoc = z.infer<typeof aliasDoc>
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

export const hasCollection = (payload: Payload, slug: string): boolean => slug in payload.collections

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

export async function readList<T>(
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
export async function loadLookup(
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

export const idsOf = (values: readonly Relation[] | null | undefined): (number | string)[] =>
  [...new Set((values ?? []).map(relationId))].filter((value) => value !== undefined)

const sectorRecord = (sector: SectorDoc): SectorRecord => ({ code: sector.code, name: sector.name })

/** The contract-search entries of some categories; categories whose contract or sector is missing are skipped. */
export function entriesOf(categories: readonly CategoryDoc[], lookup: Lookup): ContractEntry[] {
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

export function newsDocumentOf(doc: NewsDoc, lookup: Lookup): SearchDocument {
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
export const newsHasDrafts = (payload: Payload): boolean =>
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
