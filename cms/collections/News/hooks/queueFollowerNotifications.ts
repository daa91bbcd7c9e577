import type { CollectionAfterChangeHook } from 'payload'
import { becamePublished } from '../../../../modules/feed/index.ts'

/**
 * When an item becomes published, queues the fan-out job that notifies the
 * followers of its contracts (in the editor's transaction; the job runs
 * within a minute, outside the request).
 */
export const queueFollowerNotifications: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  req,
  operation,
}) => {
  const previous =
    operation === 'create' ? undefined : (previousDoc as { _status?: string | null } | undefined)
  const contracts = (doc as { contracts?: unknown[] | null }).contracts ?? []
  if (!becamePublished(doc as { _status?: string | null }, previous) || contracts.length === 0 || !doc.guid)
    return doc
  await req.payload.jobs.queue({ task: 'notifyFollowers', input: { guid: String(doc.guid) }, req })
  return doc
}
