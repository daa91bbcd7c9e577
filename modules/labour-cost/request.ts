/**
 * What the cost of labour is asked, as the API's query and the page's GET
 * form spell it (the same parameter names): livello, decorrenza, qualifica,
 * parttime, classificazione, dimensione, dipendenti, inail, irap,
 * apprendista, scatti. Every bound is checked before anything is computed;
 * each bad parameter gets an Italian message naming it.
 */
import { z } from 'zod'
import { inpsClassifications, sizeBands, type InpsClassification, type SizeBand } from '../content/index.ts'
import { labourCost as t } from '../i18n/index.ts'
import { bandLimits } from './choose-rates.ts'

/** The query parameters, all optional strings (the page's form and the API's query). */
export const queryNames = [
  'livello',
  'decorrenza',
  'qualifica',
  'parttime',
  'classificazione',
  'dimensione',
  'dipendenti',
  'inail',
  'irap',
  'apprendista',
  'scatti',
] as const
export type QueryName = (typeof queryNames)[number]
export type LabourCostQuery = Partial<Record<QueryName, string>>

/** The calculation asked, with its defaults resolved later (null: the contract's). */
export type LabourCostRequest = {
  categoryCode: number
  /** Null: every level of the category. */
  level: string | null
  /** `yyyy-mm-dd`; null: the table in force today. */
  effectiveDate: string | null
  /** Null: from the category (operai when its name says so, impiegati otherwise). */
  qualification: 'operai' | 'impiegati' | null
  partTimePercent: number
  classification: InpsClassification | null
  sizeBand: SizeBand
  employees: number | null
  /** Per mille; null: the contract's default. */
  inailPerMille: number | null
  irapPercent: number | null
  apprenticeYear: number | null
  senioritySteps: number
}

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const decimal = (value: unknown) => {
  const cleaned = blank(value)
  if (typeof cleaned !== 'string') return cleaned
  const text = cleaned.trim()
  return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : text
}
const optionalNumber = (min: number, max: number, message: string, integer = false) =>
  z.preprocess(
    decimal,
    (integer ? z.number({ error: message }).int(message) : z.number({ error: message }))
      .min(min, message)
      .max(max, message)
      .optional(),
  )

/** `gg-mm-aaaa`, `gg/mm/aaaa` or `aaaa-mm-gg` as `aaaa-mm-gg`, or null. */
export function dayOf(value: string): string | null {
  const text = value.trim()
  const italian = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text)
  const iso = italian ? `${italian[3]}-${italian[2]}-${italian[1]}` : text
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  const date = new Date(`${iso}T12:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso
}

const querySchema = z
  .object({
    livello: z.preprocess(blank, z.string().trim().max(64, t.errors.level).optional()),
    decorrenza: z.preprocess(
      blank,
      z
        .string()
        .max(10, t.errors.badDay)
        .transform((value, ctx) => {
          const day = dayOf(value)
          if (!day) {
            ctx.addIssue({ code: 'custom', message: t.errors.badDay })
            return z.NEVER
          }
          return day
        })
        .optional(),
    ),
    qualifica: z.preprocess(
      blank,
      z.enum(['operaio', 'impiegato'], { error: t.errors.qualification }).optional(),
    ),
    parttime: optionalNumber(1, 100, t.errors.partTime, true),
    classificazione: z.preprocess(
      blank,
      z.enum(inpsClassifications, { error: t.errors.classification }).optional(),
    ),
    dimensione: z.preprocess(blank, z.enum(sizeBands, { error: t.errors.band }).optional()),
    dipendenti: optionalNumber(1, 1_000_000, t.errors.employees, true),
    inail: optionalNumber(0, 500, t.errors.inail),
    irap: optionalNumber(0, 10, t.errors.irap),
    apprendista: optionalNumber(1, 6, t.errors.apprentice, true),
    scatti: optionalNumber(0, 20, t.errors.steps, true),
  })
  .superRefine((query, ctx) => {
    if (query.dipendenti === undefined) return
    const limits = bandLimits[query.dimensione ?? 'fino-15']
    if (query.dipendenti < limits.min || query.dipendenti > limits.max)
      ctx.addIssue({ code: 'custom', path: ['dipendenti'], message: t.errors.employees })
  })

/**
 * The request of a query, or the Italian message of every bad parameter by
 * its name (the API answers the first one; the page shows them all).
 * `levelRequired`: one level's calculation needs `livello`.
 */
export function readLabourCostQuery(
  categoryCode: number,
  query: LabourCostQuery,
  levelRequired: boolean,
):
  | { request: LabourCostRequest; errors?: undefined }
  | { request?: undefined; errors: Record<string, string> } {
  const parsed = querySchema.safeParse(query)
  const errors: Record<string, string> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'richiesta')
      errors[field] ??= issue.message
    }
  }
  if (levelRequired && !query.livello?.trim()) errors.livello ??= t.errors.level
  if (!parsed.success || Object.keys(errors).length > 0) return { errors }
  const q = parsed.data
  return {
    request: {
      categoryCode,
      level: q.livello ?? null,
      effectiveDate: q.decorrenza ?? null,
      qualification: q.qualifica === 'operaio' ? 'operai' : q.qualifica === 'impiegato' ? 'impiegati' : null,
      partTimePercent: q.parttime ?? 100,
      classification: q.classificazione ?? null,
      sizeBand: q.dimensione ?? 'fino-15',
      employees: q.dipendenti ?? null,
      inailPerMille: q.inail ?? null,
      irapPercent: q.irap ?? null,
      apprenticeYear: q.apprendista ?? null,
      senioritySteps: q.scatti ?? 0,
    },
  }
}

/** The query of a request as resolved (every value explicit, dates `gg-mm-aaaa`), for the links to its files. */
export function labourCostQueryString(request: LabourCostRequest & { effectiveDate: string }): string {
  const query = new URLSearchParams()
  if (request.level) query.set('livello', request.level)
  query.set('decorrenza', request.effectiveDate.split('-').reverse().join('-'))
  if (request.qualification)
    query.set('qualifica', request.qualification === 'operai' ? 'operaio' : 'impiegato')
  query.set('parttime', String(request.partTimePercent))
  if (request.classification) query.set('classificazione', request.classification)
  query.set('dimensione', request.sizeBand)
  if (request.employees !== null) query.set('dipendenti', String(request.employees))
  if (request.inailPerMille !== null) query.set('inail', String(request.inailPerMille))
  if (request.irapPercent !== null) query.set('irap', String(request.irapPercent))
  if (request.apprenticeYear !== null) query.set('apprendista', String(request.apprenticeYear))
  if (request.senioritySteps > 0) query.set('scatti', String(request.senioritySteps))
  return query.toString()
}
