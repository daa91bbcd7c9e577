/**
 * Stripe's test cards: the test tokens a server passes as payment method
 * (`pm_card_visa` …), the documented numbers a buyer types in a card form, and
 * what each card does when it is attached or charged — with Stripe's error
 * codes, decline codes and messages (docs.stripe.com/testing). A number that is
 * not in the list but passes the Luhn check is a card that pays, as in
 * Stripe's test mode.
 */

/** How a card refuses: Stripe's error `code`, `decline_code` and message. */
export type CardDecline = { code: string; declineCode: string; message: string }

export const declines = {
  generic: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expiredCard: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  /** An off-session charge the bank wants authenticated (the buyer is not there to do it). */
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  /** The buyer refused (or failed) the bank's challenge. */
  authenticationFailed: {
    code: 'payment_intent_authentication_failure',
    declineCode: 'authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} satisfies Record<string, CardDecline>

/** Stripe's test cards, by the token a test integration passes as payment method. */
export type TestCard = {
  brand: string
  last4: string
  /**
   * What a charge does: pay; decline (`decline`); ask for 3-D Secure on every
   * payment, so off-session charges fail (`requiresAuthentication`, 3184); ask
   * for it on session, and let off-session charges pay once the card has been
   * authenticated for future use (`requiresAuthenticationOnSetup`, 3155).
   */
  behaviour: 'succeeds' | 'declines' | 'requiresAuthentication' | 'requiresAuthenticationOnSetup'
  /** Why a declining card declines (generic when absent). */
  decline?: CardDecline
  /** Attaching the card to a customer is refused too (Stripe checks the card when attaching it). */
  attachFails?: boolean
}

export const testCards: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'declines', attachFails: true },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: 'declines',
    decline: declines.insufficientFunds,
    attachFails: true,
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    behaviour: 'declines',
    decline: declines.expiredCard,
    attachFails: true,
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    behaviour: 'declines',
    decline: declines.incorrectCvc,
    attachFails: true,
  },
  /** Attaches, then every charge fails: a renewal on a card that stopped working. */
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', behaviour: 'declines' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: 'requiresAuthentication' },
  pm_card_authenticationRequiredOnSetup: {
    brand: 'visa',
    last4: '3155',
    behaviour: 'requiresAuthenticationOnSetup',
  },
}

/** Stripe's documented card numbers and the test token each stands for. */
export const testCardNumbers: Readonly<Record<string, keyof typeof testCards>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '371449635398431': 'pm_card_amex',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000002760003184': 'pm_card_authenticationRequired',
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/** The card network by the number's prefix, as Stripe names it. */
export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover'
  if (/^(36|30[0-5]|38|39)/.test(digits)) return 'diners'
  if (/^35/.test(digits)) return 'jcb'
  if (/^62/.test(digits)) return 'unionpay'
  return 'unknown'
}
