import type { TaskConfig } from 'payload'
import { notifyFollowers as notify } from '../../modules/feed/index.ts'

/** Fan-out of a published news item: notifies the users following its contracts (queued when an editor publishes). */
export const notifyFollowers: TaskConfig<'notifyFollowers'> = {
  slug: 'notifyFollowers',
  label: 'Notifiche ai follower dei contratti',
  retries: 3,
  inputSchema: [{ name: 'guid', type: 'text', required: true }],
  outputSchema: [{ name: 'notified', type: 'number' }],
  handler: async ({ input, req }) => ({ output: { notified: await notify(input.guid, req.payload) } }),
}
