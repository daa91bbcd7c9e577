/**
 * The figures of the product pages' 'database in figures' block: contracts and
 * pay tables in the database and the news published in each of the last twelve
 * months, read when the page is rendered (the public page cache keeps them until
 * the next publish or import).
 */
import { calendarDay } from '../content/index.ts'
import { databaseTotals } from '../ccnl/index.ts'
import { newsPerMonth, type MonthCount } from '../feed/index.ts'

/** How many months the news chart covers, the current one included. */
export const FIGURE_MONTHS = 12

/** One month of the news chart: `YYYY-MM`, its Italian labels and the news published. */
export type MonthFigure = { month: string; shortLabel: string; label: string; count: number }

export type DatabaseFigures = { contracts: number; payTables: number; newsPerMonth: MonthFigure[] }

const shortMonth = new Intl.DateTimeFormat('it-IT', { month: 'short', year: '2-digit', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The `months` months (`YYYY-MM`, Italian time) that end with the one of `now`, oldest first. */
export function lastMonths(now: Date, months = FIGURE_MONTHS): string[] {
  const [year, month] = calendarDay(now).split('-').map(Number) as [number, number]
  return Array.from({ length: months }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (months - 1 - index), 1))
    return date.toISOString().slice(0, 7)
  })
}

/** The news chart's series: every one of the last months, with 0 where nothing was published. */
export function monthlySeries(counts: MonthCount[], now: Date, months = FIGURE_MONTHS): MonthFigure[] {
  const byMonth = new Map(counts.map((entry) => [entry.month, entry.count]))
  return lastMonths(now, months).map((month) => {
    const date = new Date(`${month}-01T00:00:00.000Z`)
    return {
      month,
      shortLabel: shortMonth.format(date),
      label: longMonth.format(date),
      count: byMonth.get(month) ?? 0,
    }
  })
}

/** The figures read from the database and the feed now. */
export async function databaseFigures(now = new Date()): Promise<DatabaseFigures> {
  const since = lastMonths(now)[0] ?? calendarDay(now).slice(0, 7)
  const [totals, counts] = await Promise.all([databaseTotals(), newsPerMonth(since)])
  return { ...totals, newsPerMonth: monthlySeries(counts, now) }
}
