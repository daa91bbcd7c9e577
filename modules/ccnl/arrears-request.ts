/**
 * What the arrears calculator is asked: category and level, the renewal's
 * first decorrenza, hire date (or in force before), part-time share, end date,
 * monthly payments a year, and the decorrenza of the minimum actually paid.
 * Dates are written `gg-mm-aaaa`, `gg/mm/aaaa` or `aaaa-mm-gg`.
 */
import { z } from 'zod'
import { arrears } from '../i18n/index.ts'
import { isoDay } from './store.ts'

const t = arrears.errors
const f = arrears.fields

const day = (field: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = isoDay(value.replace(/\//g, '-'))
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: t.badDay(field) })
        return z.NEVER
      }
      return parsed
    })
const optionalDay = (field: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), day(field).optional())

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
    monthlyPayments: z.coerce
      .number({ message: t.monthlyPayments })
      .int(t.monthlyPayments)
      .min(12, t.monthlyPayments)
      .max(16, t.monthlyPayments),
    paidStep: optionalDay(f.paid),
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
}

/** The calculator's query as its parameters spell it (`livello`, `decorrenza`, ...). */
export type ArrearsQuery = Partial<
  Record<'livello' | 'decorrenza' | 'assunzione' | 'parttime' | 'fine' | 'mensilita' | 'corrisposto', string>
>

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
    monthlyPayments: query.mensilita || '13',
    paidStep: query.corrisposto,
  })
  if (parsed.success) return { request: parsed.data }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const field = arrearsQueryField[String(issue.path[0] ?? '')] ?? 'richiesta'
    errors[field] ??= issue.message
  }
  return { errors }
}

const apiDay = (day: string) => day.split('-').reverse().join('-')

/** The query string of a request (dates `gg-mm-aaaa`), for the links to its XLSX and PDF. */
export function arrearsQueryString(request: LevelArrearsRequest & { since?: string }): string {
  const query = new URLSearchParams({ livello: request.level })
  if (request.since) query.set('decorrenza', apiDay(request.since))
  if (request.hiredOn) query.set('assunzione', apiDay(request.hiredOn))
  query.set('parttime', String(request.partTimePercent))
  query.set('fine', apiDay(request.until))
  query.set('mensilita', String(request.monthlyPayments))
  if (request.paidStep) query.set('corrisposto', apiDay(request.paidStep))
  return query.toString()
}
