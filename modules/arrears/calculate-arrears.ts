/**
 * Arrears ('arretrati') owed after a renewal: month by month, the difference
 * between the minimum owed under each new decorrenza and the minimum that was
 * paid, for the part of the month worked (by the payroll office's day count)
 * and the part-time share; the 13th and 14th that fell due in the period on
 * the difference of their due date (or, for construction workers, the Cassa
 * Edile accantonamento on each month); the una tantum of the renewals
 * computed; totals by year of competence and the TFR accrued on the arrears.
 * Every figure is rounded to the cent, and every total is the sum of the
 * rounded figures it adds (README.md has the rules and their sources).
 *
 * What was paid: the table in force when the employee joined (for those
 * already employed, the first step, the table before the renewal), unless
 * the caller names the decorrenza actually applied. The employer kept paying
 * it until `until`, the last day computed.
 */
import {
  earlier,
  later,
  monthBounds,
  monthSpan,
  monthsBetween,
  nextDay,
  previousDay,
  yearOf,
} from './calendar.ts'
import { monthPart, type DayCount } from './day-count.ts'
import { extraPayments, type ExtraPayment } from './extra-payments.ts'
import { cents, sumCents } from './money.ts'
import { unaTantumLine, type UnaTantum, type UnaTantumLine } from './una-tantum.ts'

/** The longest span computed, in months: checked before any month is listed. */
export const MAX_ARREARS_MONTHS = 120
/** The TFR of a year is its pay over 13,5 (art. 2120 c.c.). */
export const TFR_DIVISOR = 13.5

/** The level's monthly minimum from a decorrenza on. */
export type PayStep = {
  effectiveDate: string
  monthly: number
  unaTantum?: readonly UnaTantum[]
}

/** Extra payments that go to a Cassa Edile as a percentage of each month's pay (construction workers). */
export type CassaEdile = { percent: number }

export type ArrearsInput = {
  /** The steps in date order: the first is the table before the renewal. */
  steps: readonly PayStep[]
  /** The day the employee joined; null when in force before the first step. */
  hiredOn: string | null
  /** 1 to 100. */
  partTimePercent: number
  /** The last day computed (the day before the new minimum was paid, or the end of employment). */
  until: string
  /** Monthly payments a year: 12, 13 (the 13th) or 14 (the 13th and the 14th). */
  monthlyPayments: number
  /** The decorrenza of the table actually paid; by default the one in force when the employee joined. */
  paidStep?: string
  /** How part months are counted (default calendar days). */
  dayCount?: DayCount
  /** The month (1–12) whose pay carries the 14th (default July). */
  fourteenthMonth?: number
  /** The payment days of the una tantum instalments already paid. */
  unaTantumPaid?: readonly string[]
  /** When set, the 13th and holiday pay go to the Cassa Edile: no employer-paid 13th or 14th. */
  cassaEdile?: CassaEdile | null
}

/** One month (or the part of a month under one decorrenza). */
export type ArrearsLine = {
  month: string
  /** The decorrenza of the minimum owed. */
  effectiveDate: string
  from: string
  to: string
  /** Days counted (calendar days, working days or commercial days) and the month's divisor. */
  days: number
  of: number
  paid: number
  owed: number
  /** The difference for the days and the part-time share, rounded to the cent. */
  pay: number
  /** The Cassa Edile accantonamento on `pay`, rounded to the cent (0 without a Cassa Edile). */
  fund: number
  year: number
}

/** The figures a total adds: pay, the 13th and 14th due, the accantonamento, the una tantum, and their sum. */
export type OwedTotals = {
  pay: number
  thirteenth: number
  fourteenth: number
  fund: number
  unaTantum: number
  /** Everything owed: pay, the extra payments due, the accantonamento and the una tantum. */
  total: number
}

/** What one calendar year of competence adds up to. */
export type YearTotals = OwedTotals & {
  year: number
  /** Arrears of a year before the year of payment: taxed separately (art. 17 TUIR). */
  separateTaxation: boolean
}

export type ArrearsTotals = OwedTotals & {
  /** The extra payments accrued after the last due date: not owed yet, outside the total. */
  accrued: number
}

export type ArrearsResult = {
  paidStep: PayStep
  dayCount: DayCount
  fourteenthMonth: number
  cassaEdile: CassaEdile | null
  lines: ArrearsLine[]
  extraPayments: ExtraPayment[]
  /** 'Ratei maturati, non ancora esigibili'. */
  accrued: ExtraPayment[]
  unaTantum: UnaTantumLine[]
  /** The year the arrears are paid in: the year of the day after `until`. */
  paymentYear: number
  years: YearTotals[]
  /** The TFR accrued on the arrears that count for it (pay, extra payments due and accrued, accantonamento): base / 13,5. */
  tfr: { base: number; amount: number }
  totals: ArrearsTotals
}

/** The step in force on `day`: the last one whose decorrenza is not after it. */
function stepOn(steps: readonly PayStep[], day: string): PayStep {
  let current = steps[0] as PayStep
  for (const step of steps) if (step.effectiveDate <= day) current = step
  return current
}

/** Thrown before any work when the request asks for more than the calculator does. */
export class ArrearsLimitError extends RangeError {}

