/** The free trial: its length and the top bar's message about its end. */
import { formatDate, it } from '../i18n/index.ts'

/** Length of the free trial. */
export const TRIAL_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** When a trial started at `start` ends. */
export function trialEnd(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS)
}

/** The calendar day of `value` in Rome, as yyyy-mm-dd, to compare days. */
export function romeDay(value: Date): string {
  return romeDayFormat.format(value)
}

const romeDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' })

/** Whole calendar days (Rome) from `now` to `end`. */
export function calendarDaysBetween(now: Date, end: Date): number {
  const [a, b] = [romeDay(now), romeDay(end)].map((day) => Date.parse(`${day}T00:00:00Z`))
  return Math.round(((b as number) - (a as number)) / DAY_MS)
}

/**
 * The message of the top bar (`GET /api/v1/user/trial-expire`) for a trial
 * ending at `trialEndsAt`: the days left, or that it has ended.
 */
export function trialExpiryMessage(trialEndsAt: Date | null, now: Date): string {
  if (!trialEndsAt || trialEndsAt.getTime() <= now.getTime()) return it.accounts.trial.expired
  const days = calendarDaysBetween(now, trialEndsAt)
  if (days <= 0) return it.accounts.trial.endsToday
  if (days === 1) return it.accounts.trial.endsTomorrow
  return it.accounts.trial.endsIn(days, formatDate(trialEndsAt))
}
