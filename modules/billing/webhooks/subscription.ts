import { syncSubscription } from '../mirror.ts'
import type { WebhookHandler } from './types.ts'

/** customer.subscription.created / updated / deleted: plan, status, period, renewal and cancellation. */
export const subscriptionChanged: WebhookHandler = async (event, ctx) => {
  const subscription = event.data.object as { id: string }
  await syncSubscription(ctx, subscription.id)
}

/** subscription_schedule.*: a plan change waiting for the end of the period. */
export const scheduleChanged: WebhookHandler = async (event, ctx) => {
  const schedule = event.data.object as {
    subscription?: string | null
    released_subscription?: string | null
  }
  const subscriptionId = schedule.subscription ?? schedule.released_subscription
  if (subscriptionId) await syncSubscription(ctx, subscriptionId)
}
