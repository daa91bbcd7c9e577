import { describe, expect, it } from 'vitest'
import { msUntilNextRun } from './schedule.ts'

const HOUR = 3_600_000

describe('the nightly reconciliation time', () => {
  it('is the next 03:30 in Rome, today or tomorrow', () => {
    // 23:00 UTC on 22 November is midnight in Rome (CET): 3 h 30 min to go.
    expect(msUntilNextRun(new Date('2026-11-22T23:00:00Z'))).toBe(3.5 * HOUR)
    // 03:00 UTC is 04:00 in Rome: tomorrow's run is 23 h 30 min away.
    expect(msUntilNextRun(new Date('2026-11-23T03:00:00Z'))).toBe(23.5 * HOUR)
  })

  it('follows summer time', () => {
    // 00:00 UTC on 1 July is 02:00 in Rome (CEST).
    expect(msUntilNextRun(new Date('2026-07-01T00:00:00Z'))).toBe(1.5 * HOUR)
  })
})
