import type { CollectionAfterChangeHook } from 'payload'
import { isImport } from '../../../hooks/context.ts'

/**
 * An editor's new national text queues the renewal alert to the contract's
 * followers (the job decides whether it is the contract's new edition), in
 * the editor's transaction. Imports never alert.
 */
export const queueEditionAlert: CollectionAfterChangeHook = async ({ doc, req, operation, context }) => {
  if (isImport(context) || operation !== 'create' || (doc as { scope?: string }).scope !== 'national')
    return doc
  await req.payload.jobs.queue({
    task: 'renewalAlert',
    input: { collection: 'contract-texts', id: Number(doc.id) },
    req,
  })
  return doc
}
