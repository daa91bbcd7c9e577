/**
 * The arrears calculator page's form (/arretrati, a GET form that works
 * without JavaScript): the values shown (the query's, else the defaults a
 * payroll office expects), the calculation, and every error by its field.
 */
import { romeDay } from '#modules/accounts'
import {
  arrearsOptions,
  arrearsQueryField,
  arrearsQueryString,
  calculateLevelArrears,
  defaultUntil,
  readArrearsQuery,
  type ArrearsOptions,
  type LevelArrears,
  type Reader,
} from '#modules/ccnl'
import { arrears } from '#modules/i18n'
import { AppError } from '#modules/platform'

/** The form's values as its inputs show them (dates `aaaa-mm-gg`). */
export type ArrearsFormValues = {
  livello: string
  decorrenza: string
  corrisposto: string
  assunzione: string
  inforza: boolean
  parttime: string
  fine: string
  mensilita: string
}

export type ArrearsPage = {
  options: ArrearsOptions
  values: ArrearsFormValues
  /** Messages by input name; `richiesta` for one that names no field. */
  errors: Record<string, string>
  result: LevelArrears | null
  /** The query of the result's XLSX and PDF. */
  query: string | null
}

/** A date of the query as `aaaa-mm-gg` for the date input, when it reads as one. */
function inputDay(value: string): string {
  const italian = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value.trim())
  return italian ? `${italian[3]}-${italian[2]}-${italian[1]}` : value.trim()
}

/** The page of a Professional reader: the form's values, and the calculation or its errors. */
export async function arrearsPage(
  reader: Reader,
  contractCode: number,
  categoryCode: number,
  params: URLSearchParams,
  now = new Date(),
): Promise<ArrearsPage> {
  const options = await arrearsOptions(reader, categoryCode, contractCode)
  const submitted = params.has('livello')
  const get = (name: string) => (params.get(name) ?? '').slice(0, 64)
  const dates = options.effectiveDates
  const since = submitted ? inputDay(get('decorrenza')) : (options.defaultSince ?? '')
  const before = dates[dates.indexOf(since) - 1] ?? ''
  const values: ArrearsFormValues = submitted
    ? {
        livello: get('livello'),
        decorrenza: since,
        corrisposto: inputDay(get('corrisposto')),
        assunzione: inputDay(get('assunzione')),
        inforza: params.get('inforza') === '1',
        parttime: get('parttime'),
        fine: inputDay(get('fine')),
        mensilita: get('mensilita'),
      }
    : {
        livello: options.referenceLevel ?? options.levels[0]?.code ?? '',
        decorrenza: since,
        corrisposto: before,
        assunzione: '',
        inforza: true,
        parttime: '100',
        fine: defaultUntil(romeDay(now), options.defaultSince),
        mensilita: String(options.monthlyPayments ?? 13),
      }
  if (!options.defaultSince) return { options, values, errors: {}, result: null, query: null }

  const errors: Record<string, string> = {}
  if (!values.inforza && !values.assunzione) errors.assunzione = arrears.errors.hireOrInForce
  const read = readArrearsQuery(categoryCode, {
    livello: values.livello,
    decorrenza: values.decorrenza,
    corrisposto: values.corrisposto,
    assunzione: values.inforza ? '' : values.assunzione,
    parttime: values.parttime,
    fine: values.fine,
    mensilita: values.mensilita,
  })
  Object.assign(errors, read.errors, errors)
  if (!read.request || Object.keys(errors).length > 0)
    return { options, values, errors, result: null, query: null }
  try {
    const result = await calculateLevelArrears(reader, read.request)
    return { options, values, errors, result, query: arrearsQueryString(result.request) }
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'unauthorized') throw error
    errors[(error.field && arrearsQueryField[error.field]) || 'richiesta'] = error.message
    return { options, values, errors, result: null, query: null }
  }
}
