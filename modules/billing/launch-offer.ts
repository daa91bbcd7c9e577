/**
 * The launch offer (each plan's first period at §9's price, the plan's launch
 * coupon) applies to a customer's first paid subscription only. One decision, used by the charge
 * (`createSubscription`) and by every figure shown to the signed-in account
 * (checkout and sign-up summaries, /acquista), so what is shown is what is
 * charged.
 */
import type { SignedInUser } from '../accounts/index.ts'
import { loadCatalogue } from './catalogue-store.ts'
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
