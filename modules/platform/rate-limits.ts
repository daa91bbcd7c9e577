/**
 * The portal's one rate-limiter factory: counters kept in Postgres (table
 * `rate_limits`, created by the accounts migration) with
 * rate-limiter-flexible, so every instance of the portal counts together.
 */
import type { Pool } from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from './errors.ts'

/** One counter: at most `points` events per `durationSeconds` for each key. */
export type LimitRule = { points: number; durationSeconds: number }

/** The cap of a counter that only counts (its events are never refused). */
export const COUNTED_ONLY = 1_000_000

/** The name of the table the counters live in. */
export const RATE_LIMIT_TABLE = 'rate_limits'

/** A counter that refuses the event beyond its rule. */
export type Limiter = {
  /** Counts one event for `key`; throws AppError 429 with `message` when the limit is exceeded. */
  hit: (key: string, message: string) => Promise<void>
  /** Counts one event without refusing it (failures counted after the fact). */
  record: (key: string) => Promise<void>
  /** True when `key` has used up its events in the current window. */
  exhausted: (key: string) => Promise<boolean>
  /** Events counted for `key` in its current window. */
  count: (key: string) => Promise<number>
  /** Seconds until `key` may act again (0 when it may now). */
  retryAfterSeconds: (key: string) => Promise<number>
  /** Forgets `key` (a successful login clears the failures of its account and address). */
  reset: (key: string) => Promise<void>
  /** Forgets every key that starts with `start` (a password reset clears every address's failures for the account). */
  resetStartingWith: (start: string) => Promise<void>
}

function isLimitReached(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes
}

/** One counter on `pool` for `rule`, its keys prefixed with `name` (each limit of the portal has its own name). */
export function createLimiter(pool: Pool, name: string, rule: LimitRule): Limiter {
  const store = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSeconds,
  })
  return {
    async hit(key, message) {
      try {
        await store.consume(key)
      } catch (error) {
        if (!isLimitReached(error)) throw error
        throw new AppError('too_many_requests', message, { cause: { retryAfterMs: error.msBeforeNext } })
      }
    },
    async record(key) {
      try {
        await store.consume(key)
      } catch (error) {
        // Over the limit already: the next attempt is refused by `exhausted`.
        if (!isLimitReached(error)) throw error
      }
    },
    async exhausted(key) {
      const current = await store.get(key)
      return current !== null && current.consumedPoints >= rule.points
    },
    async count(key) {
      return (await store.get(key))?.consumedPoints ?? 0
    },
    async retryAfterSeconds(key) {
      const current = await store.get(key)
      if (current === null || current.consumedPoints < rule.points) return 0
      return Math.max(1, Math.ceil(current.msBeforeNext / 1000))
    },
    async reset(key) {
      await store.delete(key)
    },
    async resetStartingWith(start) {
      // Compared by prefix, not LIKE: e-mail addresses may hold `_` and `%`.
      const prefix = store.getKey(start)
      await pool.query(`delete from ${RATE_LIMIT_TABLE} where left(key, length($1)) = $1`, [prefix])
    },
  }
}
