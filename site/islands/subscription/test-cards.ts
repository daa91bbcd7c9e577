/**
 * The 'Modalità di prova' card form's numbers (emulator mode only): each
 * usual Stripe test card number stands for the test token that behaves the
 * same way in the emulator.
 */
const tokens: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000002500003155': 'pm_card_authenticationRequired',
}

/** The token of a test card number (spaces ignored), or null for any other number. */
export function testCardToken(number: string): string | null {
  return tokens[number.replace(/[\s-]/g, '')] ?? null
}

/** True for an MM/AA expiry not in the past. */
export function validExpiry(value: string, now = new Date()): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value)
  if (!match) return false
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return false
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1)
}
