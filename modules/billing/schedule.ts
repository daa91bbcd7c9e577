/**
 * The nightly reconciliation's run (the Payload job `stripeReconciliation`
 * schedules it): one run at a time across the instances of the portal — the
 * one that takes the Postgres advisory lock — re-syncs the mirror from Stripe.
 */
import type { Logger } from 'pino'
import { whenUnlocked } from '../platform/index.ts'
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
  const run = await whenUnlocked(await getBillingPool(), LOCK_KEY, async () => {
    const report = await reconcileAll()
    options.logger.info(
      { ...report, scheduledFor: options.scheduledFor ?? undefined },
      'Riconciliazione con Stripe completata',
    )
    return report
  })
  return run.ran ? run.value : null
}
