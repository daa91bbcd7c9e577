import type { TaskConfig } from 'payload'
import { payTableAlert, textEditionAlert } from '../../modules/ccnl/index.ts'
import { notificationSent, notifyContractFollowers } from '../../modules/feed/index.ts'

/**
 * Renewal alert: the contract database words the notice of a new pay table's
 * decorrenza, of a correction of its amounts (`changedLevels`: only when the
 * decorrenza was announced before) or of a new text edition; the feed
 * delivers it to the contract's followers (once each). Queued by an editor's
 * save, in its transaction, or by an import that brings a new latest decorrenza.
 */
export const renewalAlert: TaskConfig<'renewalAlert'> = {
  slug: 'renewalAlert',
  label: 'Avvisi di rinnovo ai follower dei contratti',
  retries: 3,
  inputSchema: [
    {
      name: 'collection',
      type: 'select',
      required: true,
      options: [
        { label: 'Tabella retributiva', value: 'pay-tables' },
        { label: 'Testo contrattuale', value: 'contract-texts' },
      ],
    },
    { name: 'id', type: 'number', required: true },
    { name: 'changedLevels', type: 'json', label: 'Livelli corretti (correzione degli importi)' },
  ],
  outputSchema: [{ name: 'notified', type: 'number' }],
  handler: async ({ input, req }) => {
    const changed = Array.isArray(input.changedLevels) ? input.changedLevels.map(String) : null
    const alert =
      input.collection === 'pay-tables'
        ? await payTableAlert(input.id, changed ? { changedLevels: changed } : undefined)
        : await textEditionAlert(input.id)
    if (!alert || (alert.corrects && !(await notificationSent(alert.corrects, req.payload)))) {
      return { output: { notified: 0 } }
    }
    const notified = await notifyContractFollowers(alert.contractCodes, alert, req.payload)
    return { output: { notified } }
  },
}
