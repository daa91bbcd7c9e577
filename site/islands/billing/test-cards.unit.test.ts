import { describe, expect, it } from 'vitest'
import { cardFields, checkTestCard, formatCardNumber, formatExpiry, passesLuhn } from './test-cards.ts'

const now = new Date('2026-11-23T12:00:00Z')

describe('test card form', () => {
  it('sends the card as typed: digits, the expiry month and its four-digit year (12/30 is December 2030)', () => {
    expect(checkTestCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now).card).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    })
    expect(
      cardFields(
        { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        'payment_method_data[card]',
      ),
    ).toEqual({
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
    })
  })

  it('accepts every Stripe test card, and any other number that passes the Luhn check', () => {
    for (const number of [
      '4242 4242 4242 4242',
      '5555-5555-5555-4444',
      '4000 0027 6000 3184',
      '4000 0025 0000 3155',
      '4000 0000 0000 9995',
      '4000 0000 0000 0069',
      '4000 0000 0000 0127',
      '4000 0000 0000 0002',
      '4000 0000 0000 0341',
      '4111 1111 1111 1111',
    ])
      expect(checkTestCard({ number, expiry: '11/26', cvc: '123' }, now).problems, number).toBeNull()
    expect(
      checkTestCard({ number: '3782 822463 10005', expiry: '01/27', cvc: '1234' }, now).problems,
    ).toBeNull()
    expect(passesLuhn('4242424242424241')).toBe(false)
    expect(passesLuhn('12345')).toBe(false)
  })

  it('names the field that is wrong', () => {
    // An expiry in the past (last month), a number failing the Luhn check, a short CVC.
    const result = checkTestCard({ number: '1234 5678 9012 3456', expiry: '10/26', cvc: '12' }, now)
    expect(result.card).toBeNull()
    expect(result.problems).toEqual({
      number: 'Il numero della carta non è valido.',
      expiry: 'Inserisci una scadenza futura nel formato MM/AA.',
      cvc: 'Il CVC è di 3 cifre (4 per American Express).',
    })
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
