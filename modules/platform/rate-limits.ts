/**
 * The portal's one rate-limiter factory: counters kept in Postgres (table
 * `rate_limits`, created by the accounts migration) with
 * rate-limiter-flexible, so every instance of the portal counts together.
 *
 * An event is counted BEFORE the work it guards, in one statement
 * (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`): requests sent at once
 * each see their own count, so no burst gets more events through than the
 * rule allows. Work that turns out not to deserve counting (a right password)
 * gives its event back afterwards.
 */
import type { Pool } from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { tooManyRequests } from './errors.ts'

/** One counter: at most `points` events per `durationSeconds` for each key. */
export type LimitRule = { points: number; durationSeconds: number }

/** The cap of a counter that only counts (its events are never refused). */
export const COUNTED_ONLY = 1_000_000

/** The name of the table the counters live in. */
export const RATE_LIMIT_TABLE = 'rate_limits'

/** One event counted: how many the key has in its window (this one included), and whether this one is within the rule. */
export type Counted =
  { allowed: true; count: number } | { allowed: false; count: number; retryAfterSeconds: number }

/** A counter that refuses the event beyond its rule. */
export type Limiter = {
  /** Counts one event for `key` (atomically); throws AppError 429 with `message` and the wait when it is beyond the limit. */
  hit: (key: string, message: string) => Promise<void>
  /** Counts one event for `key` atomically, before the work it guards, and tells whether it is within the limit. */
  take: (key: string) => Promise<Counted>
  /** Gives back one event counted by `take` (never below zero; nothing once the window has ended). */
  giveBack: (key: string) => Promise<void>
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

/** Whole seconds until the window of a refused event ends (at least 1, so `Retry-After` always asks for a wait). */
const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

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
  const take = async (key: string): Promise<Counted> => {
    try {
      // One upsert that adds the point and returns the new count (rate-limiter-flexible's Postgres store).
      const counted = await store.consume(key)
      return { allowed: true, count: counted.consumedPoints }
    } catch (error) {
      if (!isLimitReached(error)) throw error
      return { allowed: false, count: error.consumedPoints, retryAfterSeconds: secondsOf(error.msBeforeNext) }
    }
  }
  return {
    take,
    async hit(key, message) {
      const counted = await take(key)
      if (!counted.allowed) throw tooManyRequests(message, counted.retryAfterSeconds)
    },
    async giveBack(key) {
      await pool.query(
        `update ${RATE_LIMIT_TABLE} set points = greatest(points - 1, 0) where key = $1 and expire > $2`,
        [store.getKey(key), Date.now()],
      )
    },
    async retryAfterSeconds(key) {
      const current = await store.get(key)
      if (current === null || current.consumedPoints < rule.points) return 0
      return secondsOf(current.msBeforeNext)
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
