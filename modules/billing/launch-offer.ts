/**
 * The launch offer (each plan's first period at §9's price, the plan's launch
 * coupon) applies to a customer's first paid subscription only. One decision, used by the charge
 * (`createSubscription`) and by every figure shown to the signed-in account
 * (checkout and sign-up summaries, /acquista), so what is shown is what is
 * charged. On an upgrade, the new plan's launch discount goes to a customer
 * who never had it (`launchCouponForUpgrade`, README 'Plan changes').
 */
import type Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { launchCouponPrefix } from './catalogue.ts'
import { loadCatalogue, type CatalogueItem } from './catalogue-store.ts'
import { findOwnCustomer } from './customers.ts'
import { getBillingStripe } from './stripe.ts'

/** True when a first period bought by this Stripe customer (or by someone with none yet) gets the offer. */
export async function launchOfferForCustomer(customerId: string | null): Promise<boolean> {
  const { items } = await loadCatalogue()
  if (!items.some((item) => item.couponId)) return false
  if (!customerId) return true
  const { stripe } = getBillingStripe()
  const paidBefore = await stripe.invoices.list({ customer: customerId, status: 'paid', limit: 1 })
  return paidBefore.data.length === 0
}

/** The same decision for the signed-in account (through its own customer, if it has one). */
export async function launchOfferFor(user: SignedInUser): Promise<boolean> {
  const customer = await findOwnCustomer(user)
  return launchOfferForCustomer(customer?.id ?? null)
}

const couponIdOf = (coupon: string | Stripe.Coupon | null) =>
  typeof coupon === 'string' ? coupon : (coupon?.id ?? null)

/**
 * The launch coupon of the plan an upgrade goes to, when this customer has
 * never had a discount of that plan's launch offer on a paid invoice (any
 * amount of it: a re-priced offer is the same offer); null otherwise, or when
 * the plan has no launch offer. Stripe shows a discount's coupon only when the
 * invoices' discounts are expanded.
 */
export async function launchCouponForUpgrade(
  customerId: string,
  target: CatalogueItem,
): Promise<string | null> {
  if (!target.couponId) return null
  const prefix = launchCouponPrefix(target.entry)
  const { stripe } = getBillingStripe()
  const invoices = stripe.invoices.list({
    customer: customerId,
    status: 'paid',
    limit: 100,
    expand: ['data.discounts'],
  })
  for await (const invoice of invoices) {
    for (const discount of invoice.discounts) {
      if (typeof discount === 'string' || discount.deleted) continue
      if (couponIdOf(discount.source.coupon)?.startsWith(prefix)) return null
    }
  }
  return target.couponId
}
