/**
 * The additional monthly payments (13th, 14th) on the arrears, as a payroll
 * office computes them: each payment that fell due inside the period is owed
 * on the difference in force on its due date, pro rata for the months of
 * service in its accrual year and for the part-time share. What accrued after
 * the last due date inside the period is not yet owed: it is shown apart, on
 * the difference in force on the last day computed.
 *
 * - 13th: accrues from January to December, falls due with December's pay.
 * - 14th: accrues over the 12 months before its month (July by default: from
 *   1 July to 30 June) and falls due with that month's pay.
 */
import { earlier, monthBounds, monthKey, yearOf } from './calendar.ts'
import { cents } from './money.ts'
import { monthsServed } from './service-months.ts'

export type ExtraPaymentKind = 'thirteenth' | 'fourteenth'

export type ExtraPayment = {
  kind: ExtraPaymentKind
  /** The last day of the month whose pay carries it. */
  dueOn: string
  accrualFrom: string
  accrualTo: string
  /** Months of service counted in the accrual year, of 12. */
  months: number
  /** The monthly difference it is computed on (full time). */
  difference: number
  partTimeShare: number
  /** Rounded to the cent. */
  amount: number
  /** The calendar year of competence (the due date's). */
  year: number
}

export type ExtraPaymentsInput = {
  monthlyPayments: number
  /** The month (1–12) whose pay carries the 14th. */
  fourteenthMonth: number
  /** The first day owed at a new minimum and the last day computed. */
  from: string
  until: string
  /** The day the employee joined (null: in force before). */
  hiredOn: string | null
  partTimeShare: number
  /** The monthly difference owed on a day (0 before the first new minimum). */
  differenceOn: (day: string) => number
}

type Schedule = { kind: ExtraPaymentKind; month: number }

/** The accrual year of the payment of `kind` due in month `month` of `year`. */
function accrual(schedule: Schedule, year: number): { from: string; to: string; dueOn: string } {
  const dueOn = monthBounds(monthKey(year, schedule.month)).last
  if (schedule.kind === 'thirteenth') return { from: `${year}-01-01`, to: `${year}-12-31`, dueOn }
  // The 12 months before the due month: from its first day a year earlier to the end of the previous month.
  const to = schedule.month === 1 ? `${year - 1}-12-31` : monthBounds(monthKey(year, schedule.month - 1)).last
  return { from: `${year - 1}-${String(schedule.month).padStart(2, '0')}-01`, to, dueOn }
}

function schedules(input: ExtraPaymentsInput): Schedule[] {
  const list: Schedule[] = []
  if (input.monthlyPayments >= 13) list.push({ kind: 'thirteenth', month: 12 })
  if (input.monthlyPayments >= 14) list.push({ kind: 'fourteenth', month: input.fourteenthMonth })
  return list
}

function payment(
  input: ExtraPaymentsInput,
  schedule: Schedule,
  period: { from: string; to: string; dueOn: string },
  servedTo: string,
  differenceDay: string,
): ExtraPayment | null {
  const difference = input.differenceOn(differenceDay)
  const months = monthsServed(period.from, period.to, input.hiredOn ?? period.from, servedTo)
  if (difference === 0 || months === 0) return null
  return {
    kind: schedule.kind,
    dueOn: period.dueOn,
    accrualFrom: period.from,
    accrualTo: period.to,
    months,
    difference,
    partTimeShare: input.partTimeShare,
    amount: cents((difference * months * input.partTimeShare) / 12),
    year: yearOf(period.dueOn),
  }
}

/** The extra payments due inside the period, and the accruals not yet due at its end. */
export function extraPayments(input: ExtraPaymentsInput): { due: ExtraPayment[]; accrued: ExtraPayment[] } {
  const due: ExtraPayment[] = []
  const accrued: ExtraPayment[] = []
  for (const schedule of schedules(input)) {
    for (let year = yearOf(input.from); year <= yearOf(input.until) + 1; year += 1) {
      const period = accrual(schedule, year)
      if (period.dueOn <= input.until) {
        if (period.dueOn < input.from) continue
        const line = payment(input, schedule, period, period.to, period.dueOn)
        if (line) due.push(line)
      } else if (period.from <= input.until) {
        // Accrued in the months served up to the last day computed, on the difference of that day.
        const line = payment(input, schedule, period, earlier(period.to, input.until), input.until)
        if (line) accrued.push(line)
        break
      }
    }
  }
  const order = (a: ExtraPayment, b: ExtraPayment) => a.dueOn.localeCompare(b.dueOn)
  return { due: due.sort(order), accrued: accrued.sort(order) }
}
