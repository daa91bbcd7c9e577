/**
 * The public catalogue of the database: sectors, contracts, categories, the
 * contract mapping and the text types, the sector → contract → category tree,
 * and the addresses of a category's dashboard.
 */
import type { Where } from 'payload'
import { AppError } from '../platform/index.ts'
import {
  confederations,
  signatoryList,
  type Confederation,
  type Representativeness,
} from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { findAll, findOne } from './store.ts'
import { databaseCache } from './read-cache.ts'

export type Sector = { code: number; name: string }
export type Contract = {
  code: number
  sectorCode: number
  title: string
  shortTitle: string | null
  cnelCode: string | null
  noteHtml: string | null
  firstFiledOn: string | null
  expiresOn: string | null
  /** The signing organisations, employer side and union side, in the archive's order. */
  signatories: { employer: string[]; union: string[] }
  /** The CNEL archive's representativeness facts (`isMostRepresentative` of modules/content gives the badge). */
  representativeness: Representativeness
}
export type Category = { code: number; contractCode: number; sectorCode: number; name: string }

/** A category with its contract and sector (the list entries and search results). */
export type CategoryEntry = {
  sectorCode: number
  sectorName: string
  contractCode: number
  contractTitle: string
  contractShortTitle: string | null
  categoryCode: number
  categoryName: string
}

type SectorDoc = { code: number; name: string }
type ContractDoc = {
  code: number
  sectorCode?: number | null
  title: string
  shortTitle?: string | null
  cnelCode?: string | null
  noteHtml?: string | null
  firstFiledOn?: string | null
  expiresOn?: string | null
  employerSignatories?: string | null
  unionSignatories?: string | null
  representativeness?: {
    representedAtCnel?: boolean | null
    employerSideAtCnel?: boolean | null
    unionSideAtCnel?: boolean | null
    confederations?: Partial<Record<Confederation, boolean | null>> | null
  } | null
}
type CategoryDoc = { code: number; contractCode?: number | null; sectorCode?: number | null; name: string }

const toContract = (doc: ContractDoc): Contract => ({
  code: doc.code,
  sectorCode: doc.sectorCode ?? 0,
  title: doc.title,
  shortTitle: doc.shortTitle ?? null,
  cnelCode: doc.cnelCode ?? null,
  noteHtml: doc.noteHtml ?? null,
  firstFiledOn: doc.firstFiledOn ?? null,
  expiresOn: doc.expiresOn ?? null,
  signatories: {
    employer: signatoryList(doc.employerSignatories),
    union: signatoryList(doc.unionSignatories),
  },
  representativeness: {
    representedAtCnel: doc.representativeness?.representedAtCnel ?? false,
    employerSideAtCnel: doc.representativeness?.employerSideAtCnel ?? false,
    unionSideAtCnel: doc.representativeness?.unionSideAtCnel ?? false,
    confederations: confederations.filter((name) => doc.representativeness?.confederations?.[name]),
  },
})
const toCategory = (doc: CategoryDoc): Category => ({
  code: doc.code,
  contractCode: doc.contractCode ?? 0,
  sectorCode: doc.sectorCode ?? 0,
  name: doc.name,
})

export async function listSectors(): Promise<Sector[]> {
  const sectors = await databaseCache.get('sectors', async () => {
    const docs = await findAll<SectorDoc>('sectors', {}, { sort: 'name', select: { code: true, name: true } })
    return docs.map((doc) => ({ code: doc.code, name: doc.name }))
  })
  return [...sectors]
}

export async function listContracts(sectorCode?: number): Promise<Contract[]> {
  const where: Where = sectorCode === undefined ? {} : { sectorCode: { equals: sectorCode } }
  const contracts = await databaseCache.get(`contracts:${sectorCode ?? 'all'}`, async () =>
    (await findAll<ContractDoc>('contracts', where, { sort: 'title' })).map(toContract),
  )
  return [...contracts]
}

export async function listCategories(
  where: { contractCode?: number; codes?: readonly number[] } = {},
): Promise<Category[]> {
  const filter: Where =
    where.codes !== undefined
      ? { code: { in: where.codes.length > 0 ? where.codes : [-1] } }
      : where.contractCode !== undefined
        ? { contractCode: { equals: where.contractCode } }
        : {}
  const docs = await findAll<CategoryDoc>('categories', filter, {
    sort: 'code',
    select: { code: true, name: true, contractCode: true, sectorCode: true },
  })
  return docs.map(toCategory)
}

