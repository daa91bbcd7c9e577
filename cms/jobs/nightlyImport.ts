import type { TaskConfig } from 'payload'
import { importSource } from '../../modules/importer/index.ts'
import { getEnv } from '../../modules/platform/index.ts'
import { romeSchedule } from './schedule.ts'

/**
 * The nightly import: on the IMPORT_CRON schedule (Rome time), imports IMPORT_SOURCE (a
 * data package folder or the CNEL list) and logs the run in import-runs.
 * Nothing is scheduled while IMPORT_SOURCE is unset.
 */
export const nightlyImport: TaskConfig<'nightlyImport'> = {
  slug: 'nightlyImport',
  label: 'Importazione notturna',
  retries: 0,
  outputSchema: [
    { name: 'status', type: 'text', required: true },
    { name: 'created', type: 'number' },
    { name: 'updated', type: 'number' },
    { name: 'unchanged', type: 'number' },
    { name: 'rejected', type: 'number' },
  ],
  schedule: [romeSchedule(getEnv().IMPORT_CRON, 'nightly', () => !getEnv().IMPORT_SOURCE)],
  handler: async ({ req }) => {
    const source = getEnv().IMPORT_SOURCE
    if (!source) return { output: { status: 'skipped' } }
    const report = await importSource({ source, payload: req.payload, trigger: 'job' })
    if (report.status === 'failed') {
      req.payload.logger.error({ source, error: report.error }, 'Importazione notturna non riuscita')
    }
    return {
      output: {
        status: report.status,
        created: report.totals.created,
        updated: report.totals.updated,
        unchanged: report.totals.unchanged,
        rejected: report.totals.rejected,
      },
    }
  },
}
