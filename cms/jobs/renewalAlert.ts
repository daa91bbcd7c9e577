import type { TaskConfig } from 'payload'
import { payTableAlert, textEditionAlert } from '../../modules/ccnl/index.ts'
import { notifyContractFollowers } from '../../modules/feed/index.ts'

/**
 * Renewal alert: the contract database words the notice of a new pay table's
 * decorrenza or a new text edition, the feed delivers it to the contract's
 * followers (once each). Queued by an editor's save, in its transaction.
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
  ],
  outputSchema: [{ name: 'notified', type: 'number' }],
  handler: async ({ input, req }) => {
    const alert =
      input.collection === 'pay-tables' ? await payTableAlert(input.id) : await textEditionAlert(input.id)
    const notified = alert ? await notifyContractFollowers(alert.contractCodes, alert, req.payload) : 0
    return { output: { notified } }
  },
}
