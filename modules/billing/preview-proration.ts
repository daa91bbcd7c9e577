/** The proration preview: what changing the plan of a running subscription costs now. */
import type { SignedInUser } from '../accounts/index.ts'
import { planChangeOf, preview, stripeNow } from './subscriptions.ts'

/** `calculate-proration`: what changing to a product costs now. */
export async function calculateProration(subscriptionId: string, productId: string, user: SignedInUser) {
  const { sub, target } = await planChangeOf(subscriptionId, productId, user)
  return preview(sub, target, await stripeNow())
}
