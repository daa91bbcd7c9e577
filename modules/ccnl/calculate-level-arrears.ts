/**
 * The arrears of one employee on a level of a category's pay tables
 * (Professional, like the historical archive): the steps are the level's
 * monthly minimum (base pay, cost of living, third element) at each
 * decorrenza from the renewal's first one, preceded by the table in force
 * before it; the una tantum recorded on those tables for the level come with
 * them; the contract's terms give the monthly payments, the month of the 14th
 * and the Cassa Edile, the tables' daily divisor the day count. The
 * calculation itself is modules/arrears; the span is checked before it runs.
 */
import {
  calculateArrears,
  cents,
  MAX_ARREARS_MONTHS,
  monthSpan,
  TFR_DIVISOR,
  type ArrearsLine,
  type ArrearsTotals,
  type DayCount,
  type ExtraPayment,
  type PayStep,
  type UnaTantumLine,
  type YearTotals,
} from '../arrears/index.ts'
import { calendarDay, unaTantumListSchema } from '../content/index.ts'
import { arrears } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import type { LevelArrearsRequest } from './arrears-request.ts'
import { getCategory, getContract, type Category, type Contract } from './catalog.ts'
import {
  MONTHLY_PAYMENTS,
  arrearsMethod,
  categoryPayTables,
  defaultRenewal,
  type ArrearsMethod,
  type PayTableDoc,
} from './arrears-options.ts'
import { getContractTerms } from './contract-terms.ts'
import { levelsOf } from './store.ts'

const t = arrears.errors

export type LevelArrears = {
  contract: { code: number; title: string; cnelCode: string | null }
  category: { code: number; name: string }
  level: { code: string; description: string }
  /** The request with the renewal, the monthly payments and the day count it was computed with. */
  request: LevelArrearsRequest & { since: string; monthlyPayments: number; dayCount: DayCount }
  /** The method stated with the result. */
  method: {
    dayCount: DayCount
    dailyDivisor: number | null
    monthlyPayments: number
    fourteenthMonth: number
    cassaEdile: { percent: number } | null
    tfrDivisor: number
  }
  /** The decorrenze the calculation read, with the level's monthly minimum. */
  tables: { effectiveDate: string; monthly: number }[]
  /** The decorrenze a renewal may start from (every one but the first). */
  renewals: string[]
  paidStep: string
  lines: ArrearsLine[]
  extraPayments: ExtraPayment[]
  accrued: ExtraPayment[]
  unaTantum: UnaTantumLine[]
  paymentYear: number
  years: YearTotals[]
  tfr: { base: number; amount: number }
  totals: ArrearsTotals
}

/** What a category's calculations read once: its contract, tables and method. */
export type ArrearsSource = {
  category: Category
  contract: Contract
  docs: PayTableDoc[]
  method: ArrearsMethod
}

/** Reads a category's contract, pay tables and terms (one read for many employees). */
export async function arrearsSource(categoryCode: number): Promise<ArrearsSource> {
  const category = await getCategory(categoryCode)
  const [contract, docs, terms] = await Promise.all([
    getContract(category.contractCode),
    categoryPayTables(category.code),
    getContractTerms(category.contractCode),
  ])
  return { category, contract, docs, method: arrearsMethod(terms, category.code, docs) }
}

/** The level's steps in the category's tables (its minimum and its una tantum at each decorrenza). */
function levelSteps(docs: readonly PayTableDoc[], code: string): { steps: PayStep[]; description: string } {
  let description = ''
  const steps: PayStep[] = []
  for (const doc of docs) {
    const level = levelsOf(doc.levels).find((entry) => entry.code === code)
    if (!level) continue
    description = level.description
    const unaTantum = (unaTantumListSchema.safeParse(doc.unaTantum ?? []).data ?? []).filter(
      (entry) => !entry.levels || entry.levels.includes(code),
    )
    steps.push({
      effectiveDate: calendarDay(doc.effectiveDate),
      monthly: cents(level.basePay + level.costOfLiving + level.thirdElement),
      unaTantum,
    })
  }
  return { steps, description }
}

/** The arrears of a request on a category already read (no access check: the caller made it). */
export function levelArrearsOf(source: ArrearsSource, request: LevelArrearsRequest): LevelArrears {
  const { steps, description } = levelSteps(source.docs, request.level)
  if (steps.length === 0) throw new AppError('not_found', t.levelNotFound, { field: 'level' })
  if (steps.length < 2) throw new AppError('bad_request', t.noRenewal)
  const days = steps.map((step) => step.effectiveDate)
  const since = request.since ?? defaultRenewal(days)
  const first = days.indexOf(since)
  if (first < 1) throw new AppError('bad_request', t.renewalNotFound, { field: 'since' })
  if (request.until < since) throw new AppError('bad_request', t.untilBeforeRenewal, { field: 'until' })
  // The work limit, checked by arithmetic before a single month is listed.
  if (monthSpan(since, request.until) > MAX_ARREARS_MONTHS) {
    throw new AppError('bad_request', t.span, { field: 'until' })
  }
  const used = steps.slice(first - 1)
  if (request.paidStep && !used.some((step) => step.effectiveDate === request.paidStep)) {
    throw new AppError('bad_request', t.paidNotUsed, { field: 'paidStep' })
  }
  const { method } = source
  const monthlyPayments = request.monthlyPayments ?? method.monthlyPayments ?? MONTHLY_PAYMENTS.fallback
  const dayCount = request.dayCount ?? method.dayCount
  const result = calculateArrears({
    steps: used,
    hiredOn: request.hiredOn ?? null,
    partTimePercent: request.partTimePercent,
    until: request.until,
    monthlyPayments,
    paidStep: request.paidStep,
    dayCount,
    fourteenthMonth: method.fourteenthMonth,
    unaTantumPaid: request.unaTantumPaid,
    cassaEdile: method.cassaEdile,
  })
  return {
    contract: {
      code: source.contract.code,
      title: source.contract.title,
      cnelCode: source.contract.cnelCode,
    },
    category: { code: source.category.code, name: source.category.name },
    level: { code: request.level, description },
    request: { ...request, since, monthlyPayments, dayCount },
    method: {
      dayCount,
      dailyDivisor: method.dailyDivisor,
      monthlyPayments,
      fourteenthMonth: method.fourteenthMonth,
      cassaEdile: method.cassaEdile,
      tfrDivisor: TFR_DIVISOR,
    },
    tables: used.map((step) => ({ effectiveDate: step.effectiveDate, monthly: step.monthly })),
    renewals: days.slice(1),
    paidStep: result.paidStep.effectiveDate,
    lines: result.lines,
    extraPayments: result.extraPayments,
    accrued: result.accrued,
    unaTantum: result.unaTantum,
    paymentYear: result.paymentYear,
    years: result.years,
    tfr: result.tfr,
    totals: result.totals,
  }
}

/** The arrears of the request, for a Professional reader. */
export async function calculateLevelArrears(
  reader: Reader,
  request: LevelArrearsRequest,
): Promise<LevelArrears> {
  assertCanRead(reader, 'archive')
  return levelArrearsOf(await arrearsSource(request.categoryCode), request)
}