export async function getSector(code: number): Promise<Sector> {
  const doc = await findOne<SectorDoc>('sectors', { code: { equals: code } })
  if (!doc) throw new AppError('not_found', it.database.errors.sectorNotFound)
  return { code: doc.code, name: doc.name }
}

export async function getContract(code: number): Promise<Contract> {
  const doc = await findOne<ContractDoc>('contracts', { code: { equals: code } })
  if (!doc) throw new AppError('not_found', it.database.errors.contractNotFound)
  return toContract(doc)
}

export async function getCategory(code: number): Promise<Category> {
  const doc = await findOne<CategoryDoc>('categories', { code: { equals: code } })
  if (!doc) throw new AppError('not_found', it.database.errors.categoryNotFound)
  return toCategory(doc)
}

/** The categories with their contracts and sectors, in the order of `codes` (unknown codes skipped). */
export async function categoryEntries(codes: readonly number[]): Promise<CategoryEntry[]> {
  if (codes.length === 0) return []
  const categories = await listCategories({ codes })
  const contractCodes = [...new Set(categories.map((category) => category.contractCode))]
  const sectorCodes = [...new Set(categories.map((category) => category.sectorCode))]
  const [contracts, sectors] = await Promise.all([
    findAll<ContractDoc>('contracts', { code: { in: contractCodes } }),
    findAll<SectorDoc>('sectors', { code: { in: sectorCodes } }),
  ])
  const contractBy = new Map(contracts.map((doc) => [doc.code, doc]))
  const sectorBy = new Map(sectors.map((doc) => [doc.code, doc]))
  const categoryBy = new Map(categories.map((category) => [category.code, category]))
  return codes.flatMap((code) => {
    const category = categoryBy.get(code)
    const contract = category && contractBy.get(category.contractCode)
    const sector = category && sectorBy.get(category.sectorCode)
    if (!category || !contract || !sector) return []
    return [
      {
        sectorCode: sector.code,
        sectorName: sector.name,
        contractCode: contract.code,
        contractTitle: contract.title,
        contractShortTitle: contract.shortTitle ?? null,
        categoryCode: category.code,
        categoryName: category.name,
      },
    ]
  })
}

/** The address of a category's dashboard (or a contract's, without category). */
export function dashboardPath(entry: {
  sectorCode: number
  contractCode: number
  categoryCode?: number | null
}): string {
  const base = `/bancadati/0/${entry.sectorCode}/${entry.contractCode}`
  return entry.categoryCode ? `${base}/${entry.categoryCode}` : base
}

export type TreeSector = {
  code: number
  name: string
  contracts: { code: number; title: string; categories: { code: number; name: string; path: string }[] }[]
}

/** How long the tree is reused: editors' changes show within a minute. */
const TREE_TTL_MS = 60_000
let cachedTree: { at: number; tree: Promise<TreeSector[]> } | undefined

/** Sectors → contracts → categories, each level sorted by name (rebuilt at most once a minute). */
export function catalogTree(now = Date.now()): Promise<TreeSector[]> {
  if (!cachedTree || now - cachedTree.at > TREE_TTL_MS) {
    const tree = buildCatalogTree()
    cachedTree = { at: now, tree }
    tree.catch(() => {
      if (cachedTree?.tree === tree) cachedTree = undefined
    })
  }
  return cachedTree.tree
}

