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
