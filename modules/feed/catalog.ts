/**
 * The lists the feed's filters use: sectors, contracts, categories and the
 * contract mapping (raccordo), in the specification's field names. The
 * records are kept in the feed's cache, which the catalogue collections'
 * hooks and every import empty.
 */
import type { Payload } from 'payload'
import type { Category, Contract, ContractMapping, Sector } from '../../cms/payload-types.ts'
import { feedCache } from './cache.ts'
import { cms } from './cms.ts'
import type { CategoryItem, ContractItem, MappingItem, SectorItem } from './schemas.ts'

/** Every record of a collection, read once and shared while the feed's cache keeps it. */
function all<T>(
  collection: 'sectors' | 'contracts' | 'categories' | 'contract-mappings',
  sort: string,
  payload?: Payload,
): Promise<T[]> {
  return feedCache.get(`all:${collection}:${sort}`, () => readAll<T>(collection, sort, payload))
}

async function readAll<T>(
  collection: 'sectors' | 'contracts' | 'categories' | 'contract-mappings',
  sort: string,
  payload?: Payload,
) {
  const instance = payload ?? (await cms())
  const found = await instance.find({
    collection,
    sort,
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs as unknown as T[]
}

/** Every sector, by name. */
export async function listSectors(payload?: Payload): Promise<SectorItem[]> {
  const sectors = await all<Sector>('sectors', 'name', payload)
  return sectors.map((sector) => ({ codiceSettore: sector.code, descrizioneSettore: sector.name }))
}

/** Every contract, by title. */
export async function listContracts(payload?: Payload): Promise<ContractItem[]> {
  const contracts = await all<Contract>('contracts', 'title', payload)
  return contracts.map((contract) => ({
    codiceContratto: contract.code,
    codiceSettore: contract.sectorCode ?? 0,
    descrizione: contract.shortTitle || contract.title,
    notaPubblicata: contract.noteHtml ?? null,
  }))
}

/** Every category with its contract and sector. */
export async function listCategories(payload?: Payload): Promise<CategoryItem[]> {
  const [categories, contracts, sectors] = await Promise.all([
    all<Category>('categories', 'name', payload),
    all<Contract>('contracts', 'title', payload),
    all<Sector>('sectors', 'name', payload),
  ])
  const contractByCode = new Map(contracts.map((contract) => [contract.code, contract]))
  const sectorByCode = new Map(sectors.map((sector) => [sector.code, sector]))
  return categories.flatMap((category) => {
    const contract = category.contractCode ? contractByCode.get(category.contractCode) : undefined
    const sector = contract?.sectorCode ? sectorByCode.get(contract.sectorCode) : undefined
    if (!contract || !sector) return []
    return [
      {
        codiceSettore: sector.code,
        codiceContratto: contract.code,
        codiceCategoria: category.code,
        descrizioneSettore: sector.name,
        descrizioneContratto: contract.shortTitle || contract.title,
        descrizioneCategoria: category.name,
      },
    ]
  })
}

/** The contract mapping: category code (codiceContrattoWerte) to contract code (codiceContrattoNuovo). */
export async function listContractMappings(payload?: Payload): Promise<MappingItem[]> {
  const rows = await all<ContractMapping>('contract-mappings', 'categoryCode', payload)
  return rows
    .filter((row) => row.categoryCode != null && row.contractCode != null)
    .map((row) => ({
      codiceContrattoWerte: row.categoryCode as number,
      codiceContrattoNuovo: row.contractCode as number,
    }))
}
