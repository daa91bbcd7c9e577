/**
 * Billing periods as Stripe counts them: whole days, weeks, months or years
 * added to a timestamp in seconds, in UTC, keeping the day of the month where
 * it exists (31 January + 1 month = 28 or 29 February).
 */
import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, addWeeks, addYears } from 'date-fns'

export type PeriodInterval = 'day' | 'week' | 'month' | 'year'

const adders = { day: addDays, week: addWeeks, month: addMonths, year: addYears } as const

/** `count` intervals after `timestamp` (seconds, UTC); an unknown interval counts as months. */
export function addPeriods(timestamp: number, interval: string, count = 1): number {
  const add = adders[interval as PeriodInterval] ?? addMonths
  return Math.floor(add(new TZDate(timestamp * 1000, 'UTC'), count).getTime() / 1000)
}
