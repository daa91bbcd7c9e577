/**
 * The rule of failed sign-ins, without storage: when an address waits, and
 * how much each sign-in on an account under attack is slowed down.
 */

/** How long a failed sign-in is remembered. */
export const LOGIN_WINDOW_SECONDS = 15 * 60

/** The numbers of the policy. */
export const loginThrottlePolicy = {
  /** Wrong passwords one address may send for one account within the window; the next attempts from it wait. */
  failuresPerAccountAndAddress: 5,
  /** Wrong passwords one address may send over every account within the window (an office shares one address). */
  failuresPerAddress: 20,
  /** Wrong passwords for one account, from every address, before its sign-ins are slowed down. */
  failuresPerAccountBeforeDelay: 10,
  /** The first delay; it doubles with each further failure on the account. */
  firstDelayMs: 1_000,
  /** The longest delay. */
  maxDelayMs: 10_000,
} as const

/** What the counters say about one sign-in attempt before the password is checked. */
export type LoginCounts = {
  /** Seconds until this address may try this account again (0: it may). */
  accountAndAddressRetryAfterSeconds: number
  /** Seconds until this address may try any account again (0: it may). */
  addressRetryAfterSeconds: number
  /** Failed sign-ins on this account from every address within the window. */
  accountFailures: number
}

/** A sign-in attempt refused (this address waits) or let through after a delay (milliseconds, often 0). */
export type LoginDecision =
  | { kind: 'refuse'; retryAfterSeconds: number; reason: 'account-and-address' | 'address' }
  | { kind: 'proceed'; delayMs: number }

/** The delay of every sign-in on an account with `failures` recent failures: 0, then 1 s doubling up to 10 s. */
export function loginDelayMs(failures: number): number {
  const beyond = failures - loginThrottlePolicy.failuresPerAccountBeforeDelay
  if (beyond < 0) return 0
  return Math.min(loginThrottlePolicy.maxDelayMs, loginThrottlePolicy.firstDelayMs * 2 ** beyond)
}

/** The decision on one sign-in attempt. */
export function loginDecision(counts: LoginCounts): LoginDecision {
  if (counts.accountAndAddressRetryAfterSeconds > 0)
    return {
      kind: 'refuse',
      retryAfterSeconds: counts.accountAndAddressRetryAfterSeconds,
      reason: 'account-and-address',
    }
  if (counts.addressRetryAfterSeconds > 0)
    return { kind: 'refuse', retryAfterSeconds: counts.addressRetryAfterSeconds, reason: 'address' }
  return { kind: 'proceed', delayMs: loginDelayMs(counts.accountFailures) }
}
