import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { TaskConfig } from 'payload'
import { createBackup, snapshotDestination } from '../../modules/backup/index.ts'
import { getEnv, getLogger } from '../../modules/platform/index.ts'
import { romeSchedule } from './schedule.ts'

/** The portal's version (package.json of the folder the server runs in). */
function portalVersion(): string {
  return (JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }).version
}

/**
 * The nightly backup: on the BACKUP_SCHEDULE schedule (Rome time) writes the
 * same snapshot as `npm run backup` (BACKUP_DIR, or the bucket with
 * S3_BUCKET) and keeps the newest BACKUP_KEEP. Nothing is scheduled while
 * BACKUP_SCHEDULE is unset.
 */
export const nightlyBackup: TaskConfig<'nightlyBackup'> = {
  slug: 'nightlyBackup',
  label: 'Backup notturno',
  retries: 1,
  outputSchema: [
    { name: 'status', type: 'text', required: true },
    { name: 'snapshot', type: 'text' },
    { name: 'pruned', type: 'number' },
  ],
  // The cron below is only a placeholder while BACKUP_SCHEDULE is unset: the schedule is then skipped.
  schedule: [
    romeSchedule(getEnv().BACKUP_SCHEDULE ?? '0 2 * * *', 'nightly', () => !getEnv().BACKUP_SCHEDULE),
  ],
  handler: async () => {
    const env = getEnv()
    if (!env.BACKUP_SCHEDULE) return { output: { status: 'skipped' } }
    const result = await createBackup({
      env,
      destination: snapshotDestination(env),
      keep: env.BACKUP_KEEP,
      portalVersion: portalVersion(),
      logger: getLogger(),
    })
    return { output: { status: 'succeeded', snapshot: result.where, pruned: result.pruned.length } }
  },
}
