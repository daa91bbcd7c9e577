/** Rate limits of the public forms, counted by the platform's limiter so every instance counts together. */
import type { Pool } from 'pg'
import { createLimiter, type LimitRule, type Limiter } from '../platform/index.ts'

/** One limiter per rule, made at its first use. */
const limiters = new Map<string, Limiter>()

/** The portal's Postgres pool (Payload's). */
export async function sitePool(): Promise<Pool> {
  const { getPool } = await import('../cms/index.ts')
  return getPool()
}

/**
 * Counts one event for `key` under the rule `name` (`points` per `durationSeconds`);
 * throws AppError 429 with `message` beyond it.
 */
export async function hitLimit(
  rule: LimitRule & { name: string },
  key: string,
  message: string,
): Promise<void> {
  let limiter = limiters.get(rule.name)
  if (!limiter) {
    limiter = createLimiter(await sitePool(), rule.name, rule)
    limiters.set(rule.name, limiter)
  }
  await limiter.hit(key, message)
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
