/**
 * 'Che contratto applico?': the contracts usually applied to an activity,
 * from the ATECO list (collection `ateco-codes`) and the ATECO
 * classifications of the categories. What the answer needs is read once
 * through Payload's local API and kept for a minute (an import of the list
 * empties it at once).
 */
import type { CollectionSlug, Payload, Where } from 'payload'
import { confederations, representativenessRank, type Confederation } from '../content/index.ts'
import { createCache } from '../platform/index.ts'
import type { AtecoLevel } from './codes.ts'
import { findByActivity, type Application, type AtecoEntry, type CategoryLink } from './match.ts'
import { presentFinderResult, type FinderAnswer } from './present.ts'

/** The longest a query is read. */
export const MAX_QUERY_LENGTH = 100

type Index = { entries: AtecoEntry[]; links: CategoryLink[]; sections: Map<string, string> }

const cache = createCache<Index>({ name: 'ateco', max: 1, ttl: 60_000, shared: true })

/** Empties the finder's cache (after an import of the ATECO list or of classifications). */
export function invalidateAtecoCache(): void {
  cache.clear()
}

async function cms(): Promise<Payload> {
  // Imported on demand: the CMS configuration imports modules that import this one.
  const { getCms } = await import('../cms/index.ts')
  return getCms()
}

type Doc = Record<string, unknown>

async function all(
  payload: Payload,
  collection: CollectionSlug,
  where: Where,
  select: string[],
): Promise<Doc[]> {
  const result = await payload.find({
    collection,
    where,
    depth: 0,
    pagination: false,
    limit: 0,
    select: Object.fromEntries(select.map((field) => [field, true])) as never,
    overrideAccess: true,
  })
  return result.docs as unknown as Doc[]
}

type RepresentativenessDoc = {
  representedAtCnel?: boolean | null
  employerSideAtCnel?: boolean | null
  unionSideAtCnel?: boolean | null
  confederations?: Partial<Record<Confederation, boolean | null>> | null
} | null

function rankOf(doc: RepresentativenessDoc | undefined): number {
  const facts = doc ?? {}
  return representativenessRank({
    representedAtCnel: Boolean(facts.representedAtCnel),
    employerSideAtCnel: Boolean(facts.employerSideAtCnel),
    unionSideAtCnel: Boolean(facts.unionSideAtCnel),
    confederations: confederations.filter((name) => Boolean(facts.confederations?.[name])),
  })
}

type ApplicationDoc = {
  employers?: number | null
  employees?: number | null
  source?: string | null
} | null

/** The contract's application figures, or null when the import loaded none. */
function applicationOf(doc: ApplicationDoc | undefined): Application | null {
  if (!doc || (doc.employers == null && doc.employees == null)) return null
  return { employers: doc.employers ?? null, employees: doc.employees ?? null, source: doc.source ?? null }
}

async function loadIndex(): Promise<Index> {
  const payload = await cms()
  const [codes, classifications, sectors] = await Promise.all([
    all(payload, 'ateco-codes', {}, ['code', 'title', 'level', 'section', 'parentCode', 'includes', 'order']),
    all(payload, 'classifications', { scheme: { equals: 'ATECO' } }, [
      'code',
      'categoryCode',
      'contractCode',
    ]),
    all(payload, 'sectors', {}, ['code', 'name']),
  ])
  const categoryCodes = [...new Set(classifications.map((doc) => Number(doc.categoryCode)))]
  const contractCodes = [...new Set(classifications.map((doc) => Number(doc.contractCode)))]
  const [categories, contracts, payTables, texts] =
    categoryCodes.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          all(payload, 'categories', { code: { in: categoryCodes } }, ['code', 'name', 'contractCode']),
          all(payload, 'contracts', { code: { in: contractCodes } }, [
            'code',
            'title',
            'cnelCode',
            'sectorCode',
            'representativeness',
            'application',
          ]),
          all(payload, 'pay-tables', { categoryCode: { in: categoryCodes } }, ['categoryCode']),
          all(payload, 'contract-texts', { contractCode: { in: contractCodes } }, ['contractCode']),
        ])
  const entries: AtecoEntry[] = codes
    .map((doc) => ({
      code: String(doc.code),
      title: String(doc.title ?? ''),
      level: doc.level as AtecoLevel,
      section: String(doc.section ?? ''),
      parentCode: (doc.parentCode as string | null) ?? null,
      includes: (doc.includes as string | null) ?? null,
      order: Number(doc.order ?? 0),
    }))
    .sort((left, right) => left.order - right.order || left.code.localeCompare(right.code))
  const sectionOfDivision = new Map(
    entries.filter((entry) => entry.level === 'divisione').map((entry) => [entry.code, entry.section]),
  )
  const sectorName = new Map(sectors.map((doc) => [Number(doc.code), String(doc.name ?? '')]))
  const categoryByCode = new Map(categories.map((doc) => [Number(doc.code), doc]))
  const contractByCode = new Map(contracts.map((doc) => [Number(doc.code), doc]))
  const tabled = new Set(payTables.map((doc) => Number(doc.categoryCode)))
  const texted = new Set(texts.map((doc) => Number(doc.contractCode)))
  const links: CategoryLink[] = classifications.flatMap((doc) => {
    const category = categoryByCode.get(Number(doc.categoryCode))
    const contract = contractByCode.get(Number(doc.contractCode))
    if (!category || !contract) return []
    const code = String(doc.code)
    const contractCode = Number(contract.code)
    return [
      {
        atecoCode: code,
        section: sectionOfDivision.get(code.slice(0, 2)) ?? null,
        category: { code: Number(category.code), name: String(category.name ?? '') },
        contract: {
          code: contractCode,
          title: String(contract.title ?? ''),
          cnelCode: (contract.cnelCode as string | null) ?? null,
          sectorCode: Number(contract.sectorCode),
          sectorName: sectorName.get(Number(contract.sectorCode)) ?? '',
          application: applicationOf(contract.application as ApplicationDoc),
        },
        rank: rankOf(contract.representativeness as RepresentativenessDoc),
        hasContent: tabled.has(Number(category.code)) || texted.has(contractCode),
      },
    ]
  })
  const sections = new Map(
    entries.filter((entry) => entry.level === 'sezione').map((entry) => [entry.code, entry.title]),
  )
  return { entries, links, sections }
}

/**
 * The ATECO codes a query names (a code such as 56.11.11, a prefix such as
 * 56.11 or 56, or words such as 'ristorante') and for each the contracts
 * usually applied, the leading one first, with the reason.
 */
export async function findContractsByActivity(options: { query: string }): Promise<FinderAnswer> {
  const query = options.query.trim().slice(0, MAX_QUERY_LENGTH)
  if (query === '') return presentFinderResult(findByActivity('', [], []), new Map())
  const index = await cache.get('index', loadIndex)
  return presentFinderResult(findByActivity(query, index.entries, index.links), index.sections)
}

/** How many ATECO codes are stored (the demo installation imports the shipped list when it holds fewer). */
export async function countAtecoCodes(payload?: Payload): Promise<number> {
  const target = payload ?? (await cms())
  const result = await target.count({ collection: 'ateco-codes', overrideAccess: true })
  return result.totalDocs
}
