/**
 * Subscription use cases of the signed-in account: create (checkout),
 * auto-renewal on/off, proration preview, upgrade (immediate, charged) and
 * downgrade (at the end of the period), with the 24-hour rule before renewal.
 * They change Stripe only; the mirror follows from the webhooks.
 */
import Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { formatDate, it } from '../i18n/index.ts'
import { AppError, addPeriods } from '../platform/index.ts'
import { afterOtherBillingChanges, unlessBillingChangeRunning } from './account-lock.ts'
import { catalogueEntry } from './catalogue.ts'
import { loadCatalogue, type CatalogueItem } from './catalogue-store.ts'
import { ownCustomer } from './customers.ts'
import { launchOfferForCustomer } from './launch-offer.ts'
import { checkoutStep, getBillingStripe } from './stripe.ts'

const t = it.billing.errors

/** A cancellation or downgrade must reach us this long before the renewal, or it applies one period later. */
export const CHANGE_NOTICE_HOURS = 24

const RUNNING = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due'])

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
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id
  await ownCustomer(customerId, user).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') throw new AppError('forbidden', t.forbidden)
    throw error
  })
  return sub
}

function itemOf(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = sub.items.data[0]
  if (!item) throw new AppError('not_found', t.subscriptionNotFound)
  return item
}

/** How long a checkout waits for another billing change of the same account to finish. */
const CHECKOUT_WAIT_MS = 20_000

/**
 * The checkout's `subscription/create`: a subscription left incomplete until
 * the browser confirms the first payment with the returned client secret.
 * The plan's launch coupon applies as `launchOfferForCustomer` decides (first paid subscription only).
 * One open checkout per customer: checkouts of one account run one after the
 * other, and each replaces the one before.
 */
export async function createSubscription(input: { priceId: string; customerId: string }, user: SignedInUser) {
  return checkoutStep(() =>
    afterOtherBillingChanges(
      user.id,
      { waitMs: CHECKOUT_WAIT_MS, busy: new AppError('unavailable', t.paymentFailed) },
      () => startSubscription(input, user),
    ),
  )
}

/**
 * Withdraws a checkout left half-way: its invoice is voided, which cancels the
 * payment intent (the page that opened it can no longer pay), then the
 * subscription is cancelled. A checkout paid meanwhile is a running subscription.
 */
async function replaceCheckout(stripe: Stripe, sub: Stripe.Subscription): Promise<void> {
  const invoiceId =
    typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null)
  if (invoiceId) {
    const invoice = await stripe.invoices.retrieve(invoiceId)
    if (invoice.status === 'paid') throw new AppError('conflict', t.existingSubscription)
    if (invoice.status === 'open') {
      try {
        await stripe.invoices.voidInvoice(invoiceId)
      } catch (error) {
        // Paid between the two calls: the subscription is running now.
        if ((await stripe.invoices.retrieve(invoiceId)).status === 'paid')
          throw new AppError('conflict', t.existingSubscription)
        throw error
      }
    }
  }
  await stripe.subscriptions.cancel(sub.id)
}

