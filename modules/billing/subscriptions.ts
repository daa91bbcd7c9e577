/**
 * What the subscription use cases share (create-subscription.ts,
 * flip-renewal.ts, preview-proration.ts, upgrade.ts, downgrade.ts): the
 * caller's own subscription, the running states, the 24-hour rule before
 * renewal, the target of a plan change, Stripe's proration preview and the
 * one-change-at-a-time rule. The use cases change Stripe only; the mirror
 * follows from the webhooks.
 */
import Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { formatDate, it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { unlessBillingChangeRunning } from './account-lock.ts'
import { catalogueEntry } from './catalogue.ts'
import { loadCatalogue, type CatalogueItem } from './catalogue-store.ts'
import { ownCustomer } from './customers.ts'
import { launchCouponForUpgrade } from './launch-offer.ts'
import { getBillingStripe } from './stripe.ts'

const t = it.billing.errors

/** A cancellation or downgrade must reach us this long before the renewal, or it applies one period later. */
export const CHANGE_NOTICE_HOURS = 24

/** The states of a subscription that runs (its plan can change, its renewal can be turned off). */
export const RUNNING = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due'])

/** The id of a subscription's customer. */
const customerIdOf = (sub: Stripe.Subscription) =>
  typeof sub.customer === 'string' ? sub.customer : sub.customer.id

/** Whether a Stripe call failed because the object does not exist. */
const isMissing = (error: unknown) => (error as { code?: string }).code === 'resource_missing'

/** Stripe's time: the emulator's clock in emulator mode (so the test clock moves it), the real one otherwise. */
export async function stripeNow(): Promise<number> {
  const { emulator } = getBillingStripe()
  return emulator ? emulator.now() : Math.floor(Date.now() / 1000)
}

/** The caller's own subscription by id (404 unknown, 403 someone else's). */
export async function ownSubscription(
  subscriptionId: string,
  user: SignedInUser,
): Promise<Stripe.Subscription> {
  const { stripe } = getBillingStripe()
  let sub: Stripe.Subscription
  try {
    sub = await stripe.subscriptions.retrieve(subscriptionId)
  } catch (error) {
    if (isMissing(error)) throw new AppError('not_found', t.subscriptionNotFound)
    throw error
  }
  await ownCustomer(customerIdOf(sub), user).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') throw new AppError('forbidden', t.forbidden)
    throw error
  })
  return sub
}

export function itemOf(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = sub.items.data[0]
  if (!item) throw new AppError('not_found', t.subscriptionNotFound)
  return item
}

/** The catalogue item a plan change goes to, refusing the current plan and products not offered for a change. */
async function changeTarget(sub: Stripe.Subscription, productId: string): Promise<CatalogueItem> {
  const catalogue = await loadCatalogue()
  const target = catalogue.items.find((candidate) => candidate.product.id === productId)
  if (!target) throw new AppError('not_found', t.productNotFound)
  const current = itemOf(sub).price
  const currentProduct = typeof current.product === 'string' ? current.product : current.product.id
  if (currentProduct === productId || current.id === target.price.id)
    throw new AppError('bad_request', t.samePlan)
  if (!(target.product.description ?? '').toLowerCase().includes('abbonamento'))
    throw new AppError('bad_request', t.notSwitchable)
  if (!catalogueEntry(target.entry.lookupKey)) throw new AppError('bad_request', t.notSwitchable)
  return target
}

export type ProrationPreview = {
  lines: { amount: number; amountRemaining: number; description: string | null; proration: boolean }[]
  amountRemaining: number
  total: number
  isUpgrade: boolean
  prorationDate: number
}

/**
 * A plan change's line in Italian with the dates as gg/mm/aaaa: a credit is
 * the unused time of the old plan ('Tempo non utilizzato di Premium dal
 * 26/11/2026'), a charge the remaining time of the new one, a line that is not
 * a proration the new plan's period ('Abbonamento Professional'). Stripe's own
 * text, in the customer's language or not, is kept only for a product the
 * catalogue does not know.
 */
