import type { ContractHit } from './schemas.ts'

/** A contract entry as both engines store it (snake_case columns or fields). */
export type StoredContractEntry = {
  category_code: number
  category_name: string
  contract_code: number
  contract_title: string
  contract_short_title?: string | null
  cnel_code?: string | null
  sector_code: number
  sector_name: string
}

/** The contract search hit of a stored entry, without empty optional fields. */
export function contractHitOf(entry: StoredContractEntry): ContractHit {
  const hit: ContractHit = {
    categoryCode: entry.category_code,
    categoryName: entry.category_name,
    contractCode: entry.contract_code,
    contractTitle: entry.contract_title,
    sectorCode: entry.sector_code,
    sectorName: entry.sector_name,
  }
  if (entry.contract_short_title) hit.contractShortTitle = entry.contract_short_title
  if (entry.cnel_code) hit.cnelCode = entry.cnel_code
  return hit
}
