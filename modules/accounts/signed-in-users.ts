/**
 * How many subscribers are signed in: accounts with at least one session not
 * yet expired (on the sessions' expiry index), counted at most once a minute
 * whatever the number of metrics scrapes.
 */
import type { Pool } from 'pg'
import { createCache } from '../platform/index.ts'

/** How long a count is reused. */
export const SIGNED_IN_COUNT_TTL_MS = 60_000

const counts = createCache<number>({ name: 'signed-in-users', max: 1, ttl: SIGNED_IN_COUNT_TTL_MS })

/** Accounts with a live session, counted on `pool` at most once per SIGNED_IN_COUNT_TTL_MS. */
export function signedInUsers(pool: Pool): Promise<number> {
  return counts.get('count', async () => {
    const { rows } = await pool.query<{ users: string }>(
      'select count(distinct user_id) as users from auth_sessions where expires_at > now()',
    )
    return Number(rows[0]?.users ?? 0)
  })
}
