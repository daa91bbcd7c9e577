import { describe, expect, it } from 'vitest'
import { trialEnd, trialExpiryMessage } from './trial.ts'

const at = (iso: string) => new Date(iso)

describe('trial expiry message', () => {
  it('counts calendar days in Rome', () => {
    expect(trialExpiryMessage(at('2026-11-29T09:00:00Z'), at('2026-11-22T10:00:00Z'))).toBe(
      'Il tuo periodo di prova gratuita termina tra 7 giorni, il 29/11/2026.',
    )
    expect(trialExpiryMessage(at('2026-11-24T08:00:00Z'), at('2026-11-22T22:00:00Z'))).toBe(
      'Il tuo periodo di prova gratuita termina tra 2 giorni, il 24/11/2026.',
    )
  })

  it('says tomorrow and today', () => {
    expect(trialExpiryMessage(at('2026-11-23T09:00:00Z'), at('2026-11-22T10:00:00Z'))).toBe(
      'Il tuo periodo di prova gratuita termina domani.',
    )
    // 23:30 in Rome on the 22nd is still the 22nd: the trial ends today.
    expect(trialExpiryMessage(at('2026-11-22T22:30:00Z'), at('2026-11-22T08:00:00Z'))).toBe(
      'Il tuo periodo di prova gratuita termina oggi.',
    )
  })

  it('says the trial has ended once its end has passed', () => {
    expect(trialExpiryMessage(at('2026-11-22T10:00:00Z'), at('2026-11-22T10:00:00Z'))).toBe(
      'Il tuo periodo di prova gratuita è terminato.',
    )
    expect(trialExpiryMessage(null, at('2026-11-22T10:00:00Z'))).toBe(
      'Il tuo periodo di prova gratuita è terminato.',
    )
  })

  it('lasts seven days', () => {
    expect(trialEnd(at('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-29T10:00:00.000Z')
  })
})
