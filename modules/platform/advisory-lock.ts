/**
 * One holder at a time across every instance of the portal: a Postgres
 * session-level advisory lock on a named key. Only the holder keeps the
 * connection its lock lives on; a connection that cannot unlock is dropped,
 * which releases the lock, and so does a crash.
 */
import type { Pool } from 'pg'

/** What `whenUnlocked` did: ran `work` (with its value) or found the key held by another. */
export type LockedRun<T> = { ran: true; value: T } | { ran: false }

/** Runs `work` if nobody holds `key`, holding it meanwhile; never waits. */
export async function whenUnlocked<T>(
  pool: Pool,
  key: string,
  work: () => Promise<T>,
): Promise<LockedRun<T>> {
  const client = await pool.connect()
  const locked = await client
    .query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key])
    .then((result) => Boolean(result.rows[0]?.ok))
    .catch((error: unknown) => {
      client.release()
      throw error
    })
  if (!locked) {
    client.release()
    return { ran: false }
  }
  try {
    return { ran: true, value: await work() }
  } finally {
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key])
      client.release()
    } catch (error) {
      client.release(error instanceof Error ? error : true)
    }
  }
}
