/** The checkout's use case: a new subscription, incomplete until the browser confirms its first payment. */
import type Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { afterOtherBillingChanges } from './account-lock.ts'
import { loadCatalogue } from './catalogue-store.ts'
import { ownCustomer } from './customers.ts'
import { launchOfferForCustomer } from './launch-offer.ts'
import { checkoutStep, getBillingStripe } from './stripe.ts'
import { RUNNING } from './subscriptions.ts'

const t = it.billing.errors

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
