import type { TaskConfig } from 'payload'
import { accessOf } from '../../modules/access/index.ts'
import { sendTrialReminders } from '../../modules/accounts/index.ts'

/**
 * Trial-expiry reminders: every hour from 7 to 20 (UTC) the accounts whose
 * trial ends in two days or today get their reminder; the outbox's dedupe key
 * (account and day) makes the later runs of the same day send nothing again.
 */
export const trialReminders: TaskConfig<'trialReminders'> = {
  slug: 'trialReminders',
  label: 'Promemoria di fine prova gratuita',
  retries: 2,
  outputSchema: [{ name: 'enqueued', type: 'number', required: true }],
  schedule: [{ cron: '0 7-20 * * *', queue: 'default' }],
  handler: async () => {
    const { enqueued } = await sendTrialReminders({
      // Subscribed in the meantime (or linked to a Studio): no reminder.
      stillInTrial: async (user, now) => (await accessOf(user, now)).entitlements.kind === 'trial',
    })
    return { output: { enqueued } }
  },
}
