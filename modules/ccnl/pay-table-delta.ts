/**
 * What a new decorrenza changes: for each level, the monthly pay (every
 * element: base pay, cost of living, third element and the others) before and after, the difference in euro
 * and per cent, and the levels added or dropped; with the una tantum the new
 * table grants. The renewal alert, the editor's preview before saving and the
 * comparison of two decorrenze all read it.
 */
import { monthlyPay, type PayLevel, type UnaTantumRecord } from '../content/index.ts'

/** A level as the delta reads it: code, description and monthly minimum. */
export type LevelMinimum = { code: string; description: string; monthly: number }

export type LevelDelta = {
  code: string
  description: string
  /** null: the level is new in this decorrenza. */
  before: number | null
  /** null: the level is dropped by this decorrenza. */
  after: number | null
  /** after − before, in euro (null when either is missing). */
  difference: number | null
  /** The difference over `before`, in per cent (null when either is missing or `before` is 0). */
  percent: number | null
}

export type PayTableDelta = {
  levels: LevelDelta[]
  unaTantum: UnaTantumRecord[]
  /** The largest rise and fall in per cent: a tenfold typo stands out. */
  largestPercent: number | null
  smallestPercent: number | null
}

const round = (value: number, digits: number) =>
  Math.round((value + Number.EPSILON) * 10 ** digits) / 10 ** digits

/** A stored level's monthly pay: every element of it (`monthlyPay`). */
export const levelMinimum = (level: PayLevel): LevelMinimum => ({
  code: level.code,
  description: level.description,
  monthly: monthlyPay(level),
})
const monthlyOf = (level: LevelMinimum) => level.monthly

/** The delta from the previous decorrenza's levels (none for a category's first table) to the new ones. */
export function payTableDelta(
  previous: readonly LevelMinimum[],
  next: readonly LevelMinimum[],
  unaTantum: readonly UnaTantumRecord[] = [],
): PayTableDelta {
  const before = new Map(previous.map((level) => [level.code, level]))
  const seen = new Set<string>()
  const levels: LevelDelta[] = next.map((level) => {
    seen.add(level.code)
    const old = before.get(level.code)
    const after = round(monthlyOf(level), 2)
    const was = old ? round(monthlyOf(old), 2) : null
    const difference = was === null ? null : round(after - was, 2)
    return {
      code: level.code,
      description: level.description,
      before: was,
      after,
      difference,
      percent: was === null || was === 0 || difference === null ? null : round((difference / was) * 100, 2),
    }
  })
  for (const old of previous) {
    if (seen.has(old.code)) continue
    levels.push({
      code: old.code,
      description: old.description,
      before: round(monthlyOf(old), 2),
      after: null,
      difference: null,
      percent: null,
    })
  }
  const percents = levels.flatMap((level) => (level.percent === null ? [] : [level.percent]))
  return {
    levels,
    unaTantum: [...unaTantum],
    largestPercent: percents.length > 0 ? Math.max(...percents) : null,
    smallestPercent: percents.length > 0 ? Math.min(...percents) : null,
  }
}
