import { describe, expect, it } from 'vitest'
import { nextRunInRome } from './schedule.ts'

describe('the jobs’ schedules in Rome time', () => {
  it('plans the nightly reconciliation for the next 03:30 in Rome, today or tomorrow', () => {
    // 23:00 UTC on 22 November is midnight in Rome (CET, UTC+1): 03:30 is 02:30 UTC.
    expect(nextRunInRome('30 3 * * *', new Date('2026-11-22T23:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T02:30:00.000Z',
    )
    // 03:00 UTC is 04:00 in Rome: the next run is tomorrow's.
    expect(nextRunInRome('30 3 * * *', new Date('2026-11-23T03:00:00Z'))?.toISOString()).toBe(
      '2026-11-24T02:30:00.000Z',
    )
  })

  it('follows summer time, also across the night the clocks change', () => {
    // 1 July: CEST, UTC+2.
    expect(nextRunInRome('30 3 * * *', new Date('2026-07-01T00:00:00Z'))?.toISOString()).toBe(
      '2026-07-01T01:30:00.000Z',
    )
    // The night of 29 March 2026 the clocks go from 02:00 to 03:00: 03:30 is already summer time.
    expect(nextRunInRome('30 3 * * *', new Date('2026-03-28T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    )
    // The night of 25 October 2026 they go back: 03:30 is winter time again.
    expect(nextRunInRome('30 3 * * *', new Date('2026-10-24T12:00:00Z'))?.toISOString()).toBe(
      '2026-10-25T02:30:00.000Z',
    )
  })
})
