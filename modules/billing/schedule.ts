/**
 * The nightly reconciliation: once a night (03:30, Rome time) one instance of
 * the portal — the one that takes the Postgres advisory lock — re-syncs the
 * mirror from Stripe.
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { reconcileAll } from './reconcile.ts'

const LOCK_KEY = 'billing:reconciliation'

/** Milliseconds until the next 03:30 in Rome. */
export function msUntilNextRun(now: Date, hour = 3, minute = 30): number {
  const rome = new Date(now.toLocaleString('en-US', { timeZone: 'Europe/Rome' }))
  const next = new Date(rome)
  next.setHours(hour, minute, 0, 0)
  if (next <= rome) next.setDate(next.getDate() + 1)
  return next.getTime() - rome.getTime()
}

/** Runs the reconciliation if no other instance is running it. */
export async function runReconciliation(pool: Pool, logger: Logger): Promise<boolean> {
  const client = await pool.connect()
  try {
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      LOCK_KEY,
    ])
    if (!locked.rows[0]?.ok) return false
    try {
      const report = await reconcileAll()
      logger.info(report, 'Riconciliazione con Stripe completata')
      return true
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [LOCK_KEY])
    }
  } finally {
    client.release()
  }
}

export function startReconciliationSchedule(options: { pool: Pool; logger: Logger }): { stop: () => void } {
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  const plan = () => {
    if (stopped) return
    timer = setTimeout(() => {
      runReconciliation(options.pool, options.logger)
        .catch((error: unknown) =>
          options.logger.error({ err: error }, 'Riconciliazione con Stripe non riuscita'),
        )
        .finally(plan)
    }, msUntilNextRun(new Date()))
    timer.unref()
  }
  plan()
  return {
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
