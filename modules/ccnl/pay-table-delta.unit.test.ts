import { describe, expect, it } from 'vitest'
import type { PayLevel } from '../content/index.ts'
import { levelMinimum, payTableDelta } from './pay-table-delta.ts'

const level = (code: string, basePay: number, costOfLiving = 0, thirdElement = 0) =>
  levelMinimum({
    code,
    description: `Livello ${code}`,
    basePay,
    costOfLiving,
    thirdElement,
    otherElements: [],
    seniorityStep: 0,
    hourlyDivisor: 168,
    dailyDivisor: 26,
    hoursPerDay: 0,
  } satisfies PayLevel)

describe('payTableDelta', () => {
  it('gives each level its minimum before and after, in euro and per cent', () => {
    // Level 4: 1,185.14 + 532.11 + 2.07 = 1,719.32 → 1,749.32 (+30.00, +1.74 %).
    const delta = payTableDelta(
      [level('4', 1185.14, 532.11, 2.07), level('5', 1066.25, 526.54, 1.83)],
      [level('4', 1215.14, 532.11, 2.07), level('5', 1093.25, 526.54, 1.83)],
    )
    expect(delta.levels[0]).toEqual({
      code: '4',
      description: 'Livello 4',
      before: 1719.32,
      after: 1749.32,
      difference: 30,
      percent: 1.74,
    })
    expect(delta.levels[1]).toMatchObject({ before: 1594.62, after: 1621.62, difference: 27, percent: 1.69 })
    expect(delta).toMatchObject({ largestPercent: 1.74, smallestPercent: 1.69 })
  })

  it('marks levels added and dropped, and makes a tenfold typo stand out', () => {
    const delta = payTableDelta([level('1', 2000), level('2', 1800)], [level('1', 20000), level('Q', 2600)])
    expect(delta.levels.map((entry) => [entry.code, entry.before, entry.after, entry.percent])).toEqual([
      ['1', 2000, 20000, 900],
      ['Q', null, 2600, null],
      ['2', 1800, null, null],
    ])
    expect(delta.largestPercent).toBe(900)
  })

  it('has nothing before for a category’s first table', () => {
    const delta = payTableDelta([], [level('1', 2000)])
    expect(delta.levels).toEqual([
      { code: '1', description: 'Livello 1', before: null, after: 2000, difference: null, percent: null },
    ])
    expect(delta.largestPercent).toBeNull()
  })
})
