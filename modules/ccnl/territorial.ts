/**
 * Territorial and company bargaining. Public: the regions (with provinces)
 * and companies a contract has documents for. Professional only: the texts
 * and pay tables themselves, and their lists.
 */
import { calendarDay, sanitizeHtml, visibleTree, type TreeNode } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { apiDate, findAll, findOne, treeOf } from './store.ts'
import { listTexts, type TextSummary } from './texts.ts'

export type Province = { codiceProvincia: string; codRegione: string; descrizione: string }
export type Region = { id: string; descrizione: string; province: Province[] }
export type Company = { idAzienda: number; descrizioneAzienda: string }

type PlaceDoc = { regionCode?: string | null; provinceCode?: string | null }

/** The regions (with their provinces) where a contract or one of its categories has territorial documents. */
export async function listRegions(contractCode: number, categoryCode?: number): Promise<Region[]> {
  const [texts, tables] = await Promise.all([
    findAll<PlaceDoc>(
      'contract-texts',
      { and: [{ contractCode: { equals: contractCode } }, { scope: { equals: 'territorial' } }] },
      { select: { regionCode: true, provinceCode: true } as Record<string, true> },
    ),
    findAll<PlaceDoc>(
      'territorial-pay-tables',
      categoryCode === undefined
        ? { and: [{ contractCode: { equals: contractCode } }, { provinceCode: { exists: true } }] }
        : { and: [{ categoryCode: { equals: categoryCode } }, { provinceCode: { exists: true } }] },
      { select: { provinceCode: true } as Record<string, true> },
    ),
  ])
  const provinceCodes = new Set<string>()
  const regionCodes = new Set<string>()
  for (const doc of [...texts, ...tables]) {
    if (doc.provinceCode) provinceCodes.add(doc.provinceCode)
    if (doc.regionCode) regionCodes.add(doc.regionCode)
  }
  const provinces = await findAll<{ code: string; name: string; regionCode?: string | null }>(
    'provinces',
    { code: { in: [...provinceCodes, '-'] } },
    { sort: 'name' },
  )
  for (const province of provinces) if (province.regionCode) regionCodes.add(province.regionCode)
  const regions = await findAll<{ code: string; name: string }>(
    'regions',
    { code: { in: [...regionCodes, '-'] } },
    { sort: 'name' },
  )
  return regions.map((region) => ({
    id: region.code,
    descrizione: region.name,
    province: provinces
      .filter((province) => province.regionCode === region.code)
      .map((province) => ({
        codiceProvincia: province.code,
        codRegione: region.code,
        descrizione: province.name,
      })),
  }))
}

/** The companies with company agreements or tables for a contract. */
export async function listCompanies(contractCode: number): Promise<Company[]> {
  const docs = await findAll<{ code: number; name: string }>(
    'companies',
    { contractCode: { equals: contractCode } },
    { sort: 'name' },
  )
  return docs.map((doc) => ({ idAzienda: doc.code, descrizioneAzienda: doc.name }))
}

/** Territorial texts of a region (including its provinces') or of one province. */
export async function territorialTexts(
  reader: Reader,
  contractCode: number,
  place: { regionCode: string } | { provinceCode: string },
): Promise<TextSummary[]> {
  assertCanRead(reader, 'territorial')
  return listTexts({ contractCode, scope: 'territorial', ...place })
}

/** Company texts. */
export async function companyTexts(reader: Reader, companyCode: number): Promise<TextSummary[]> {
  assertCanRead(reader, 'territorial')
  const company = await findOne<{ contractCode?: number | null }>('companies', {
    code: { equals: companyCode },
  })
  if (!company) return []
  return listTexts({ contractCode: company.contractCode ?? 0, scope: 'company', companyCode })
}

export type TerritorialTableEntry = { id: string; decorrenza: string; day: string; titolo: string }
type TableDoc = { code: string; title: string; effectiveDate: string; html?: string; nav?: unknown }

const entryOf = (doc: TableDoc): TerritorialTableEntry => ({
  id: doc.code,
  decorrenza: apiDate(doc.effectiveDate),
  day: calendarDay(doc.effectiveDate),
  titolo: doc.title,
})

/** The territorial pay tables of a category in a province, newest first. */
export async function provinceTables(
  reader: Reader,
  categoryCode: number,
  provinceCode: string,
): Promise<TerritorialTableEntry[]> {
  assertCanRead(reader, 'territorial')
  const docs = await findAll<TableDoc>(
    'territorial-pay-tables',
    { and: [{ categoryCode: { equals: categoryCode } }, { provinceCode: { equals: provinceCode } }] },
    {
      sort: '-effectiveDate',
      select: { code: true, title: true, effectiveDate: true } as Record<string, true>,
    },
  )
  return docs.map(entryOf)
}

/** The pay tables of a company, newest first. */
export async function companyTables(reader: Reader, companyCode: number): Promise<TerritorialTableEntry[]> {
  assertCanRead(reader, 'territorial')
  const docs = await findAll<TableDoc>(
    'territorial-pay-tables',
    { companyCode: { equals: companyCode } },
    {
      sort: '-effectiveDate',
      select: { code: true, title: true, effectiveDate: true } as Record<string, true>,
    },
  )
  return docs.map(entryOf)
}

/** One territorial pay table (`testo` is its HTML). */
export async function territorialTable(
  reader: Reader,
  code: string,
): Promise<TerritorialTableEntry & { testo: string }> {
  assertCanRead(reader, 'territorial')
  const doc = await findOne<TableDoc>('territorial-pay-tables', { code: { equals: code } })
  if (!doc) throw new AppError('not_found', it.database.errors.textNotFound)
  return { ...entryOf(doc), testo: sanitizeHtml(doc.html ?? '') }
}

/** The index tree of a territorial table (public). */
export async function territorialTableTree(code: string): Promise<TreeNode[]> {
  const doc = await findOne<TableDoc>('territorial-pay-tables', { code: { equals: code } })
  if (!doc) throw new AppError('not_found', it.database.errors.textNotFound)
  return visibleTree(treeOf(doc.nav))
}
