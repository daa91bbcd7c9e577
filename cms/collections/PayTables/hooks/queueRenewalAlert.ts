import type { CollectionAfterChangeHook } from 'payload'
import { isNewDecorrenza } from '../../../../modules/ccnl/index.ts'
import { isImport } from '../../../hooks/context.ts'

/**
 * An editor's new decorrenza (a table created, or its decorrenza changed)
 * queues the renewal alert to the contract's followers, in the editor's
 * transaction; the job runs within a minute. Imports never alert: a package
 * of many tables would flood the bell, and the editors announce renewals.
 */
export const queueRenewalAlert: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  req,
  operation,
  context,
}) => {
  const previous = operation === 'create' ? undefined : (previousDoc as { effectiveDate?: string | null })
  if (isImport(context) || !isNewDecorrenza(doc as { effectiveDate?: string | null }, previous)) return doc
  await req.payload.jobs.queue({
    task: 'renewalAlert',
    input: { collection: 'pay-tables', id: Number(doc.id) },
    req,
  })
  return doc
}
