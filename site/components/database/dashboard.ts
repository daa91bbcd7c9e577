/** What a dashboard page needs: the contract, its categories, the category, the section, the favourite flag; logs the view. */
import {
  getCategory,
  getContract,
  getSector,
  isFavourite,
  listCategories,
  logView,
  type Reader,
} from '#modules/ccnl'
import { AppError } from '#modules/platform'
import { it } from '#modules/i18n'
import { contractSectionOf, parseDashboardPath, type Section } from './route.ts'

const sectionTitles: Record<Section['kind'], string> = {
  overview: it.database.dashboard.overview,
  news: it.database.dashboard.tiles.news.title,
  search: it.database.dashboard.searchInContract,
  text: it.database.dashboard.tiles.text.title,
  payTables: it.database.dashboard.tiles.payTables.title,
  summary: it.database.dashboard.tiles.summary.title,
  classifications: it.database.dashboard.tiles.classifications.title,
  territorial: it.database.dashboard.tiles.territorial.title,
  changes: it.database.dashboard.tiles.changes.title,
  arrears: it.database.dashboard.tiles.arrears.title,
  labourCost: it.database.dashboard.tiles.labourCost.title,
  redline: it.database.dashboard.tiles.redline.title,
}

async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null
    throw error
  }
}

export async function dashboardLoad(
  reader: Reader,
  sectorParam: string,
  contractParam: string,
  rest?: string,
) {
  const route = parseDashboardPath(sectorParam, contractParam, rest)
  if (!route) return null
  const [sector, contract] = await Promise.all([
    orNull(getSector(route.sectorCode)),
    orNull(getContract(route.contractCode)),
  ])
  if (!sector || !contract) return null
  if (contract.sectorCode !== sector.code) {
    return {
      redirect: `/bancadati/0/${contract.sectorCode}/${contract.code}${rest ? `/${rest}` : ''}`,
    } as const
  }
  let category = route.categoryCode === null ? null : await orNull(getCategory(route.categoryCode))
  if (route.categoryCode !== null && (!category || category.contractCode !== contract.code)) {
    // Not a category of this contract: a contract-level suffix such as /2 or /5.
    const section = contractSectionOf(rest)
    if (!section) return null
    route.section = section
    route.categoryCode = null
    category = null
  }
  const categories = await listCategories({ contractCode: contract.code })
  const userId = reader.user?.id ?? null
  const [favourite] = await Promise.all([
    category && userId ? isFavourite(userId, category.code) : false,
    category ? logView(userId, category.code) : undefined,
  ])
  const base = `/bancadati/0/${sector.code}/${contract.code}${category ? `/${category.code}` : ''}`
  const title = [sectionTitles[route.section.kind], contract.shortTitle ?? contract.title].join(' · ')
  return {
    redirect: null,
    sector,
    contract,
    category,
    categories,
    section: route.section,
    base,
    favourite,
    title,
  }
}
