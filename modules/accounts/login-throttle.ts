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
 * Subscribers (better-auth) and CMS editors (Payload) each have their own counters.
 */
import type { Pool } from 'pg'
import {
  LOGIN_WINDOW_SECONDS,
  loginDecision,
  loginThrottlePolicy,
  type LoginDecision,
} from './login-policy.ts'
import { COUNTED_ONLY, createLimiter, type Limiter } from '../platform/index.ts'
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
  /** The decision on an attempt, from the counters. */
  check: (attempt: LoginAttempt) => Promise<LoginDecision>
  /** Counts a wrong password (or unknown account) for the account, the address and both together. */
  recordFailure: (attempt: LoginAttempt) => Promise<void>
  /** A right password: the address's failures on the account are forgotten. */
  recordSuccess: (attempt: LoginAttempt) => Promise<void>
  /** A password reset: every failure on the account, from every address, is forgotten. */
  forgetAccount: (email: string) => Promise<void>
}

/** The key of an account and address together; every key of an account starts with `pairPrefix`. */
const pairPrefix = (email: string) => `${emailKey(email)}|`
const pairKey = ({ email, ip }: LoginAttempt) => `${pairPrefix(email)}${ip}`

/** The throttle over a set of counters. */
export function createLoginThrottle(limiters: LoginThrottleLimiters): LoginThrottle {
  return {
    async check(attempt) {
      const [accountAndAddressRetryAfterSeconds, addressRetryAfterSeconds, accountFailures] =
        await Promise.all([
          limiters.loginFailuresByAccountAndIp.retryAfterSeconds(pairKey(attempt)),
          limiters.loginFailuresByIp.retryAfterSeconds(attempt.ip),
          limiters.loginFailuresByEmail.count(emailKey(attempt.email)),
        ])
      return loginDecision({ accountAndAddressRetryAfterSeconds, addressRetryAfterSeconds, accountFailures })
    },
    async recordFailure(attempt) {
      await Promise.all([
        limiters.loginFailuresByAccountAndIp.record(pairKey(attempt)),
        limiters.loginFailuresByIp.record(attempt.ip),
        limiters.loginFailuresByEmail.record(emailKey(attempt.email)),
      ])
    },
    async recordSuccess(attempt) {
      await limiters.loginFailuresByAccountAndIp.reset(pairKey(attempt))
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
