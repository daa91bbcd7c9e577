/** The upgrade: the new plan at once, the difference charged on the saved card. */
import type Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { getBillingStripe } from './stripe.ts'
import {
  itemOf,
  onePlanChangeAtATime,
  planChangeOf,
  planChangeQuote,
  planChangeRefused,
  stripeNow,
} from './subscriptions.ts'

const t = it.billing.errors

async function releasePendingChange(stripe: Stripe, sub: Stripe.Subscription) {
  const scheduleId = typeof sub.schedule === 'string' ? sub.schedule : (sub.schedule?.id ?? null)
  if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId)
}

/**
 * Upgrade: immediate, the difference charged on the saved card; a refused
 * card leaves the plan as it was. A pending downgrade is released first. The
 * charge is the quote's: the unused share of what was paid is credited, and
 * a customer who never had the new plan's launch discount gets it on the new
 * plan's first period, which starts now.
 */
export async function upgradeSubscription(subscriptionId: string, productId: string, user: SignedInUser) {
  return onePlanChangeAtATime(user, () => applyUpgrade(subscriptionId, productId, user))
}

async function applyUpgrade(subscriptionId: string, productId: string, user: SignedInUser) {
  const { sub, target } = await planChangeOf(subscriptionId, productId, user)
  const prorationDate = await stripeNow()
  const { quote, launchCoupon } = await planChangeQuote(sub, target, prorationDate)
  if (!quote.isUpgrade) throw new AppError('bad_request', t.notUpgrade)
  const { stripe } = getBillingStripe()
  await releasePendingChange(stripe, sub)
  try {
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: itemOf(sub).id, price: target.price.id }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      // The new plan's launch discount: its first period starts now, at the launch price.
      ...(launchCoupon
        ? { billing_cycle_anchor: { type: 'now' as const }, discounts: [{ coupon: launchCoupon }] }
        : {}),
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    })
    const invoice = updated.latest_invoice as Stripe.Invoice | null
    return { subscriptionId: updated.id, charged: invoice?.amount_paid ?? 0, effective: 'now' as const }
  } catch (error) {
    throw planChangeRefused(error)
  }
}
