/**
 * The nightly reconciliation's run (the Payload job `stripeReconciliation`
 * schedules it): one run at a time across the instances of the portal — the
 * one that takes the Postgres advisory lock — re-syncs the mirror from Stripe.
 */
import type { Logger } from 'pino'
import { reconcileAll, type ReconcileReport } from './reconcile.ts'
import { getBillingPool } from './runtime.ts'

const LOCK_KEY = 'billing:reconciliation'

/**
 * Runs the reconciliation unless another run holds the lock; its report, or
 * null when it did not run. `scheduledFor` is the time the run was planned for (logged).
 */
export async function runReconciliation(options: {
  logger: Pick<Logger, 'info'>
  scheduledFor?: string | null
}): Promise<ReconcileReport | null> {
  const client = await (await getBillingPool()).connect()
  try {
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      LOCK_KEY,
    ])
    if (!locked.rows[0]?.ok) return null
    try {
      const report = await reconcileAll()
      options.logger.info(
        { ...report, scheduledFor: options.scheduledFor ?? undefined },
        'Riconciliazione con Stripe completata',
      )
      return report
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [LOCK_KEY])
    }
  } finally {
    client.release()
  }
}