/** The arrears of one employee on one level, month by month, and their totals. */
export function calculateArrears(input: ArrearsInput): ArrearsResult {
  const steps = [...input.steps].sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  const first = steps[0]
  if (!first) throw new RangeError('at least one step is needed')
  const start = input.hiredOn ? later(input.hiredOn, first.effectiveDate) : first.effectiveDate
  const share = input.partTimePercent / 100
  const dayCount = input.dayCount ?? 'calendar'
  const fourteenthMonth = input.fourteenthMonth ?? 7
  const cassaEdile = input.cassaEdile ?? null
  const paidStep = input.paidStep
    ? (steps.find((step) => step.effectiveDate === input.paidStep) ?? stepOn(steps, start))
    : stepOn(steps, start)

  const owedSteps = steps.filter((step) => step.effectiveDate > paidStep.effectiveDate)
  const firstOwed = owedSteps[0]
  if (firstOwed && monthSpan(later(firstOwed.effectiveDate, start), input.until) > MAX_ARREARS_MONTHS) {
    throw new ArrearsLimitError(`more than ${MAX_ARREARS_MONTHS} months`)
  }

  const lines: ArrearsLine[] = []
  owedSteps.forEach((step, index) => {
    const next = owedSteps[index + 1]
    const from = later(step.effectiveDate, start)
    const to = next ? earlier(previousDay(next.effectiveDate), input.until) : input.until
    if (from > to) return
    for (const month of monthsBetween(from, to)) {
      const bounds = monthBounds(month)
      const lineFrom = later(bounds.first, from)
      const lineTo = earlier(bounds.last, to)
      const part = monthPart(dayCount, month, lineFrom, lineTo)
      const pay = cents(((step.monthly - paidStep.monthly) * part.days * share) / part.of)
      lines.push({
        month,
        effectiveDate: step.effectiveDate,
        from: lineFrom,
        to: lineTo,
        days: part.days,
        of: part.of,
        paid: paidStep.monthly,
        owed: step.monthly,
        pay,
        fund: cassaEdile ? cents((pay * cassaEdile.percent) / 100) : 0,
        year: yearOf(month),
      })
    }
  })

  const extra =
    cassaEdile || !firstOwed
      ? { due: [], accrued: [] }
      : extraPayments({
          monthlyPayments: input.monthlyPayments,
          fourteenthMonth,
          from: later(firstOwed.effectiveDate, start),
          until: input.until,
          hiredOn: input.hiredOn,
          partTimeShare: share,
          differenceOn: (day) =>
            day < firstOwed.effectiveDate ? 0 : stepOn(owedSteps, day).monthly - paidStep.monthly,
        })

  // Each instalment belongs to its table's renewal: only the renewals after the table before
  // the renewal (the first step) and after the table actually paid are computed.
  const unaTantumInput = {
    hiredOn: input.hiredOn,
    until: input.until,
    partTimeShare: share,
    paid: new Set(input.unaTantumPaid ?? []),
  }
  const unaTantum = steps.flatMap((step, index) =>
    (step.unaTantum ?? []).map((entry) =>
      unaTantumLine(
        entry,
        step.effectiveDate,
        unaTantumInput,
        index === 0 ? 'otherRenewal' : step.effectiveDate <= paidStep.effectiveDate ? 'paidTable' : undefined,
      ),
    ),
  )

  const paymentYear = yearOf(nextDay(input.until))
  const years = yearTotals(lines, extra.due, unaTantum, paymentYear)
  const totals: ArrearsTotals = {
    pay: sumCents(lines.map((line) => line.pay)),
    thirteenth: sumCents(extra.due.filter((line) => line.kind === 'thirteenth').map((line) => line.amount)),
    fourteenth: sumCents(extra.due.filter((line) => line.kind === 'fourteenth').map((line) => line.amount)),
    fund: sumCents(lines.map((line) => line.fund)),
    unaTantum: sumCents(unaTantum.map((line) => line.due)),
    total: sumCents(years.map((year) => year.total)),
    accrued: sumCents(extra.accrued.map((line) => line.amount)),
  }
  const base = sumCents([totals.pay, totals.thirteenth, totals.fourteenth, totals.accrued, totals.fund])
  return {
    paidStep,
    dayCount,
    fourteenthMonth,
    cassaEdile,
    lines,
    extraPayments: extra.due,
    accrued: extra.accrued,
    unaTantum,
    paymentYear,
    years,
    tfr: { base, amount: cents(base / TFR_DIVISOR) },
    totals,
  }
}

/** The totals of each calendar year of competence, oldest first. */
function yearTotals(
  lines: readonly ArrearsLine[],
  extra: readonly ExtraPayment[],
  unaTantum: readonly UnaTantumLine[],
  paymentYear: number,
): YearTotals[] {
  const years = new Set<number>([
    ...lines.map((line) => line.year),
    ...extra.map((line) => line.year),
    ...unaTantum.filter((line) => line.due !== 0).map((line) => line.year),
  ])
  return [...years]
    .sort((a, b) => a - b)
    .map((year) => {
      const pay = sumCents(lines.filter((line) => line.year === year).map((line) => line.pay))
      const fund = sumCents(lines.filter((line) => line.year === year).map((line) => line.fund))
      const of = (kind: ExtraPayment['kind']) =>
        sumCents(extra.filter((line) => line.year === year && line.kind === kind).map((line) => line.amount))
      const oneOff = sumCents(unaTantum.filter((line) => line.year === year).map((line) => line.due))
      const thirteenth = of('thirteenth')
      const fourteenth = of('fourteenth')
      return {
        year,
        pay,
        thirteenth,
        fourteenth,
        fund,
        unaTantum: oneOff,
        total: sumCents([pay, thirteenth, fourteenth, fund, oneOff]),
        separateTaxation: year < paymentYear,
      }
    })
}
