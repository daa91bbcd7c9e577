/**
 * Failed sign-ins, counted so that guessing a password is slow while the
 * owner of the account is never locked out by someone else's guesses:
 *
 * - one address that keeps failing on one account waits out the window
 *   (the owner elsewhere is not concerned);
 * - one address that fails on many accounts (password spraying) waits too;
 * - failures on one account from every address together slow down each
 *   sign-in on that account by a growing delay, never refuse it;
 * - a successful sign-in clears its address's failures on the account, a
 *   password reset every failure on the account.
 *
 * Every attempt is counted as a failure BEFORE its password is checked, each
 * counter in one atomic statement (platform's `Limiter.take`): attempts sent
 * at once each see their own count, so a burst gets no more guesses through
 * than the rule allows. An attempt refused, or one whose password was right
 * or never judged, gives its counts back.
 *
 * Subscribers (better-auth) and CMS editors (Payload) each have their own counters.
 */
import type { Pool } from 'pg'
import {
  LOGIN_WINDOW_SECONDS,
  loginDecision,
  loginThrottlePolicy,
  type LoginDecision,
} from './login-policy.ts'
import { COUNTED_ONLY, createLimiter, type Counted, type Limiter } from '../platform/index.ts'
import { emailKey } from './rate-limits.ts'

/** The counters one population's sign-ins are judged by. */
export type LoginThrottleLimiters = {
  loginFailuresByAccountAndIp: Limiter
  loginFailuresByIp: Limiter
  loginFailuresByEmail: Limiter
}

/** One sign-in attempt: the account's e-mail (any case) and the client's address. */
export type LoginAttempt = { email: string; ip: string }

export type LoginThrottle = {
  /**
   * Counts the attempt as a failure of the account, the address and both together, before its
   * password is checked, and decides: refused (its counts given back), or let through after a delay.
   */
  begin: (attempt: LoginAttempt) => Promise<LoginDecision>
  /** A right password: the attempt was no failure, and the address's failures on the account are forgotten. */
  succeeded: (attempt: LoginAttempt) => Promise<void>
  /** An attempt let through whose password was never judged (a refused origin, a flood limit): not a failure. */
  abandoned: (attempt: LoginAttempt) => Promise<void>
  /** A password reset: every failure on the account, from every address, is forgotten. */
  forgetAccount: (email: string) => Promise<void>
}

/** The key of an account and address together; every key of an account starts with `pairPrefix`. */
const pairPrefix = (email: string) => `${emailKey(email)}|`
const pairKey = ({ email, ip }: LoginAttempt) => `${pairPrefix(email)}${ip}`

/** Seconds a refused count asks to wait (0 for a count within its rule). */
const waitOf = (counted: Counted) => (counted.allowed ? 0 : counted.retryAfterSeconds)

/** The throttle over a set of counters. */
export function createLoginThrottle(limiters: LoginThrottleLimiters): LoginThrottle {
  const giveBack = (attempt: LoginAttempt) =>
    Promise.all([
      limiters.loginFailuresByAccountAndIp.giveBack(pairKey(attempt)),
      limiters.loginFailuresByIp.giveBack(attempt.ip),
      limiters.loginFailuresByEmail.giveBack(emailKey(attempt.email)),
    ])
  return {
    async begin(attempt) {
      const [pair, address, account] = await Promise.all([
        limiters.loginFailuresByAccountAndIp.take(pairKey(attempt)),
        limiters.loginFailuresByIp.take(attempt.ip),
        limiters.loginFailuresByEmail.take(emailKey(attempt.email)),
      ])
      const decision = loginDecision({
        accountAndAddressRetryAfterSeconds: waitOf(pair),
        addressRetryAfterSeconds: waitOf(address),
        // The failures before this attempt (its own count is not one yet).
        accountFailures: account.count - 1,
      })
      // A refused attempt checks no password: it is no failure, and the counters stay at their limits.
      if (decision.kind === 'refuse') await giveBack(attempt)
      return decision
    },
    async succeeded(attempt) {
      await Promise.all([
        limiters.loginFailuresByAccountAndIp.reset(pairKey(attempt)),
        limiters.loginFailuresByIp.giveBack(attempt.ip),
        limiters.loginFailuresByEmail.giveBack(emailKey(attempt.email)),
      ])
    },
    async abandoned(attempt) {
      await giveBack(attempt)
    },
    async forgetAccount(email) {
      await Promise.all([
        limiters.loginFailuresByAccountAndIp.resetStartingWith(pairPrefix(email)),
        limiters.loginFailuresByEmail.reset(emailKey(email)),
      ])
    },
  }
}

const editorThrottles = new WeakMap<Pool, LoginThrottle>()

/** The throttle of the CMS editors' sign-ins (their own counters, apart from the subscribers'). */
export function editorLoginThrottle(pool: Pool): LoginThrottle {
  let throttle = editorThrottles.get(pool)
  if (!throttle) {
    const rule = (points: number) => ({ points, durationSeconds: LOGIN_WINDOW_SECONDS })
    throttle = createLoginThrottle({
      loginFailuresByAccountAndIp: createLimiter(
        pool,
        'editorLoginFailuresByAccountAndIp',
        rule(loginThrottlePolicy.failuresPerAccountAndAddress),
      ),
      loginFailuresByIp: createLimiter(
        pool,
        'editorLoginFailuresByIp',
        rule(loginThrottlePolicy.failuresPerAddress),
      ),
      loginFailuresByEmail: createLimiter(pool, 'editorLoginFailuresByEmail', rule(COUNTED_ONLY)),
    })
    editorThrottles.set(pool, throttle)
  }
  return throttle
}

/** Waits `ms` milliseconds (the delay of a slowed-down sign-in). */
export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
