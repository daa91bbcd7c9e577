import type { CollectionAfterChangeHook } from 'payload'
import { changedAmounts, isNewDecorrenza } from '../../../../modules/ccnl/index.ts'
import { isImport } from '../../../hooks/context.ts'

type TableDoc = { effectiveDate?: string | null; levels?: unknown; unaTantum?: unknown }

/**
 * An editor's new decorrenza (a table created, or its decorrenza changed)
 * queues the renewal alert to the contract's followers, in the editor's
 * transaction; a change of its amounts queues the correction notice (the job
 * sends it only when the decorrenza was announced); a save that changes no
 * amount queues nothing. The job runs within a minute. Imports do not pass
 * through here: their bulk writes skip the hooks, and the importer queues
 * the alert of a new latest decorrenza itself.
 */
export const queueRenewalAlert: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  req,
  operation,
  context,
}) => {
  if (isImport(context)) return doc
  const previous = operation === 'create' ? undefined : (previousDoc as TableDoc)
  const input = { collection: 'pay-tables' as const, id: Number(doc.id) }
  if (isNewDecorrenza(doc as TableDoc, previous)) {
    await req.payload.jobs.queue({ task: 'renewalAlert', input, req })
    return doc
  }
  const changedLevels = previous ? changedAmounts(doc as TableDoc, previous) : []
  if (changedLevels.length > 0) {
    await req.payload.jobs.queue({ task: 'renewalAlert', input: { ...input, changedLevels }, req })
  }
  return doc
}
