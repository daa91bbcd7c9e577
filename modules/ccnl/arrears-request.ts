/**
 * What the arrears calculator is asked: category and level, the renewal's
 * first decorrenza, hire date (or in force before), part-time share, end date,
 * monthly payments a year (the contract's by default), the decorrenza of the
 * minimum actually paid, how part months are counted, the una tantum
 * instalments already paid, and the names the PDF may carry. Dates are
 * written `gg-mm-aaaa`, `gg/mm/aaaa` or `aaaa-mm-gg`, between 1950 and 2100:
 * bounds are checked here, before anything is computed.
 */
import { z } from 'zod'
import { dayCounts, isDay, type DayCount } from '../arrears/index.ts'
import { arrears } from '../i18n/index.ts'
import { isoDay } from './store.ts'

const t = arrears.errors
const f = arrears.fields

const parseDay = (value: string) => {
  const parsed = isoDay(value.trim().replace(/\//g, '-'))
  return parsed && isDay(parsed) ? parsed : null
}
const day = (field: string) =>
  z
    .string()
    .trim()
    .max(10, t.badDay(field))
    .transform((value, ctx) => {
      const parsed = parseDay(value)
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: t.badDay(field) })
        return z.NEVER
      }
      return parsed
    })
const blank = (value: unknown) => (value === '' || value === null ? undefined : value)
const optionalDay = (field: string) => z.preprocess(blank, day(field).optional())

/** The query's names of the day-count methods. */
export const dayCountParam: Record<DayCount, string> = {
  calendar: 'calendario',
  twentySixths: 'ventiseiesimi',
  thirtieths: 'trentesimi',
}
const dayCountOf = Object.fromEntries(dayCounts.map((method) => [dayCountParam[method], method])) as Record<
  string,
  DayCount
>

/** At most this many instalments may be marked as already paid. */
const MAX_PAID_INSTALMENTS = 20
const name = z.preprocess(blank, z.string().trim().max(120, t.name).optional())

export const levelArrearsRequest = z
  .object({
    categoryCode: z.coerce.number().int().positive().max(2_147_483_647),
    level: z.string().trim().min(1, t.level).max(64, t.level),
    since: optionalDay(f.since),
    hiredOn: optionalDay(f.hiredOn),
    partTimePercent: z.coerce
      .number({ message: t.partTime })
      .int(t.partTime)
      .min(1, t.partTime)
      .max(100, t.partTime),
    until: day(f.until),
    monthlyPayments: z.preprocess(
      blank,
      z.coerce
        .number({ message: t.monthlyPayments })
        .int(t.monthlyPayments)
        .min(12, t.monthlyPayments)
        .max(14, t.monthlyPayments)
        .optional(),
    ),
    paidStep: optionalDay(f.paid),
    dayCount: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .transform((value, ctx) => {
          const method = dayCountOf[value]
          if (!method) {
            ctx.addIssue({ code: 'custom', message: t.dayCount })
            return z.NEVER
          }
          return method
        })
        .optional(),
    ),
    unaTantumPaid: z
      .string()
      .max(MAX_PAID_INSTALMENTS * 11, t.unaTantumPaid)
      .default('')
      .transform((value, ctx) => {
        const days = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map(parseDay)
        if (days.length > MAX_PAID_INSTALMENTS || days.some((entry) => entry === null)) {
          ctx.addIssue({ code: 'custom', message: t.unaTantumPaid })
          return z.NEVER
        }
        return [...new Set(days as string[])].sort()
      }),
    employee: name,
    company: name,
  })
  .refine((request) => !request.hiredOn || request.hiredOn <= request.until, {
    path: ['until'],
    message: t.untilBeforeHire,
  })
export type LevelArrearsRequest = z.output<typeof levelArrearsRequest>

/** The query parameter of each field of the request (the API's and the page form's names). */
export const arrearsQueryField: Record<string, string> = {
  level: 'livello',
  since: 'decorrenza',
  hiredOn: 'assunzione',
  partTimePercent: 'parttime',
  until: 'fine',
  monthlyPayments: 'mensilita',
  paidStep: 'corrisposto',
  dayCount: 'giorni',
  unaTantumPaid: 'utpagate',
  employee: 'dipendente',
  company: 'azienda',
}

/** The calculator's query as its parameters spell it (`livello`, `decorrenza`, ...). */
export type ArrearsQuery = Partial<
  Record<
    | 'livello'
    | 'decorrenza'
    | 'assunzione'
    | 'parttime'
    | 'fine'
    | 'mensilita'
    | 'corrisposto'
    | 'giorni'
    | 'utpagate'
    | 'dipendente'
    | 'azienda',
    string
  >
>

/** Messages by query parameter (`richiesta` for one that names none). */
export function queryErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = arrearsQueryField[String(issue.path[0] ?? '')] ?? 'richiesta'
    errors[field] ??= issue.message
  }
  return errors
}

/**
 * The request of a query, or the Italian message of every bad parameter by
 * its name (the first one is what the API answers; the page shows them all).
 */
export function readArrearsQuery(
  categoryCode: number,
  query: ArrearsQuery,
):
  | { request: LevelArrearsRequest; errors?: undefined }
  | { request?: undefined; errors: Record<string, string> } {
  const parsed = levelArrearsRequest.safeParse({
    categoryCode,
    level: query.livello ?? '',
    since: query.decorrenza,
    hiredOn: query.assunzione,
    partTimePercent: query.parttime || '100',
    until: query.fine ?? '',
    monthlyPayments: query.mensilita,
    paidStep: query.corrisposto,
    dayCount: query.giorni,
    unaTantumPaid: query.utpagate ?? '',
    employee: query.dipendente,
    company: query.azienda,
  })
  if (parsed.success) return { request: parsed.data }
  return { errors: queryErrors(parsed.error) }
}

const apiDay = (day: string) => day.split('-').reverse().join('-')

/** The query string of a request (dates `gg-mm-aaaa`), for the links to its XLSX and PDF. */
export function arrearsQueryString(request: LevelArrearsRequest & { since?: string }): string {
  const query = new URLSearchParams({ livello: request.level })
  if (request.since) query.set('decorrenza', apiDay(request.since))
  if (request.hiredOn) query.set('assunzione', apiDay(request.hiredOn))
  query.set('parttime', String(request.partTimePercent))
  query.set('fine', apiDay(request.until))
  if (request.monthlyPayments) query.set('mensilita', String(request.monthlyPayments))
  if (request.paidStep) query.set('corrisposto', apiDay(request.paidStep))
  if (request.dayCount) query.set('giorni', dayCountParam[request.dayCount])
  if (request.unaTantumPaid.length > 0) query.set('utpagate', request.unaTantumPaid.map(apiDay).join(','))
  if (request.employee) query.set('dipendente', request.employee)
  if (request.company) query.set('azienda', request.company)
  return query.toString()
}
