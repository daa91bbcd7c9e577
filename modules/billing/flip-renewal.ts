/** Auto-renewal on and off, with the 24-hour rule before renewal. */
import type Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, addPeriods } from '../platform/index.ts'
import { unlessBillingChangeRunning } from './account-lock.ts'
import { getBillingStripe } from './stripe.ts'
import { CHANGE_NOTICE_HOURS, RUNNING, itemOf, ownSubscription, stripeNow } from './subscriptions.ts'

const t = it.billing.errors

/**
 * Auto-renewal on/off. Off: the subscription ends at the end of the period —
 * or one period later when the request comes less than 24 hours before the
 * renewal. On: any pending cancellation is withdrawn (Stripe clears canceled_at).
 */
export async function flipRenewal(subscriptionId: string, user: SignedInUser) {
  // One billing change at a time: a flip during a plan change (another tab) could undo its schedule.
  const busy = new AppError('conflict', it.billing.manage.renewal.failed)
  return unlessBillingChangeRunning(user.id, busy, () => flipRenewalNow(subscriptionId, user))
}

async function flipRenewalNow(subscriptionId: string, user: SignedInUser) {
  const sub = await ownSubscription(subscriptionId, user)
  if (!RUNNING.has(sub.status)) throw new AppError('bad_request', t.renewalUnavailable)
  const { stripe } = getBillingStripe()
  const cancelling = sub.cancel_at_period_end || sub.cancel_at !== null
  let updated: Stripe.Subscription
  if (cancelling) {
    updated = await stripe.subscriptions.update(
      sub.id,
      sub.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' },
    )
  } else {
    const item = itemOf(sub)
    const now = await stripeNow()
    const late = item.current_period_end - now < CHANGE_NOTICE_HOURS * 3600
    updated = late
      ? await stripe.subscriptions.update(sub.id, {
          cancel_at: addPeriods(item.current_period_end, item.price.recurring?.interval ?? 'month'),
        })
      : await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })
  }
  return {
    id: updated.id,
    cancelAtPeriodEnd: updated.cancel_at_period_end || updated.cancel_at !== null,
    canceledAt: updated.canceled_at ? new Date(updated.canceled_at * 1000).toISOString() : null,
    endsAt: updated.cancel_at ? new Date(updated.cancel_at * 1000).toISOString() : null,
  }
}
