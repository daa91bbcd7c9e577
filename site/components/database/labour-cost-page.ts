/**
 * The cost of labour page's form (/costo-lavoro, a GET form that works
 * without JavaScript, with the API's parameter names): its choices (levels of
 * the table, decorrenze, the contract's classification, apprentice years),
 * the values shown (the query's, else the contract's defaults), the level's
 * calculation, every level side by side, and every error by its field.
 */
import { getContractTerms, getPayTable, listEffectiveDates, type Category, type Reader } from '#modules/ccnl'
import { getCms } from '#modules/cms'
import { calendarDay, inpsClassifications, sizeBands, type LabourCostTerms } from '#modules/content'
import {
  createLabourCost,
  labourCostQueryString,
  queryNames,
  readLabourCostQuery,
  type CategoryLabourCost,
  type LabourCostQuery,
  type LevelLabourCost,
} from '#modules/labour-cost'
import { formatDecimal, labourCost as t } from '#modules/i18n'
import { AppError } from '#modules/platform'

type Option = { value: string; label: string }

export type LabourCostForm = {
  levels: Option[]
  effectiveDates: Option[]
  classifications: Option[]
  bands: Option[]
  apprenticeYears: Option[]
  /** The contract's classification and INAIL default, for the hints. */
  contractClassification: string | null
  inailDefault: string | null
}

export type LabourCostPage = {
  form: LabourCostForm
  /** The inputs' values by parameter name (dates `aaaa-mm-gg`). */
  values: Record<string, string>
  /** Messages by parameter name; `richiesta` for one that names none. */
  errors: Record<string, string>
  result: LevelLabourCost | null
  levels: CategoryLabourCost | null
  /** The query of the result's XLSX, PDF and print view. */
  query: string | null
}

const gg = (day: string) => day.split('-').reverse().join('/')

function formOf(terms: LabourCostTerms | null, dates: string[], levels: Option[]): LabourCostForm {
  const years = terms?.apprenticeship?.payPercentByYear ?? []
  return {
    levels,
    effectiveDates: dates.map((day) => ({ value: day, label: `dal ${gg(day)}` })),
    classifications: inpsClassifications.map((value) => ({ value, label: t.classifications[value] })),
    bands: sizeBands.map((value) => ({ value, label: t.sizeBands[value] })),
    apprenticeYears: [
      { value: '', label: t.fields.apprenticeNone },
      ...years.map((percent, index) => ({
        value: String(index + 1),
        label: t.fields.apprenticeYear(index + 1, percent),
      })),
    ],
    contractClassification: terms?.inpsClassification ?? null,
    inailDefault: terms?.inail ? formatDecimal(terms.inail.perMille) : null,
  }
}

/** An AppError's message under its parameter (or `richiesta`); anything else is thrown on. */
function errorOf(error: unknown): Record<string, string> {
  if (!(error instanceof AppError) || error.code === 'unauthorized') throw error
  return {
    [error.field && (queryNames as readonly string[]).includes(error.field) ? error.field : 'richiesta']:
      error.message,
  }
}

/** The page of a Professional reader: the form, and the calculation or its errors. */
export async function labourCostPage(
  reader: Reader,
  contractCode: number,
  category: Category,
  params: URLSearchParams,
  now = new Date(),
): Promise<LabourCostPage> {
  const [terms, dates] = await Promise.all([
    getContractTerms(contractCode),
    listEffectiveDates(category.code, now),
  ])
  const days = dates.map((date) => date.day)
  const submitted = params.has('livello')
  const query: LabourCostQuery = {}
  for (const name of queryNames) {
    const value = params.get(name)
    if (value !== null) query[name] = value.slice(0, 64)
  }
  const today = calendarDay(now)
  const inForce = days.find((day) => day <= today) ?? days.at(-1) ?? ''
  const day = query.decorrenza && days.includes(query.decorrenza) ? query.decorrenza : inForce
  const table = days.includes(day) ? await getPayTable(reader, category.code, day) : null
  const levels = (table?.qualificati ?? []).map((row) => ({
    value: row.codiceLivello,
    label: row.descrizione.startsWith(row.codiceLivello)
      ? row.descrizione
      : `${row.codiceLivello} – ${row.descrizione}`,
  }))
  const form = formOf(terms?.labourCost ?? null, days, levels)
  const reference = terms?.referenceLevel && levels.some((level) => level.value === terms.referenceLevel)
  const values: Record<string, string> = {
    livello: query.livello ?? (reference ? (terms?.referenceLevel ?? '') : (levels[0]?.value ?? '')),
    decorrenza: query.decorrenza ?? day,
    qualifica: query.qualifica ?? (/^operai/i.test(category.name) ? 'operaio' : 'impiegato'),
    parttime: query.parttime ?? '100',
    classificazione: query.classificazione ?? form.contractClassification ?? '',
    dimensione: query.dimensione ?? 'fino-15',
    dipendenti: query.dipendenti ?? '',
    inail: query.inail ?? '',
    irap: query.irap ?? '',
    apprendista: query.apprendista ?? '',
    scatti: query.scatti ?? '0',
  }
  const empty = { form, values, result: null, levels: null, query: null }
  if (days.length === 0) return { ...empty, errors: { richiesta: t.page.noTables } }
  if (!submitted && !terms?.labourCost) return { ...empty, errors: { richiesta: t.errors.noTerms } }
  const read = readLabourCostQuery(category.code, values, true)
  if (!read.request) return { ...empty, errors: read.errors }
  try {
    const service = createLabourCost({ payload: await getCms(), now: () => now })
    const [result, all] = await Promise.all([
      service.levelCost(reader, read.request),
      service.categoryCosts(reader, read.request),
    ])
    return { form, values, errors: {}, result, levels: all, query: labourCostQueryString(result.request) }
  } catch (error) {
    return { ...empty, errors: errorOf(error) }
  }
}
