/**
 * The per-address limit of every search (the news, contract, activity and
 * in-document searches, through the API and the pages alike): at most
 * SEARCHES_PER_MINUTE a minute from one client address, counted in Postgres so
 * every instance counts together. Beyond it the search is refused with a 429
 * that says how long to wait, before any search work is done.
 */
import type { Pool } from 'pg'
import { it } from '../i18n/index.ts'
import { createLimiter, getEnv, type Limiter } from '../platform/index.ts'

/** The window of the limit. */
const SEARCH_LIMIT_WINDOW_SECONDS = 60

const limiters = new WeakMap<Pool, Limiter>()

/** The portal's pool (Payload's), imported on demand as `getSearch` does: the CMS configuration imports this module. */
async function portalPool(): Promise<Pool> {
  const { getPool } = await import('../cms/index.ts')
  return getPool()
}

/** Counts one search from `address`; throws AppError 429 (Italian, with the seconds to wait) beyond the limit. */
export async function countSearch(address: string): Promise<void> {
  const pool = await portalPool()
  let limiter = limiters.get(pool)
  if (!limiter) {
    limiter = createLimiter(pool, 'searchesByIp', {
      points: getEnv().SEARCHES_PER_MINUTE,
      durationSeconds: SEARCH_LIMIT_WINDOW_SECONDS,
    })
    limiters.set(pool, limiter)
  }
  await limiter.hit(address, it.errors.tooManySearches)
}
