/** The sign-up's rate limit, counted in Postgres so every instance counts together. */
import { limiterOnAccountsPool } from '../accounts/index.ts'
import { getEnv, type Limiter } from '../platform/index.ts'

/** Sign-ups from one address: `AUTH_SIGN_UPS_PER_HOUR` an hour (key: the client address). */
export function signupLimiter(): Promise<Limiter> {
  return limiterOnAccountsPool('signupsByIp', () => ({
    points: getEnv().AUTH_SIGN_UPS_PER_HOUR,
    durationSeconds: 60 * 60,
  }))
}
