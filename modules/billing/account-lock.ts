/**
 * One billing change at a time per account, across every instance of the
 * portal: a Postgres advisory lock keyed by the account. Waiting never holds a
 * database connection (the holder's Stripe calls may need the pool); only the
 * holder keeps the connection its session-level lock lives on, and a crash
 * releases it with the connection.
 */
import { whenUnlocked, type AppError } from '../platform/index.ts'
import { getBillingPool } from './runtime.ts'

const RETRY_MS = 50

const lockKey = (userId: string) => `billing:account:${userId}`

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
  const pool = await getBillingPool()
  for (;;) {
    const run = await whenUnlocked(pool, lockKey(userId), work)
    if (run.ran) return run.value
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
