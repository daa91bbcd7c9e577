/**
 * A request of 'Scarica i miei dati': at most one an hour per account
 * (counted in `rate_limits` across instances), recorded as pending and handed
 * to the jobs queue (task `dataExport`), which prepares the archive and mails
 * the link. The queued job is started at once on this instance; the queue's
 * own runner picks it up otherwise.
 */
import { randomUUID } from 'node:crypto'
import type { Pool } from 'pg'
import { it } from '../i18n/index.ts'
import { createLimiter, getLogger, type Limiter } from '../platform/index.ts'

/** Export requests per account and hour. */
export const EXPORTS_PER_HOUR = 1
/** The jobs queue's task that prepares an export. */
export const DATA_EXPORT_TASK = 'dataExport'

let limiter: Limiter | undefined

/** Records the request and queues its job; throws 429 (Italian) beyond one an hour. Returns the export's id. */
export async function requestDataExport(options: { pool: Pool; userId: string }): Promise<string> {
  const { pool, userId } = options
  limiter ??= createLimiter(pool, 'dataExports', { points: EXPORTS_PER_HOUR, durationSeconds: 60 * 60 })
  await limiter.hit(userId, it.privacy.export.tooMany)
  const id = randomUUID()
  await pool.query('insert into privacy_exports (id, user_id) values ($1, $2)', [id, userId])
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  const job = await payload.jobs.queue({ task: DATA_EXPORT_TASK, input: { exportId: id } })
  payload.jobs.runByID({ id: job.id }).catch((error: unknown) => {
    // The queue's runner retries the job on its next round.
    getLogger().warn({ err: error, exportId: id }, 'data export job not started at once')
  })
  return id
}
