/**
 * The arrears calculator page's form (/arretrati, a GET form that works
 * without JavaScript): the values shown (the query's, else the defaults a
 * payroll office expects: the contract's monthly payments and day count),
 * the calculation, and every error by its field.
 */
import { romeDay } from '#modules/accounts'
import {
  arrearsOptions,
  arrearsQueryField,
  arrearsQueryString,
  calculateLevelArrears,
  dayCountParam,
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
  giorni: string
  /** The payment days (`aaaa-mm-gg`) of the una tantum instalments ticked as already paid. */
  utpagate: string[]
  dipendente: string
  azienda: string
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

/** The form's values: the query's when it was submitted, else the defaults. */
function formValues(options: ArrearsOptions, params: URLSearchParams, now: Date): ArrearsFormValues {
  const get = (name: string, max = 64) => (params.get(name) ?? '').slice(0, max)
  const dates = options.effectiveDates
  const since = params.has('livello') ? inputDay(get('decorrenza')) : (options.defaultSince ?? '')
  if (params.has('livello')) {
    return {
      livello: get('livello'),
      decorrenza: since,
      corrisposto: inputDay(get('corrisposto')),
      assunzione: inputDay(get('assunzione')),
      inforza: params.get('inforza') === '1',
      parttime: get('parttime'),
      fine: inputDay(get('fine')),
      mensilita: get('mensilita'),
      giorni: get('giorni'),
      utpagate: params
        .getAll('utpagate')
        .slice(0, 20)
        .map((day) => inputDay(day.slice(0, 10))),
      dipendente: get('dipendente', 120),
      azienda: get('azienda', 120),
    }
  }
  return {
    livello: options.referenceLevel ?? options.levels[0]?.code ?? '',
    decorrenza: since,
    corrisposto: dates[dates.indexOf(since) - 1] ?? '',
    assunzione: '',
    inforza: true,
    parttime: '100',
    fine: defaultUntil(romeDay(now), options.defaultSince),
    mensilita: String(options.monthlyPayments ?? 13),
    giorni: dayCountParam[options.dayCount],
    utpagate: [],
    dipendente: '',
    azienda: '',
  }
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
  const values = formValues(options, params, now)
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
    giorni: values.giorni,
    utpagate: values.utpagate.join(','),
    dipendente: values.dipendente,
    azienda: values.azienda,
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
