import { describe, expect, it } from 'vitest'
import { addPeriods } from './periods.ts'

const at = (iso: string) => Date.parse(iso) / 1000
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

describe('billing periods', () => {
  it('adds months and years in UTC, keeping the day where the month has it', () => {
    expect(iso(addPeriods(at('2026-01-31T10:15:00Z'), 'month'))).toBe('2026-02-28T10:15:00.000Z')
    expect(iso(addPeriods(at('2028-01-31T10:15:00Z'), 'month'))).toBe('2028-02-29T10:15:00.000Z')
    expect(iso(addPeriods(at('2026-03-30T23:30:00Z'), 'month'))).toBe('2026-04-30T23:30:00.000Z')
    expect(iso(addPeriods(at('2028-02-29T08:00:00Z'), 'year'))).toBe('2029-02-28T08:00:00.000Z')
    expect(iso(addPeriods(at('2026-11-26T12:00:00Z'), 'month', 3))).toBe('2027-02-26T12:00:00.000Z')
  })

  it('adds days and weeks as whole days, across the change of summer time in Rome', () => {
    expect(iso(addPeriods(at('2026-10-24T22:30:00Z'), 'day', 2))).toBe('2026-10-26T22:30:00.000Z')
    expect(iso(addPeriods(at('2026-03-27T12:00:00Z'), 'week'))).toBe('2026-04-03T12:00:00.000Z')
  })
})
