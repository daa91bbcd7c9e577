/**
 * One billing change at a time per account, across every instance of the
 * portal: a Postgres advisory lock keyed by the account. Waiting never holds a
 * database connection (the holder's Stripe calls may need the pool); only the
 * holder keeps the connection its session-level lock lives on, and a crash
 * releases it with the connection.
 */
import type { PoolClient } from 'pg'
import type { AppError } from '../platform/index.ts'
import { getBillingPool } from './runtime.ts'

const RETRY_MS = 50

const lockKey = (userId: string) => `billing:account:${userId}`

async function tryLock(userId: string): Promise<PoolClient | null> {
  const client = await (await getBillingPool()).connect()
  try {
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      lockKey(userId),
    ])
    if (locked.rows[0]?.ok) return client
  } catch (error) {
    client.release()
    throw error
  }
  client.release()
  return null
}

async function runAndUnlock<T>(client: PoolClient, userId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } finally {
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [lockKey(userId)])
      client.release()
    } catch (error) {
      // A connection that cannot unlock is dropped: closing it releases the lock.
      client.release(error instanceof Error ? error : true)
    }
  }
}

/**
 * Runs `work` once no other billing change of the account is running,
 * waiting up to `waitMs`; `busy` is thrown when the wait runs out.
 */
export async function afterOtherBillingChanges<T>(
  userId: string,
  options: { waitMs: number; busy: AppError },
  work: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + options.waitMs
  for (;;) {
    const client = await tryLock(userId)
    if (client) return runAndUnlock(client, userId, work)
    if (Date.now() >= deadline) throw options.busy
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS + Math.floor(Math.random() * RETRY_MS)))
  }
}

/** Runs `work` only if no other billing change of the account is running; `busy` is thrown otherwise. */
export async function unlessBillingChangeRunning<T>(
  userId: string,
  busy: AppError,
  work: () => Promise<T>,
): Promise<T> {
  return afterOtherBillingChanges(userId, { waitMs: 0, busy }, work)
}
