import type { CollectionAfterChangeHook } from 'payload'
import { calendarDay } from '../../../../modules/content/index.ts'
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
  if (isImport(context)) return doc
  const effectiveDate = (doc as { effectiveDate?: string | null }).effectiveDate
  const before = (previousDoc as { effectiveDate?: string | null } | undefined)?.effectiveDate
  const newDecorrenza =
    operation === 'create' || (effectiveDate && before && calendarDay(effectiveDate) !== calendarDay(before))
  if (!newDecorrenza || !effectiveDate) return doc
  await req.payload.jobs.queue({
    task: 'renewalAlert',
    input: { collection: 'pay-tables', id: Number(doc.id) },
    req,
  })
  return doc
}
