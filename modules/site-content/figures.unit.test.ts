import { describe, expect, it } from 'vitest'
import { lastMonths, monthlySeries } from './figures.ts'

describe('the news-per-month series of the product pages', () => {
  const now = new Date('2026-11-26T10:00:00.000Z')

  it('covers the twelve months ending with the current one, oldest first', () => {
    expect(lastMonths(now)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ])
  })

  it('counts months without news as 0', () => {
    const series = monthlySeries(
      [
        { month: '2026-03', count: 4 },
        { month: '2026-11', count: 2 },
      ],
      now,
    )
    expect(series).toHaveLength(12)
    expect(series.map((month) => month.count)).toEqual([0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 2])
  })

  it('labels the months in Italian', () => {
    const series = monthlySeries([], now)
    expect(series[0]).toMatchObject({ month: '2025-12', label: 'dicembre 2025', shortLabel: 'dic 25' })
    expect(series.at(-1)).toMatchObject({ month: '2026-11', label: 'novembre 2026', shortLabel: 'nov 26' })
  })

  it('takes the month in Italian time: the last night of October in Rome is still October', () => {
    const halloween = new Date('2026-10-31T22:30:00.000Z')
    expect(lastMonths(halloween).at(-1)).toBe('2026-10')
    const newYear = new Date('2026-12-31T23:30:00.000Z')
    expect(lastMonths(newYear).at(-1)).toBe('2027-01')
  })
})
