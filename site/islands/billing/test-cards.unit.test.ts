import { describe, expect, it } from 'vitest'
import { checkTestCard, formatCardNumber, formatExpiry } from './test-cards.ts'

const now = new Date('2026-11-23T12:00:00Z')

describe('test card form', () => {
  it('maps the usual test numbers to the emulator tokens', () => {
    expect(checkTestCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now).token).toBe(
      'pm_card_visa',
    )
    expect(checkTestCard({ number: '4000000000000002', expiry: '12/30', cvc: '123' }, now).token).toBe(
      'pm_card_chargeDeclined',
    )
    expect(checkTestCard({ number: '4000 0025 0000 3155', expiry: '11/26', cvc: '123' }, now).token).toBe(
      'pm_card_authenticationRequired',
    )
    expect(checkTestCard({ number: '3782 822463 10005', expiry: '01/27', cvc: '1234' }, now).token).toBe(
      'pm_card_amex',
    )
    expect(checkTestCard({ number: '5555-5555-5555-4444', expiry: '11/26', cvc: '123' }, now).token).toBe(
      'pm_card_mastercard',
    )
  })

  it('names the field that is wrong', () => {
    // An expiry in the past (last month), a number that is no test card, a short CVC.
    const result = checkTestCard({ number: '1234 5678 9012 3456', expiry: '10/26', cvc: '12' }, now)
    expect(result.token).toBeNull()
    expect(Object.keys(result.problems ?? {})).toEqual(['number', 'expiry', 'cvc'])
    for (const expiry of ['13/30', '1230'])
      expect(checkTestCard({ number: '4242424242424242', expiry, cvc: '123' }, now).problems).toHaveProperty(
        'expiry',
      )
    // American Express wants four digits.
    expect(
      checkTestCard({ number: '378282246310005', expiry: '12/30', cvc: '123' }, now).problems,
    ).toHaveProperty('cvc')
  })

  it('groups the digits while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005')
    expect(formatExpiry('1230')).toBe('12/30')
    expect(formatExpiry('1')).toBe('1')
  })
})