async function startSubscription(input: { priceId: string; customerId: string }, user: SignedInUser) {
  await ownCustomer(input.customerId, user)
  const { stripe } = getBillingStripe()
  const catalogue = await loadCatalogue()
  const item = catalogue.items.find((candidate) => candidate.price.id === input.priceId)
  if (!item) throw new AppError('not_found', t.priceNotFound, { field: 'priceId' })
  const existing = await stripe.subscriptions.list({ customer: input.customerId, status: 'all', limit: 100 })
  if (existing.data.some((sub) => RUNNING.has(sub.status) || sub.status === 'unpaid'))
    throw new AppError('conflict', t.existingSubscription)
  // A checkout left half-way (another tab, an earlier attempt) is replaced by this one.
  for (const sub of existing.data.filter((candidate) => candidate.status === 'incomplete')) {
    await replaceCheckout(stripe, sub)
  }
  const offer =
    item.couponId && (await launchOfferForCustomer(input.customerId))
      ? [{ coupon: item.couponId }]
      : undefined
  const sub = await stripe.subscriptions.create({
    customer: input.customerId,
    items: [{ price: input.priceId }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    ...(catalogue.taxRateId ? { default_tax_rates: [catalogue.taxRateId] } : {}),
    ...(offer ? { discounts: offer } : {}),
    metadata: { user_id: user.id, catalogue_key: item.entry.lookupKey },
    expand: ['latest_invoice.confirmation_secret'],
  })
  const invoice = sub.latest_invoice as Stripe.Invoice | null
  return {
    subscriptionId: sub.id,
    status: sub.status,
    clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
    amountDue: invoice?.amount_due ?? 0,
    invoiceId: invoice?.id ?? null,
  }
}

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
 * A proration line in Italian with the date as gg/mm/aaaa ('Tempo non
 * utilizzato di Premium dal 26/11/2026'): a credit is the unused time of the
 * old plan, a charge the remaining time of the new one. Stripe's own text,
 * in the customer's language or not, is kept only for a product the
 * catalogue does not know.
 */
export function prorationLabel(line: Stripe.InvoiceLineItem, items: CatalogueItem[]): string | null {
  const productId = line.pricing?.price_details?.product
  const product = items.find((item) => item.product.id === productId)?.product.name
  if (!product) return line.description
  const from = formatDate(line.period.start * 1000)
  return line.amount < 0
    ? it.billing.proration.unused(product, from)
    : it.billing.proration.remaining(product, from)
}

async function preview(
  sub: Stripe.Subscription,
  target: CatalogueItem,
  prorationDate: number,
): Promise<ProrationPreview> {
  const { stripe } = getBillingStripe()
  const invoice = await stripe.invoices.createPreview({
    customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    subscription: sub.id,
    subscription_details: {
      items: [{ id: itemOf(sub).id, price: target.price.id }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
    },
  })
  const { items } = await loadCatalogue()
  const lines = invoice.lines.data.map((line) => {
    const proration = line.parent?.subscription_item_details?.proration ?? false
    return {
      amount: line.amount,
      amountRemaining: invoice.amount_remaining,
      description: proration ? prorationLabel(line, items) : line.description,
      proration,
    }
  })
  // §4: an upgrade when the first two lines (credit of the unused time, cost of the new plan) add up to more than zero.
  const sum = (lines[0]?.amount ?? 0) + (lines[1]?.amount ?? 0)
  return {
    lines,
    amountRemaining: invoice.amount_remaining,
    total: invoice.total,
    isUpgrade: sum > 0,
    prorationDate,
  }
}

/** `calculate-proration`: what changing to a product costs now. */
export async function calculateProration(subscriptionId: string, productId: string, user: SignedInUser) {
  const sub = await ownSubscription(subscriptionId, user)
  if (!RUNNING.has(sub.status)) throw new AppError('bad_request', t.renewalUnavailable)
  const target = await changeTarget(sub, productId)
  return preview(sub, target, await stripeNow())
}

async function releasePendingChange(stripe: Stripe, sub: Stripe.Subscription) {
  const scheduleId = typeof sub.schedule === 'string' ? sub.schedule : (sub.schedule?.id ?? null)
  if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId)
}

/** A plan change of the account while another runs (two tabs, a double click) is refused with 409. */
function onePlanChangeAtATime<T>(user: SignedInUser, work: () => Promise<T>): Promise<T> {
  return unlessBillingChangeRunning(user.id, new AppError('conflict', t.planChangeFailed), work)
}

/**
 * Upgrade: immediate, the difference charged on the saved card; a refused
 * card leaves the plan as it was. A pending downgrade is released first.
 */
export async function upgradeSubscription(subscriptionId: string, productId: string, user: SignedInUser) {
  return onePlanChangeAtATime(user, () => applyUpgrade(subscriptionId, productId, user))
}

async function applyUpgrade(subscriptionId: string, productId: string, user: SignedInUser) {
  const sub = await ownSubscription(subscriptionId, user)
  if (!RUNNING.has(sub.status)) throw new AppError('bad_request', t.renewalUnavailable)
  const target = await changeTarget(sub, productId)
  const prorationDate = await stripeNow()
  const quote = await preview(sub, target, prorationDate)
  if (!quote.isUpgrade) throw new AppError('bad_request', t.notUpgrade)
  const { stripe } = getBillingStripe()
  await releasePendingChange(stripe, sub)
  try {
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: itemOf(sub).id, price: target.price.id }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    })
    const invoice = updated.latest_invoice as Stripe.Invoice | null
    return { subscriptionId: updated.id, charged: invoice?.amount_paid ?? 0, effective: 'now' as const }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError('bad_request', t.planChangeFailed, { cause: error })
    throw error
  }
}

/**
 * Downgrade: the new plan starts at the next renewal (no charge now) — or one
 * period later when asked less than 24 hours before the renewal. A schedule
 * keeps the current plan until then.
 */
export async function downgradeSubscription(subscriptionId: string, productId: string, user: SignedInUser) {
  return onePlanChangeAtATime(user, () => scheduleDowngrade(subscriptionId, productId, user))
}

async function scheduleDowngrade(subscriptionId: string, productId: string, user: SignedInUser) {
  const sub = await ownSubscription(subscriptionId, user)
  if (!RUNNING.has(sub.status)) throw new AppError('bad_request', t.renewalUnavailable)
  const target = await changeTarget(sub, productId)
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
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError('bad_request', t.planChangeFailed, { cause: error })
    throw error
  }
  return { subscriptionId: sub.id, effective: new Date(from * 1000).toISOString() }
}
