/** Rate limits of the public forms, counted in Postgres (table `rate_limits`) so every instance counts together. */
import type { Pool } from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '../platform/index.ts'

const stores = new Map<string, RateLimiterPostgres>()

/** The portal's Postgres pool (Payload's). */
export async function sitePool(): Promise<Pool> {
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  return (payload.db as unknown as { pool: Pool }).pool
}

/**
 * Counts one event for `key` under the rule `name` (`points` per `durationSeconds`);
 * throws AppError 429 with `message` beyond it.
 */
export async function hitLimit(
  rule: { name: string; points: number; durationSeconds: number },
  key: string,
  message: string,
): Promise<void> {
  let store = stores.get(rule.name)
  if (!store) {
    store = new RateLimiterPostgres({
      storeClient: await sitePool(),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
    })
    stores.set(rule.name, store)
  }
  try {
    await store.consume(key)
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
    throw new AppError('too_many_requests', message, { cause: { retryAfterMs: error.msBeforeNext } })
  }
}

/** Information and Enterprise requests from one address. */
export const enquiryLimit = { name: 'enquiriesByIp', points: 10, durationSeconds: 60 * 60 }
/**
 * Cookie choices from one address: a burst rule (a person records one choice, or a few changes, a
 * minute) and an hourly one (an office behind one address records one per person and change).
 */
export const consentLimits = [
  { name: 'cookieConsentBurstByIp', points: 20, durationSeconds: 60 },
  { name: 'cookieConsentsByIp', points: 200, durationSeconds: 60 * 60 },
] as const
