import type { TaskConfig } from 'payload'
import { feedPool, sendNotificationDigests } from '../../modules/feed/index.ts'

/** The daily e-mail digest of new notifications (every day at 07:00, Italian time), through the mail outbox. */
export const notificationDigest: TaskConfig<'notificationDigest'> = {
  slug: 'notificationDigest',
  label: 'Riepilogo giornaliero delle notifiche',
  retries: 2,
  outputSchema: [{ name: 'mails', type: 'number' }],
  schedule: [{ cron: '0 7 * * *', queue: 'default' }],
  handler: async ({ req }) => ({
    output: { mails: await sendNotificationDigests(await feedPool(req.payload)) },
  }),
}
