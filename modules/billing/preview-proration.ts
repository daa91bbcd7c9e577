/** The proration preview: what changing the plan of a running subscription costs now. */
import type { SignedInUser } from '../accounts/index.ts'
import { planChangeOf, planChangeQuote, stripeNow } from './subscriptions.ts'

/** `calculate-proration`: what changing to a product costs now (with the launch discount an upgrade gets). */
export async function calculateProration(subscriptionId: string, productId: string, user: SignedInUser) {
  const { sub, target } = await planChangeOf(subscriptionId, productId, user)
  return (await planChangeQuote(sub, target, await stripeNow())).quote
}
