import { describe, expect, it } from 'vitest'
import { targetOf } from './fake-clock.ts'

describe('the moment a run on another day moves the clock to', () => {
  const now = new Date('2026-12-07T15:00:00Z')
  it('takes days ahead', () => {
    expect(targetOf('+90d', now)).toEqual(new Date('2027-03-07T15:00:00Z'))
  })
  it('takes 09:00 Italian time of the last day of this month', () => {
    expect(targetOf('fine-mese', now)).toEqual(new Date('2026-12-31T08:00:00Z'))
    expect(targetOf('fine-mese', new Date('2027-02-10T12:00:00Z'))).toEqual(new Date('2027-02-28T08:00:00Z'))
  })
  it('takes a moment in Italian time, summer time included', () => {
    expect(targetOf('2027-07-31T09:00', now)).toEqual(new Date('2027-07-31T07:00:00Z'))
  })
  it('answers in Italian what it takes otherwise', () => {
    expect(targetOf('domani', now)).toMatch(/^Data non valida: «domani»/)
  })
})
