/**
 * The jobs queue at a glance, read through Payload's API from its
 * `payload-jobs` collection: jobs due and waiting for the runner, jobs
 * queued for later (the nightly schedules), jobs running, and jobs given up
 * on (a failure with no retry left; completed jobs are deleted).
 */
import type { Payload, Where } from 'payload'

export type JobQueueFigures = { due: number; scheduled: number; running: number; failed: number }

/** The queue's counts, as the runner sees them (the same conditions as Payload's `runJobs`). */
export async function jobQueueFigures(payload: Payload): Promise<JobQueueFigures> {
  const now = new Date().toISOString()
  const waiting: Where[] = [
    { completedAt: { exists: false } },
    { hasError: { not_equals: true } },
    { processing: { equals: false } },
  ]
  const count = async (where: Where) =>
    (await payload.count({ collection: 'payload-jobs', where, overrideAccess: true })).totalDocs
  const [due, scheduled, running, failed] = await Promise.all([
    count({
      and: [...waiting, { or: [{ waitUntil: { exists: false } }, { waitUntil: { less_than: now } }] }],
    }),
    count({ and: [...waiting, { waitUntil: { greater_than_equal: now } }] }),
    count({ processing: { equals: true } }),
    count({ hasError: { equals: true } }),
  ])
  return { due, scheduled, running, failed }
}
