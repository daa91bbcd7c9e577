/**
 * The 'Modalità di prova' card form (Stripe emulator): the checks Stripe's
 * card fields make before anything is sent — a number that passes the Luhn
 * check, a future expiry, a CVC of 3 digits (4 for American Express). Which
 * number does what (Stripe's test cards: declines, 3-D Secure) is the
 * emulator's business, as it is Stripe's: any valid number is sent as typed.
 */
import { billing } from '#modules/i18n'

const t = billing.checkout

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

/** The Luhn checksum of a card number (12 to 19 digits). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[digits.length - 1 - index])
    const weighted = index % 2 === 1 ? digit * 2 : digit
    sum += weighted > 9 ? weighted - 9 : weighted
  }
  return sum % 10 === 0
}

export type TestCardInput = { number: string; expiry: string; cvc: string }
export type TestCardProblems = Partial<Record<keyof TestCardInput, string>>
/** A card ready to send: digits only, the expiry's month and four-digit year as entered. */
export type TypedCard = { number: string; expMonth: number; expYear: number; cvc: string }

/** The card as Stripe's API takes it (`card[number]`, `card[exp_month]`, `card[exp_year]`, `card[cvc]`), under `prefix`. */
export function cardFields(card: TypedCard, prefix = 'card'): Record<string, string> {
  return {
    [`${prefix}[number]`]: card.number,
    [`${prefix}[exp_month]`]: String(card.expMonth),
    [`${prefix}[exp_year]`]: String(card.expYear),
    [`${prefix}[cvc]`]: card.cvc,
  }
}

/** The card to send, or the problems of each field. */
export function checkTestCard(
  input: TestCardInput,
  now: Date = new Date(),
): { card: TypedCard; problems: null } | { card: null; problems: TestCardProblems } {
  const problems: TestCardProblems = {}
  const number = digitsOf(input.number)
  if (!passesLuhn(number)) problems.number = t.cardNumberInvalid
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim())
  const expMonth = expiry ? Number(expiry[1]) : 0
  const expYear = expiry ? 2000 + Number(expiry[2]) : 0
  const currentMonth = now.getFullYear() * 12 + now.getMonth()
  if (!expiry || expMonth < 1 || expMonth > 12 || expYear * 12 + (expMonth - 1) < currentMonth)
    problems.expiry = t.cardExpiryInvalid
  const cvc = input.cvc.trim()
  const amex = /^3[47]/.test(number)
  if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) problems.cvc = t.cardCvcInvalid
  return Object.keys(problems).length === 0
    ? { card: { number, expMonth, expYear, cvc }, problems: null }
    : { card: null, problems }
}
