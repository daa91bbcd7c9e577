/**
 * Arrears ('arretrati') owed after a renewal: month by month, the difference
 * between the minimum owed under each new decorrenza and the minimum that was
 * paid, for the share of the month worked and the part-time share, with the
 * accrual on the additional monthly payments (13th, 14th), plus the una
 * tantum pro rata as the contract's note prescribes.
 *
 * What was paid: the table in force when the employee joined (for those
 * already employed, the first step, the table before the renewal), unless
 * the caller names the decorrenza actually applied. The employer kept paying
 * it until `until`, the last day computed.
 */
import { daysBetween, earlier, later, monthBounds, monthsBetween, previousDay } from './calendar.ts'

/** A one-off payment of a renewal, with the rules of its pro rata. */
export type UnaTantum = {
  /** The amount for a full-time employee with full service in the period. */
  amount: number
  /** Who is entitled: employees in force on this day. */
  entitledOn: string
  /** When it is paid. */
  paidOn: string
  /** The reference period the service is counted in. */
  periodFrom: string
  periodTo: string
  /** `proportional`: reduced by the part-time share; `full`: the same for part-time employees. */
  partTime: 'proportional' | 'full'
  /**
   * `months`: reduced by the months of service in the period (a month counts
   * when at least 15 of its days were served); `full`: whole for every entitled employee.
   */
  service: 'months' | 'full'
}

/** The level's monthly minimum from a decorrenza on. */
export type PayStep = {
  effectiveDate: string
  monthly: number
  unaTantum?: readonly UnaTantum[]
}

export type ArrearsInput = {
  /** The steps in date order: the first is the table before the renewal. */
  steps: readonly PayStep[]
  /** The day the employee joined; null when in force before the first step. */
  hiredOn: string | null
  /** 1 to 100. */
  partTimePercent: number
  /** The last day computed (the day before the new minimum was paid, or the end of employment). */
  until: string
  /** Monthly payments a year (12 to 16): the 13th and 14th accrue on the difference too. */
  monthlyPayments: number
  /** The decorrenza of the table actually paid; by default the one in force when the employee joined. */
  paidStep?: string
}

/** One month (or the part of a month under one decorrenza). */
export type ArrearsLine = {
  month: string
  /** The decorrenza of the minimum owed. */
  effectiveDate: string
  from: string
  to: string
  /** Days worked in the month under this decorrenza. */
  days: number
  /** Days worked over days in the month. */
  share: number
  paid: number
  owed: number
  /** The difference for the days and the part-time share. */
  pay: number
  /** The accrual of the additional monthly payments on `pay`. */
  additional: number
}

export type UnaTantumLine = {
  paidOn: string
  amount: number
  /** Months of service counted, and of the period (null when service does not reduce it). */
  months: { served: number; of: number } | null
  partTimeShare: number
  due: number
  /** Why nothing is due, when nothing is. */
  excluded?: 'notInForce'
}

export type ArrearsResult = {
  paidStep: PayStep
  lines: ArrearsLine[]
  unaTantum: UnaTantumLine[]
  totals: { pay: number; additional: number; unaTantum: number; total: number }
}

const MIN_DAYS_FOR_A_MONTH = 15

/** Rounded to the cent, for display: sums use the unrounded figures. */
export const cents = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100

/** The step in force on `day`: the last one whose decorrenza is not after it. */
function stepOn(steps: readonly PayStep[], day: string): PayStep {
  let current = steps[0] as PayStep
  for (const step of steps) if (step.effectiveDate <= day) current = step
  return current
}

/** The months of the period with at least 15 days served between `from` and `to`. */
function monthsServed(periodFrom: string, periodTo: string, from: string, to: string): number {
  let served = 0
  for (const month of monthsBetween(periodFrom, periodTo)) {
    const bounds = monthBounds(month)
    const start = later(later(bounds.first, periodFrom), from)
    const end = earlier(earlier(bounds.last, periodTo), to)
    if (daysBetween(start, end) >= MIN_DAYS_FOR_A_MONTH) served += 1
  }
  return served
}

function unaTantumLine(entry: UnaTantum, input: ArrearsInput, share: number): UnaTantumLine {
  const joined = input.hiredOn ?? entry.periodFrom
  const inForce = (input.hiredOn ?? entry.entitledOn) <= entry.entitledOn && entry.entitledOn <= input.until
  const partTimeShare = entry.partTime === 'proportional' ? share : 1
  const months =
    entry.service === 'months'
      ? {
          served: monthsServed(
            entry.periodFrom,
            entry.periodTo,
            later(joined, entry.periodFrom),
            input.until,
          ),
          of: monthsBetween(entry.periodFrom, entry.periodTo).length,
        }
      : null
  if (!inForce) {
    return {
      paidOn: entry.paidOn,
      amount: entry.amount,
      months,
      partTimeShare,
      due: 0,
      excluded: 'notInForce',
    }
  }
  const serviceShare = months ? months.served / months.of : 1
  return {
    paidOn: entry.paidOn,
    amount: entry.amount,
    months,
    partTimeShare,
    due: entry.amount * partTimeShare * serviceShare,
  }
}

/** The arrears of one employee on one level, month by month, and their totals. */
export function calculateArrears(input: ArrearsInput): ArrearsResult {
  const steps = [...input.steps].sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  const first = steps[0]
  if (!first) throw new RangeError('at least one step is needed')
  const share = input.partTimePercent / 100
  const additionalShare = (input.monthlyPayments - 12) / 12
  const start = input.hiredOn ? later(input.hiredOn, first.effectiveDate) : first.effectiveDate
  const paidStep = input.paidStep
    ? (steps.find((step) => step.effectiveDate === input.paidStep) ?? stepOn(steps, start))
    : stepOn(steps, start)

  const lines: ArrearsLine[] = []
  const owedSteps = steps.filter((step) => step.effectiveDate > paidStep.effectiveDate)
  owedSteps.forEach((step, index) => {
    const next = owedSteps[index + 1]
    const from = later(step.effectiveDate, start)
    const to = next ? earlier(previousDay(next.effectiveDate), input.until) : input.until
    if (from > to) return
    for (const month of monthsBetween(from, to)) {
      const bounds = monthBounds(month)
      const lineFrom = later(bounds.first, from)
      const lineTo = earlier(bounds.last, to)
      const days = daysBetween(lineFrom, lineTo)
      const monthShare = days / bounds.days
      const pay = (step.monthly - paidStep.monthly) * monthShare * share
      lines.push({
        month,
        effectiveDate: step.effectiveDate,
        from: lineFrom,
        to: lineTo,
        days,
        share: monthShare,
        paid: paidStep.monthly,
        owed: step.monthly,
        pay,
        additional: pay * additionalShare,
      })
    }
  })

  // Una tantum of every step (the renewal's note is recorded on its tables); each paid once.
  const unaTantum = steps
    .flatMap((step) => step.unaTantum ?? [])
    .map((entry) => unaTantumLine(entry, input, share))

  const pay = lines.reduce((sum, line) => sum + line.pay, 0)
  const additional = lines.reduce((sum, line) => sum + line.additional, 0)
  const oneOff = unaTantum.reduce((sum, line) => sum + line.due, 0)
  return {
    paidStep,
    lines,
    unaTantum,
    totals: { pay, additional, unaTantum: oneOff, total: pay + additional + oneOff },
  }
}
