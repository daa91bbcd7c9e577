/** The contact calls' rate limit, counted in Postgres so every instance counts together. */
import { limiterOnAccountsPool } from '../accounts/index.ts'
import type { Limiter } from '../platform/index.ts'

/** Marketing-contact calls from one address: 30 an hour (key: the client address). */
export function contactCallsLimiter(): Promise<Limiter> {
  return limiterOnAccountsPool('contactCallsByIp', () => ({ points: 30, durationSeconds: 60 * 60 }))
}
