/**
 * The una tantum of a calculation: each instalment belongs to the renewal of
 * the table that records it, and is counted only when that renewal is one of
 * those computed (its table comes after the table before the renewal and
 * after the table actually paid). A counted instalment is due to employees in
 * force on its day of entitlement, pro rata as the contract's note says,
 * unless the caller says it was already paid.
 */
import { monthsBetween, yearOf } from './calendar.ts'
import { cents } from './money.ts'
import { monthsServed } from './service-months.ts'

/** A one-off payment of a renewal, with the rules of its pro rata. */
export type UnaTantum = {
  /** The amount for a full-time employee with full service in the period. */
  amount: number
  /** Who is entitled: employees in force on this day. */
  entitledOn: string
  /** When it is paid (the instalment is named by this day). */
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

/**
 * Why an instalment is counted or not: `due`; `alreadyPaid` (the caller says
 * so); `notInForce` (not employed on the day of entitlement); `otherRenewal`
 * (recorded on a table before the renewal computed); `paidTable` (its table,
 * or a later one, is the one actually paid).
 */
export type UnaTantumStatus = 'due' | 'alreadyPaid' | 'notInForce' | 'otherRenewal' | 'paidTable'

export type UnaTantumLine = {
  paidOn: string
  /** The decorrenza of the table that records it (its renewal). */
  effectiveDate: string
  amount: number
  /** Months of service counted, and of the period (null when service does not reduce it). */
  months: { served: number; of: number } | null
  partTimeShare: number
  /** What is owed, rounded to the cent (0 unless `due`). */
  due: number
  status: UnaTantumStatus
  /** The calendar year of competence (the payment day's). */
  year: number
}

export type UnaTantumInput = {
  hiredOn: string | null
  until: string
  partTimeShare: number
  /** The payment days of the instalments already paid. */
  paid: ReadonlySet<string>
}

/** One instalment of a renewal computed, or excluded for `excluded`. */
export function unaTantumLine(
  entry: UnaTantum,
  effectiveDate: string,
  input: UnaTantumInput,
  excluded?: 'otherRenewal' | 'paidTable',
): UnaTantumLine {
  const partTimeShare = entry.partTime === 'proportional' ? input.partTimeShare : 1
  const months =
    entry.service === 'months'
      ? {
          served: monthsServed(
            entry.periodFrom,
            entry.periodTo,
            input.hiredOn ?? entry.periodFrom,
            input.until,
          ),
          of: monthsBetween(entry.periodFrom, entry.periodTo).length,
        }
      : null
  const inForce = (input.hiredOn ?? entry.entitledOn) <= entry.entitledOn && entry.entitledOn <= input.until
  const status: UnaTantumStatus =
    excluded ?? (!inForce ? 'notInForce' : input.paid.has(entry.paidOn) ? 'alreadyPaid' : 'due')
  const serviceShare = months ? months.served / months.of : 1
  return {
    paidOn: entry.paidOn,
    effectiveDate,
    amount: entry.amount,
    months,
    partTimeShare,
    due: status === 'due' ? cents(entry.amount * partTimeShare * serviceShare) : 0,
    status,
    year: yearOf(entry.paidOn),
  }
}