export function prorationLabel(line: Stripe.InvoiceLineItem, items: CatalogueItem[]): string | null {
  const productId = line.pricing?.price_details?.product
  const product = items.find((item) => item.product.id === productId)?.product.name
  if (!product) return line.description
  const from = formatDate(line.period.start * 1000)
  if (!(line.parent?.subscription_item_details?.proration ?? false))
    return it.invoices.document.lines.subscription(product)
  return line.amount < 0
    ? it.billing.proration.unused(product, from)
    : it.billing.proration.remaining(product, from)
}

/**
 * Stripe's preview of the invoice a change to `target` would make at
 * `prorationDate`, with Italian lines. With `launchCoupon` the new plan's
 * first period starts now (the billing cycle restarts) and the coupon
 * applies to it; its discount is a line of its own after Stripe's lines.
 */
export async function preview(
  sub: Stripe.Subscription,
  target: CatalogueItem,
  prorationDate: number,
  launchCoupon: string | null = null,
): Promise<ProrationPreview> {
  const { stripe } = getBillingStripe()
  const invoice = await stripe.invoices.createPreview({
    customer: customerIdOf(sub),
    subscription: sub.id,
    subscription_details: {
      items: [{ id: itemOf(sub).id, price: target.price.id }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      ...(launchCoupon ? { billing_cycle_anchor: { type: 'now' as const } } : {}),
    },
    ...(launchCoupon ? { discounts: [{ coupon: launchCoupon }] } : {}),
  })
  const { items } = await loadCatalogue()
  const lines = invoice.lines.data.map((line) => ({
    amount: line.amount,
    amountRemaining: invoice.amount_remaining,
    description: prorationLabel(line, items),
    proration: line.parent?.subscription_item_details?.proration ?? false,
  }))
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, entry) => sum + entry.amount, 0)
  // §4: an upgrade when the first two lines (credit of the unused time, cost of the new plan) add up to more than zero.
  const sum = (lines[0]?.amount ?? 0) + (lines[1]?.amount ?? 0)
  if (discount > 0) {
    lines.push({
      amount: -discount,
      amountRemaining: invoice.amount_remaining,
      description: it.billing.proration.launchDiscount(target.product.name),
      proration: false,
    })
  }
  return {
    lines,
    amountRemaining: invoice.amount_remaining,
    total: invoice.total,
    isUpgrade: sum > 0,
    prorationDate,
  }
}

/**
 * What a plan change costs at `prorationDate` (README 'Plan changes'): the
 * unused time of the current plan is credited as the unused share of what was
 * paid for it (Stripe's credit prorations, discounts deducted); an upgrade to
 * a plan whose launch discount the customer never had starts that plan's
 * first period now, at its launch price. `launchCoupon` is the coupon the
 * upgrade must carry to be charged what the quote shows.
 */
export async function planChangeQuote(
  sub: Stripe.Subscription,
  target: CatalogueItem,
  prorationDate: number,
): Promise<{ quote: ProrationPreview; launchCoupon: string | null }> {
  const quote = await preview(sub, target, prorationDate)
  if (!quote.isUpgrade) return { quote, launchCoupon: null }
  const launchCoupon = await launchCouponForUpgrade(customerIdOf(sub), target)
  if (!launchCoupon) return { quote, launchCoupon: null }
  return { quote: await preview(sub, target, prorationDate, launchCoupon), launchCoupon }
}

/** A plan change of the account while another runs (two tabs, a double click) is refused with 409. */
export function onePlanChangeAtATime<T>(user: SignedInUser, work: () => Promise<T>): Promise<T> {
  return unlessBillingChangeRunning(user.id, new AppError('conflict', t.planChangeFailed), work)
}

/** A plan change asked of the caller's own running subscription: the subscription and the plan it goes to. */
export async function planChangeOf(subscriptionId: string, productId: string, user: SignedInUser) {
  const sub = await ownSubscription(subscriptionId, user)
  if (!RUNNING.has(sub.status)) throw new AppError('bad_request', t.renewalUnavailable)
  return { sub, target: await changeTarget(sub, productId) }
}

/** Stripe refusing a plan change (a declined card, a schedule it will not take) becomes a 400 in Italian. */
export function planChangeRefused(error: unknown): unknown {
  return error instanceof Stripe.errors.StripeError
    ? new AppError('bad_request', t.planChangeFailed, { cause: error })
    : error
}
