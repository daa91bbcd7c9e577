import type { TaskConfig } from 'payload'
import { runReconciliation } from '../../modules/billing/index.ts'
import { getEnv, getLogger } from '../../modules/platform/index.ts'
import { romeSchedule } from './schedule.ts'

/**
 * The nightly reconciliation with Stripe: on the RECONCILIATION_CRON schedule
 * (03:30 in Rome by default) re-syncs the billing mirror from Stripe, healing
 * what a lost or failed webhook left behind.
 */
export const stripeReconciliation: TaskConfig<'stripeReconciliation'> = {
  slug: 'stripeReconciliation',
  label: 'Riconciliazione notturna con Stripe',
  retries: 1,
  outputSchema: [
    { name: 'status', type: 'text', required: true },
    { name: 'customers', type: 'number' },
    { name: 'subscriptions', type: 'number' },
    { name: 'invoices', type: 'number' },
  ],
  schedule: [romeSchedule(getEnv().RECONCILIATION_CRON, 'nightly')],
  handler: async ({ job }) => {
    const report = await runReconciliation({ logger: getLogger(), scheduledFor: job.waitUntil })
    return { output: report ? { status: 'succeeded', ...report } : { status: 'skipped' } }
  },
}
