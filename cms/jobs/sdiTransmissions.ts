import type { TaskConfig } from 'payload'
import { runSdiTransmissions } from '../../modules/billing/index.ts'
import { getEnv, getLogger } from '../../modules/platform/index.ts'

/**
 * The electronic invoices' transmissions: every minute (JOBS_CRON) builds and
 * sends to SDI, through the intermediary of SDI_PROVIDER, the files waiting,
 * and collects the receipts of those sent. Nothing to do without an intermediary.
 */
export const sdiTransmissions: TaskConfig<'sdiTransmissions'> = {
  slug: 'sdiTransmissions',
  label: 'Invio delle fatture elettroniche a SDI',
  retries: 0,
  outputSchema: [
    { name: 'status', type: 'text', required: true },
    { name: 'built', type: 'number' },
    { name: 'sent', type: 'number' },
    { name: 'receipts', type: 'number' },
    { name: 'failed', type: 'number' },
  ],
  schedule: [{ cron: getEnv().JOBS_CRON, queue: 'default' }],
  handler: async () => {
    const report = await runSdiTransmissions({ logger: getLogger() })
    return { output: report ? { status: 'succeeded', ...report } : { status: 'skipped' } }
  },
}
