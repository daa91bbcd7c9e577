/** The accounts module's rate limits, counted by the platform's limiter (table `rate_limits`). */
import type { Pool } from 'pg'
import { COUNTED_ONLY, createLimiter, type LimitRule, type Limiter } from '../platform/index.ts'

import { LOGIN_WINDOW_SECONDS, loginThrottlePolicy } from './login-policy.ts'

/** Every limit of the accounts module. */
export const limitRules = {
  /** Failed logins for one account from one address (key `e-mail|address`). */
  loginFailuresByAccountAndIp: {
    points: loginThrottlePolicy.failuresPerAccountAndAddress,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  },
  /** Failed logins from one address over every account (password spraying). */
  loginFailuresByIp: {
    points: loginThrottlePolicy.failuresPerAddress,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  },
  /** Failed logins for one account from every address: counted only, they slow its sign-ins down. */
  loginFailuresByEmail: { points: COUNTED_ONLY, durationSeconds: LOGIN_WINDOW_SECONDS },
  /** Password-reset mails for one e-mail address. */
  resetRequestsByEmail: { points: 3, durationSeconds: 60 * 60 },
  /** Password-reset requests from one address. */
  resetRequestsByIp: { points: 10, durationSeconds: 60 * 60 },
  /** Wrong current passwords typed by one signed-in account (password and e-mail change). */
  passwordChecksByUser: { points: 10, durationSeconds: 15 * 60 },
  /** Profile picture uploads of one account. */
  pictureUploadsByUser: { points: 20, durationSeconds: 60 * 60 },
  /** Codes mailed to confirm an account's deletion (accounts without a password). */
  erasureCodesByUser: { points: 3, durationSeconds: 60 * 60 },
  /** Wrong deletion codes typed by one account. */
  erasureCodeChecksByUser: { points: 5, durationSeconds: 15 * 60 },
  /** Compatibility mail calls of one account. */
  mailCallsByUser: { points: 5, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>

export type LimitName = keyof typeof limitRules

export type Limiters = Record<LimitName, Limiter>

/** One Limiter per rule, all on the given pool. */
export function createLimiters(pool: Pool): Limiters {
  const entries = Object.entries(limitRules).map(
    ([name, rule]) => [name, createLimiter(pool, name, rule)] as const,
  )
  return Object.fromEntries(entries) as Limiters
}

/** The e-mail form of a counter key: trimmed, lower-case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}
