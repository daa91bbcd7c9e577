/**
 * What the arrears calculator's form offers for a category (Professional):
 * its levels, the decorrenze of its pay tables with the renewal proposed, and
 * the contract's monthly payments when its terms record them.
 */
import { calendarDay } from '../content/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { getContractTerms } from './contract-terms.ts'
import { findAll, levelsOf } from './store.ts'

/** A renewal's first decorrenza is looked for this far back from the newest one by default. */
const RENEWAL_MONTHS = 36

export type PayTableDoc = { effectiveDate: string; levels: unknown; unaTantum?: unknown }

/** The category's pay tables, oldest first. */
export function categoryPayTables(categoryCode: number): Promise<PayTableDoc[]> {
  return findAll<PayTableDoc>(
    'pay-tables',
    { categoryCode: { equals: categoryCode } },
    { sort: 'effectiveDate', select: { effectiveDate: true, levels: true, unaTantum: true } },
  )
}

/** The first decorrenza of the newest renewal: the earliest within 36 months of the newest one. */
export function defaultRenewal(days: string[]): string {
  const newest = days.at(-1) as string
  const [year, month] = newest.split('-').map(Number) as [number, number]
  const limit = `${year - Math.floor(RENEWAL_MONTHS / 12)}-${String(month).padStart(2, '0')}-01`
  return days.slice(1).find((day) => day >= limit) ?? newest
}

export type ArrearsOptions = {
  /** Every level of the category's tables, as the newest table describes it. */
  levels: { code: string; description: string }[]
  /** The decorrenze of the category's tables, oldest first (`yyyy-mm-dd`). */
  effectiveDates: string[]
  /** The renewal proposed (null with fewer than two tables). */
  defaultSince: string | null
  /** The contract's monthly payments a year, when its terms record them (12–16). */
  monthlyPayments: number | null
  /** The contract's reference level, when it is one of the category's. */
  referenceLevel: string | null
}

/** The choices of the calculator's form for a category, for a Professional reader. */
export async function arrearsOptions(
  reader: Reader,
  categoryCode: number,
  contractCode: number,
): Promise<ArrearsOptions> {
  assertCanRead(reader, 'archive')
  const [docs, terms] = await Promise.all([categoryPayTables(categoryCode), getContractTerms(contractCode)])
  const levels = new Map<string, string>()
  for (const doc of [...docs].reverse()) {
    for (const level of levelsOf(doc.levels)) {
      if (!levels.has(level.code)) levels.set(level.code, level.description)
    }
  }
  const effectiveDates = docs.map((doc) => calendarDay(doc.effectiveDate))
  const payments = terms?.monthlyPayments ?? null
  return {
    levels: [...levels].map(([code, description]) => ({ code, description })),
    effectiveDates,
    defaultSince: effectiveDates.length >= 2 ? defaultRenewal(effectiveDates) : null,
    monthlyPayments: payments !== null && payments >= 12 && payments <= 16 ? payments : null,
    referenceLevel: terms?.referenceLevel && levels.has(terms.referenceLevel) ? terms.referenceLevel : null,
  }
}

/**
 * The end date a payroll office expects: the last day of the month before
 * `today` (the last payslip at the old minimum), or the end of the renewal's
 * month when that is later. Days `yyyy-mm-dd`.
 */
export function defaultUntil(today: string, since: string | null): string {
  const [year, month] = today.split('-').map(Number) as [number, number]
  const lastOfPrevious = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10)
  if (!since || lastOfPrevious >= since) return lastOfPrevious
  const [sinceYear, sinceMonth] = since.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(sinceYear, sinceMonth, 0)).toISOString().slice(0, 10)
}
