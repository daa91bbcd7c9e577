/** The downgrade: the new plan from the next renewal (or one period later, inside 24 hours of it). */
import type { SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, addPeriods } from '../platform/index.ts'
import { getBillingStripe } from './stripe.ts'
import {
  CHANGE_NOTICE_HOURS,
  itemOf,
  onePlanChangeAtATime,
  planChangeOf,
  planChangeRefused,
  preview,
  stripeNow,
} from './subscriptions.ts'

const t = it.billing.errors

/**
 * Downgrade: the new plan starts at the next renewal (no charge now) — or one
 * period later when asked less than 24 hours before the renewal. A schedule
 * keeps the current plan until then.
 */
export async function downgradeSubscription(subscriptionId: string, productId: string, user: SignedInUser) {
  return onePlanChangeAtATime(user, () => scheduleDowngrade(subscriptionId, productId, user))
}

async function scheduleDowngrade(subscriptionId: string, productId: string, user: SignedInUser) {
  const { sub, target } = await planChangeOf(subscriptionId, productId, user)
  const now = await stripeNow()
  const quote = await preview(sub, target, now)
  if (quote.isUpgrade) throw new AppError('bad_request', t.notDowngrade)
  const { stripe } = getBillingStripe()
  const item = itemOf(sub)
  const interval = item.price.recurring?.interval ?? 'month'
  const late = item.current_period_end - now < CHANGE_NOTICE_HOURS * 3600
  const from = late ? addPeriods(item.current_period_end, interval) : item.current_period_end
  try {
    const scheduleId =
      typeof sub.schedule === 'string'
        ? sub.schedule
        : (sub.schedule?.id ?? (await stripe.subscriptionSchedules.create({ from_subscription: sub.id })).id)
    await stripe.subscriptionSchedules.update(scheduleId, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: item.price.id, quantity: 1 }],
          start_date: item.current_period_start,
          end_date: from,
        },
        {
          items: [{ price: target.price.id, quantity: 1 }],
          duration: { interval: target.entry.interval, interval_count: 1 },
        },
      ],
    })
  } catch (error) {
    throw planChangeRefused(error)
  }
  return { subscriptionId: sub.id, effective: new Date(from * 1000).toISOString() }
}