async function buildCatalogTree(): Promise<TreeSector[]> {
  const [sectors, contracts, categories] = await Promise.all([
    listSectors(),
    findAll<ContractDoc>(
      'contracts',
      {},
      { sort: 'title', select: { code: true, title: true, sectorCode: true } },
    ),
    listCategories(),
  ])
  const categoriesBy = new Map<number, Category[]>()
  for (const category of categories) {
    const list = categoriesBy.get(category.contractCode) ?? []
    list.push(category)
    categoriesBy.set(category.contractCode, list)
  }
  const contractsBy = new Map<number, TreeSector['contracts']>()
  for (const contract of contracts) {
    const sectorCode = contract.sectorCode ?? 0
    const list = contractsBy.get(sectorCode) ?? []
    list.push({
      code: contract.code,
      title: contract.title,
      categories: (categoriesBy.get(contract.code) ?? [])
        .sort((a, b) => a.name.localeCompare(b.name, 'it'))
        .map((category) => ({
          code: category.code,
          name: category.name,
          path: dashboardPath({ sectorCode, contractCode: contract.code, categoryCode: category.code }),
        })),
    })
    contractsBy.set(sectorCode, list)
  }
  return sectors
    .map((sector) => ({
      code: sector.code,
      name: sector.name,
      contracts: contractsBy.get(sector.code) ?? [],
    }))
    .filter((sector) => sector.contracts.length > 0)
}

/** A contract as the feed's filter panels list it: code, name (short title if any), sector. */
export type ContractOption = { code: number; name: string; sectorCode: number }

/** The contracts of a sector (or all), by title, in the filters' compact form; an unknown sector is not found. */
export async function contractOptions(sectorCode?: number): Promise<ContractOption[]> {
  if (sectorCode !== undefined && !(await listSectors()).some((sector) => sector.code === sectorCode)) {
    throw new AppError('not_found', it.database.errors.sectorNotFound)
  }
  return (await listContracts(sectorCode)).map((contract) => ({
    code: contract.code,
    name: contract.shortTitle || contract.title,
    sectorCode: contract.sectorCode,
  }))
}

/** A sector of the tree without its contracts: how many contracts and categories it holds. */
export type TreeSectorSummary = { code: number; name: string; contracts: number; categories: number }

/** Every sector of the tree with its counts (the collapsed tree). */
export async function catalogSectors(): Promise<TreeSectorSummary[]> {
  return (await catalogTree()).map((sector) => ({
    code: sector.code,
    name: sector.name,
    contracts: sector.contracts.length,
    categories: sector.contracts.reduce((sum, contract) => sum + contract.categories.length, 0),
  }))
}

/** One sector of the tree with its contracts and categories, or null when it has none. */
export async function catalogSector(code: number): Promise<TreeSector | null> {
  return (await catalogTree()).find((sector) => sector.code === code) ?? null
}

/** The tree filter acts from this many characters. */
export const TREE_FILTER_MIN = 3
/** A filtered tree shows at most this many categories. */
export const TREE_FILTER_MAX = 200

const folded = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()

/**
 * The tree limited to the categories whose description contains `text`
 * (case and accents ignored, from 3 characters), at most TREE_FILTER_MAX of
 * them; `more` says that further categories matched.
 */
export async function filterCatalogTree(text: string): Promise<{ sectors: TreeSector[]; more: boolean }> {
  const query = folded(text)
  if (query.length < TREE_FILTER_MIN) return { sectors: [], more: false }
  let left = TREE_FILTER_MAX
  let more = false
  const sectors: TreeSector[] = []
  for (const sector of await catalogTree()) {
    const contracts: TreeSector['contracts'] = []
    for (const contract of sector.contracts) {
      const categories = contract.categories.filter((category) => folded(category.name).includes(query))
      if (categories.length === 0) continue
      if (left <= 0) {
        more = true
        break
      }
      if (categories.length > left) more = true
      contracts.push({ ...contract, categories: categories.slice(0, left) })
      left -= Math.min(left, categories.length)
    }
    if (contracts.length > 0) sectors.push({ ...sector, contracts })
    if (more && left <= 0) break
  }
  return { sectors, more }
}

export type ContractMapping = { categoryCode: number; contractCode: number }

export async function listContractMappings(): Promise<ContractMapping[]> {
  const docs = await findAll<{ categoryCode?: number | null; contractCode?: number | null }>(
    'contract-mappings',
    {},
    { sort: 'categoryCode' },
  )
  return docs.map((doc) => ({ categoryCode: doc.categoryCode ?? 0, contractCode: doc.contractCode ?? 0 }))
}

export type TextType = { code: string; name: string }

export async function listTextTypes(): Promise<TextType[]> {
  const docs = await findAll<{ code: string; name: string }>('text-types', {}, { sort: 'code' })
  return docs.map((doc) => ({ code: doc.code, name: doc.name }))
}
