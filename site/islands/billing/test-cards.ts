/**
 * The 'Modalità di prova' card form (Stripe emulator): the usual Stripe test
 * card numbers mapped to the test tokens the emulator knows, and the checks of
 * number, expiry and CVC.
 */
import { it } from '../../../modules/i18n/index.ts'

const t = it.billing.checkout

/** Test card numbers (digits only) and their Stripe test tokens. */
export const testCardTokens: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000002500003155': 'pm_card_authenticationRequired',
}

export const digitsOf = (value: string) => value.replace(/\D/g, '')

/** The number as typed, grouped like the card (4-6-5 for American Express, groups of 4 otherwise). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19)
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ')
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** 'MM/AA' while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

export type TestCardInput = { number: string; expiry: string; cvc: string }
export type TestCardProblems = Partial<Record<keyof TestCardInput, string>>

/** The test token of a card, or the problems of each field. */
export function checkTestCard(
  input: TestCardInput,
  now: Date = new Date(),
): { token: string; problems: null } | { token: null; problems: TestCardProblems } {
  const problems: TestCardProblems = {}
  const number = digitsOf(input.number)
  const token = testCardTokens[number]
  if (!token) problems.number = t.cardNumberInvalid
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim())
  const month = expiry ? Number(expiry[1]) : 0
  const year = expiry ? 2000 + Number(expiry[2]) : 0
  const currentMonth = now.getFullYear() * 12 + now.getMonth()
  if (!expiry || month < 1 || month > 12 || year * 12 + (month - 1) < currentMonth)
    problems.expiry = t.cardExpiryInvalid
  const amex = /^3[47]/.test(number)
  if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(input.cvc.trim())) problems.cvc = t.cardCvcInvalid
  return token && Object.keys(problems).length === 0 ? { token, problems: null } : { token: null, problems }
}
