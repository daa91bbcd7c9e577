/**
 * The share of a month a part of it is worth, by the method the payroll
 * office uses: calendar days (days served over the month's days), 26ths
 * (working days of a six-day week, Sundays left out, over 26) or 30ths (the
 * commercial month: every month has 30 days, its last day is the 30th).
 * A whole month is always worth the whole monthly amount.
 */
import { daysBetween, monthBounds, weekdaysBetween } from './calendar.ts'

export const dayCounts = ['calendar', 'twentySixths', 'thirtieths'] as const
export type DayCount = (typeof dayCounts)[number]

/** The days counted and the divisor: the part is worth `days / of` of the month. */
export type MonthPart = { days: number; of: number }

/** The day of a commercial month: the last day of any month is the 30th, the 31st does not exist. */
function commercialDay(day: string, last: string): number {
  return day === last ? 30 : Math.min(30, Number(day.slice(8, 10)))
}

/** What `from`–`to` (inside one month) is worth under `method`. */
export function monthPart(method: DayCount, month: string, from: string, to: string): MonthPart {
  const bounds = monthBounds(month)
  const whole = from === bounds.first && to === bounds.last
  if (method === 'calendar') return { days: daysBetween(from, to), of: bounds.days }
  if (method === 'twentySixths') {
    return { days: whole ? 26 : Math.min(26, weekdaysBetween(from, to)), of: 26 }
  }
  if (whole) return { days: 30, of: 30 }
  const days = commercialDay(to, bounds.last) - commercialDay(from, bounds.last) + 1
  return { days: Math.max(0, Math.min(30, days)), of: 30 }
}

/** The default method for a table's daily divisor: 26 → 26ths, 30 → 30ths, anything else calendar days. */
export function dayCountOfDivisor(divisor: number | null | undefined): DayCount {
  if (divisor === 26) return 'twentySixths'
  if (divisor === 30) return 'thirtieths'
  return 'calendar'
}
