import type { TaskConfig } from 'payload'
import { privacyPool, produceDataExport } from '../../modules/privacy/index.ts'

/** 'Scarica i miei dati': prepares the archive of one request and mails its link (queued by the request). */
export const dataExport: TaskConfig<'dataExport'> = {
  slug: 'dataExport',
  label: 'Esportazione dei dati personali',
  retries: 3,
  inputSchema: [{ name: 'exportId', type: 'text', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  handler: async ({ input }) => ({
    output: { outcome: await produceDataExport({ pool: await privacyPool(), exportId: input.exportId }) },
  }),
}
