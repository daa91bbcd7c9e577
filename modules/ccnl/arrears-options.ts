/**
 * What the arrears calculator's form offers for a category (Professional):
 * its levels, the decorrenze of its pay tables with the renewal proposed, the
 * una tantum instalments a renewal records, and the method the contract's
 * terms and tables give (monthly payments, the month of the 14th, the Cassa
 * Edile of construction workers, the day count of the tables' daily divisor).
 */
import { dayCountOfDivisor, type CassaEdile, type DayCount } from '../arrears/index.ts'
import { calendarDay, unaTantumListSchema } from '../content/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { getContractTerms, type ContractTerms } from './contract-terms.ts'
import { findAll, levelsOf } from './store.ts'

/** A renewal's first decorrenza is looked for this far back from the newest one by default. */
const RENEWAL_MONTHS = 36
/** The monthly payments the calculator knows: 12, the 13th, the 13th and the 14th. */
export const MONTHLY_PAYMENTS = { min: 12, max: 14, fallback: 13 } as const

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

/** The method the contract gives a category's calculation. */
export type ArrearsMethod = {
  /** The contract's monthly payments when its terms record 12 to 14, else null (13 is assumed). */
  monthlyPayments: number | null
  fourteenthMonth: number
  /** Set when the category's extra payments go to a Cassa Edile. */
  cassaEdile: CassaEdile | null
  /** The day count of the newest table's daily divisor, and that divisor. */
  dayCount: DayCount
  dailyDivisor: number | null
}

/** The method of a category from its contract's terms and its newest table. */
export function arrearsMethod(
  terms: ContractTerms | null,
  categoryCode: number,
  docs: readonly PayTableDoc[],
): ArrearsMethod {
  const payments = terms?.monthlyPayments ?? null
  const newest = levelsOf(docs.at(-1)?.levels)
  const divisor = newest.find((level) => level.dailyDivisor > 0)?.dailyDivisor ?? null
  const cassa = terms?.cassaEdile
  return {
    monthlyPayments:
      payments !== null && payments >= MONTHLY_PAYMENTS.min && payments <= MONTHLY_PAYMENTS.max
        ? payments
        : null,
    fourteenthMonth: terms?.fourteenthMonth ?? 7,
    cassaEdile: cassa && cassa.categoryCodes.includes(categoryCode) ? { percent: cassa.percent } : null,
    dayCount: dayCountOfDivisor(divisor),
    dailyDivisor: divisor,
  }
}

/** An una tantum instalment recorded on one of the category's tables (for 'Una tantum già corrisposta'). */
export type InstalmentOption = { paidOn: string; effectiveDate: string; amount: number }

/** The instalments of every table after the first, once per payment day. */
export function instalmentOptions(docs: readonly PayTableDoc[]): InstalmentOption[] {
  const seen = new Map<string, InstalmentOption>()
  for (const doc of docs.slice(1)) {
    const effectiveDate = calendarDay(doc.effectiveDate)
    for (const entry of unaTantumListSchema.safeParse(doc.unaTantum ?? []).data ?? []) {
      if (!seen.has(entry.paidOn))
        seen.set(entry.paidOn, { paidOn: entry.paidOn, effectiveDate, amount: entry.amount })
    }
  }
  return [...seen.values()].sort((a, b) => a.paidOn.localeCompare(b.paidOn))
}

export type ArrearsOptions = ArrearsMethod & {
  /** Every level of the category's tables, as the newest table describes it. */
  levels: { code: string; description: string }[]
  /** The decorrenze of the category's tables, oldest first (`yyyy-mm-dd`). */
  effectiveDates: string[]
  /** The renewal proposed (null with fewer than two tables). */
  defaultSince: string | null
  /** The contract's reference level, when it is one of the category's. */
  referenceLevel: string | null
  instalments: InstalmentOption[]
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
  return {
    ...arrearsMethod(terms, categoryCode, docs),
    levels: [...levels].map(([code, description]) => ({ code, description })),
    effectiveDates,
    defaultSince: effectiveDates.length >= 2 ? defaultRenewal(effectiveDates) : null,
    referenceLevel: terms?.referenceLevel && levels.has(terms.referenceLevel) ? terms.referenceLevel : null,
    instalments: instalmentOptions(docs),
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
