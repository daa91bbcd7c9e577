/** Months of service in a period: a month counts when at least 15 of its days inside the period were served. */
import { daysBetween, earlier, later, monthBounds, monthsBetween } from './calendar.ts'

/** A month of service needs this many days served in it. */
export const MIN_DAYS_FOR_A_MONTH = 15

/** The months of `periodFrom`–`periodTo` with at least 15 days served between `from` and `to`. */
export function monthsServed(periodFrom: string, periodTo: string, from: string, to: string): number {
  const start = later(periodFrom, from)
  const end = earlier(periodTo, to)
  if (start > end) return 0
  let served = 0
  for (const month of monthsBetween(start, end)) {
    const bounds = monthBounds(month)
    if (daysBetween(later(bounds.first, start), earlier(bounds.last, end)) >= MIN_DAYS_FOR_A_MONTH)
      served += 1
  }
  return served
}
