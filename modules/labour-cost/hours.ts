/**
 * The hours of a year by the Ministry's method: the theoretical hours of the
 * contract's week (52.2 weeks: 2,088 hours for 40 hours a week, the figure
 * the Ministry's tables print as 'Ore annue teoriche'), less the hours not
 * worked (holidays, festività on working days, permessi/ROL and ex
 * festività, the average absences), each shown. Part-time scales them all.
 */
import type { HoursMethod } from '../content/index.ts'

/** Weeks in the Ministry's year: 261 working days of a five-day week. */
export const WEEKS_PER_YEAR = 52.2

export type HoursDeduction = { code: string; label: string; hours: number }

export type HoursResult = {
  /** The contract's hours of the year for this worker (the hours the salary pays). */
  theoretical: number
  deductions: HoursDeduction[]
  worked: number
  /** The hours the salary pays: the theoretical ones. */
  paid: number
  source: string
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100

/** The full-time hours not worked (holidays, festività, leave, absences), before the part-time share. */
export function hoursNotWorked(method: HoursMethod): number {
  return (
    method.holidays +
    method.festivities +
    method.leave +
    method.absences.reduce((total, absence) => total + absence.hours, 0)
  )
}

/** The year's hours for a week of `weeklyHours` and a part-time share (0–1]. */
export function hoursOf(method: HoursMethod, weeklyHours: number, share: number): HoursResult {
  const theoretical = twoDecimals(weeklyHours * WEEKS_PER_YEAR * share)
  const deductions: HoursDeduction[] = [
    { code: 'ferie', label: 'Ferie', hours: twoDecimals(method.holidays * share) },
    {
      code: 'festivita',
      label: 'Festività cadenti in giorni lavorativi',
      hours: twoDecimals(method.festivities * share),
    },
    {
      code: 'permessi',
      label: 'Permessi retribuiti, ROL ed ex festività',
      hours: twoDecimals(method.leave * share),
    },
    ...method.absences.map((absence, index) => ({
      code: `assenza-${index + 1}`,
      label: absence.label,
      hours: twoDecimals(absence.hours * share),
    })),
  ]
  const worked = twoDecimals(theoretical - deductions.reduce((total, entry) => total + entry.hours, 0))
  if (worked <= 0) throw new RangeError('hours not worked exceed the theoretical hours')
  return { theoretical, deductions, worked, paid: theoretical, source: method.source }
}
