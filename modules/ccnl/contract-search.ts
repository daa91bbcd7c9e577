/** The contract search (names, categories, sectors and codes): runs for text longer than 3 characters. */
import { noRepresentativeness } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { getSearch, type ContractHit } from '../search/index.ts'
import { dashboardPath, listContracts, type Contract } from './catalog.ts'

/** Shortest text the search runs for is this many characters plus one. */
export const MIN_SEARCH_EXCLUSIVE = 3

/** True when the text is long enough to search (more than 3 characters). */
export const searchable = (value: string) => value.trim().length > MIN_SEARCH_EXCLUSIVE

/** The matching categories, best first: those of the leading contract before the next contract's. */
export async function searchContracts(value: string, limit = 50): Promise<ContractHit[]> {
  const query = value.trim()
  if (!searchable(query))
    throw new AppError('bad_request', it.database.errors.queryTooShort, { field: 'text' })
  return (await getSearch()).searchContracts(query, { limit })
}

/** A contract found by the search, with its sector and the categories that matched. */
export type ContractResult = {
  contract: Contract
  sectorName: string
  path: string
  categories: { code: number; name: string; path: string }[]
}

/** The categories read to group at most this many contracts. */
const GROUPED_CATEGORIES = 100

/**
 * The contracts the text finds, in ranking order (at most `limit`), each with
 * the categories that matched, in the search's order: the finder's results.
 */
export async function searchContractResults(value: string, limit = 20): Promise<ContractResult[]> {
  const [hits, contracts] = await Promise.all([searchContracts(value, GROUPED_CATEGORIES), listContracts()])
  const byCode = new Map(contracts.map((contract) => [contract.code, contract]))
  const results = new Map<number, ContractResult>()
  for (const hit of hits) {
    let result = results.get(hit.contractCode)
    if (!result) {
      if (results.size === limit) continue
      result = {
        contract: byCode.get(hit.contractCode) ?? contractOfHit(hit),
        sectorName: hit.sectorName,
        path: dashboardPath({ sectorCode: hit.sectorCode, contractCode: hit.contractCode }),
        categories: [],
      }
      results.set(hit.contractCode, result)
    }
    result.categories.push({ code: hit.categoryCode, name: hit.categoryName, path: dashboardPath(hit) })
  }
  return [...results.values()]
}

/** A contract the index knows and the catalogue not yet (an import in progress): what the hit says. */
const contractOfHit = (hit: ContractHit): Contract => ({
  code: hit.contractCode,
  sectorCode: hit.sectorCode,
  title: hit.contractTitle,
  shortTitle: hit.contractShortTitle ?? null,
  cnelCode: hit.cnelCode ?? null,
  noteHtml: null,
  firstFiledOn: null,
  expiresOn: null,
  signatories: { employer: [], union: [] },
  representativeness: noRepresentativeness,
})
