/** Calendar days as `yyyy-mm-dd` strings and the months between them, in UTC arithmetic (no time zones). */

const DAY_MS = 86_400_000

/** The first and last year a calculation may name: bounds checked before any work is done. */
export const FIRST_YEAR = 1950
export const LAST_YEAR = 2100

/** Whether `value` is a real calendar day written `yyyy-mm-dd`, between 1950 and 2100. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const year = Number(value.slice(0, 4))
  if (year < FIRST_YEAR || year > LAST_YEAR) return false
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
}

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`)
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The day after `day`. */
export const nextDay = (day: string): string => dayOf(utc(day) + DAY_MS)

/** The day before `day`. */
export const previousDay = (day: string): string => dayOf(utc(day) - DAY_MS)

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((utc(to) - utc(from)) / DAY_MS) + 1)
}

/** Days from `from` to `to` (both included) that are not Sundays: the working days of a six-day week. */
export function weekdaysBetween(from: string, to: string): number {
  const days = daysBetween(from, to)
  if (days === 0) return 0
  const firstWeekday = new Date(utc(from)).getUTCDay() // 0 = Sunday
  const sundays = Math.floor((days + ((firstWeekday + 6) % 7)) / 7)
  return days - sundays
}

/** `yyyy-mm` of a day. */
export const monthOf = (day: string): string => day.slice(0, 7)

/** The year of a day or a month. */
export const yearOf = (day: string): number => Number(day.slice(0, 4))

/** The first and last day of the month `yyyy-mm`. */
export function monthBounds(month: string): { first: string; last: string; days: number } {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate()
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}`, days }
}

/** `yyyy-mm` of month `month` (1–12) of `year`. */
export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`

/** How many months `from` to `to` touch (the months holding both counted), without listing them. */
export function monthSpan(from: string, to: string): number {
  const months = (yearOf(to) - yearOf(from)) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1
  return Math.max(0, months)
}

/** The months from the one holding `from` to the one holding `to`, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = monthOf(from).split('-').map(Number) as [number, number]
  const end = monthOf(to)
  for (;;) {
    const current = monthKey(year, month)
    if (current > end) return months
    months.push(current)
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

/** The later of two days. */
export const later = (a: string, b: string): string => (a > b ? a : b)

/** The earlier of two days. */
export const earlier = (a: string, b: string): string => (a < b ? a : b)
