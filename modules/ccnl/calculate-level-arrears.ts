/**
 * The arrears of one employee on a level of a category's pay tables
 * (Professional, like the historical archive): the steps are the level's
 * monthly minimum (base pay, cost of living, third element) at each
 * decorrenza from the renewal's first one, preceded by the table in force
 * before it; the una tantum recorded on those tables for the level come with
 * them. The calculation itself is modules/arrears.
 */
import { calculateArrears, cents, monthsBetween, type PayStep } from '../arrears/index.ts'
import { calendarDay, unaTantumListSchema } from '../content/index.ts'
import { arrears } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import type { LevelArrearsRequest } from './arrears-request.ts'
import { getCategory, getContract } from './catalog.ts'
import { categoryPayTables, defaultRenewal } from './arrears-options.ts'
import { levelsOf } from './store.ts'

const t = arrears.errors

/** The longest span computed, in months. */
export const MAX_ARREARS_MONTHS = 120

export type LevelArrears = {
  contract: { code: number; title: string; cnelCode: string | null }
  category: { code: number; name: string }
  level: { code: string; description: string }
  request: LevelArrearsRequest & { since: string }
  /** The decorrenze the calculation read, with the level's monthly minimum. */
  tables: { effectiveDate: string; monthly: number }[]
  /** The decorrenze a renewal may start from (every one but the first). */
  renewals: string[]
  paidStep: string
  lines: {
    month: string
    effectiveDate: string
    from: string
    to: string
    days: number
    paid: number
    owed: number
    pay: number
    additional: number
  }[]
  unaTantum: {
    paidOn: string
    amount: number
    months: { served: number; of: number } | null
    partTimeShare: number
    due: number
    excluded: boolean
  }[]
  totals: { pay: number; additional: number; unaTantum: number; total: number }
}

/** The arrears of the request, for a Professional reader. */
export async function calculateLevelArrears(
  reader: Reader,
  request: LevelArrearsRequest,
): Promise<LevelArrears> {
  assertCanRead(reader, 'archive')
  const category = await getCategory(request.categoryCode)
  const contract = await getContract(category.contractCode)
  const docs = await categoryPayTables(category.code)
  let description = ''
  const steps: PayStep[] = []
  for (const doc of docs) {
    const level = levelsOf(doc.levels).find((entry) => entry.code === request.level)
    if (!level) continue
    description = level.description
    const unaTantum = (unaTantumListSchema.safeParse(doc.unaTantum ?? []).data ?? []).filter(
      (entry) => !entry.levels || entry.levels.includes(request.level),
    )
    steps.push({
      effectiveDate: calendarDay(doc.effectiveDate),
      monthly: level.basePay + level.costOfLiving + level.thirdElement,
      unaTantum,
    })
  }
  if (steps.length === 0) throw new AppError('not_found', t.levelNotFound, { field: 'level' })
  if (steps.length < 2) throw new AppError('bad_request', t.noRenewal)
  const days = steps.map((step) => step.effectiveDate)
  const since = request.since ?? defaultRenewal(days)
  const first = days.indexOf(since)
  if (first < 1) throw new AppError('bad_request', t.renewalNotFound, { field: 'since' })
  if (request.until < since) throw new AppError('bad_request', t.untilBeforeRenewal, { field: 'until' })
  if (monthsBetween(since, request.until).length > MAX_ARREARS_MONTHS) {
    throw new AppError('bad_request', t.span, { field: 'until' })
  }
  const used = steps.slice(first - 1)
  if (request.paidStep && !used.some((step) => step.effectiveDate === request.paidStep)) {
    throw new AppError('bad_request', t.paidNotUsed, { field: 'paidStep' })
  }
  const result = calculateArrears({
    steps: used,
    hiredOn: request.hiredOn ?? null,
    partTimePercent: request.partTimePercent,
    until: request.until,
    monthlyPayments: request.monthlyPayments,
    paidStep: request.paidStep,
  })
  return {
    contract: { code: contract.code, title: contract.title, cnelCode: contract.cnelCode },
    category: { code: category.code, name: category.name },
    level: { code: request.level, description },
    request: { ...request, since },
    tables: used.map((step) => ({ effectiveDate: step.effectiveDate, monthly: cents(step.monthly) })),
    renewals: days.slice(1),
    paidStep: result.paidStep.effectiveDate,
    lines: result.lines.map((line) => ({
      month: line.month,
      effectiveDate: line.effectiveDate,
      from: line.from,
      to: line.to,
      days: line.days,
      paid: cents(line.paid),
      owed: cents(line.owed),
      pay: cents(line.pay),
      additional: cents(line.additional),
    })),
    unaTantum: result.unaTantum.map((line) => ({
      paidOn: line.paidOn,
      amount: cents(line.amount),
      months: line.months,
      partTimeShare: line.partTimeShare,
      due: cents(line.due),
      excluded: line.excluded !== undefined,
    })),
    totals: {
      pay: cents(result.totals.pay),
      additional: cents(result.totals.additional),
      unaTantum: cents(result.totals.unaTantum),
      total: cents(result.totals.total),
    },
  }
}
