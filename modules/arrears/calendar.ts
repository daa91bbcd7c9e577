/** Calendar days as `yyyy-mm-dd` strings and the months between them, in UTC arithmetic (no time zones). */

const DAY_MS = 86_400_000

/** Whether `value` is a real calendar day written `yyyy-mm-dd`. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
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

/** `yyyy-mm` of a day. */
export const monthOf = (day: string): string => day.slice(0, 7)

/** The first and last day of the month `yyyy-mm`. */
export function monthBounds(month: string): { first: string; last: string; days: number } {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate()
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}`, days }
}

/** The months from the one holding `from` to the one holding `to`, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = monthOf(from).split('-').map(Number) as [number, number]
  const end = monthOf(to)
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`
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
