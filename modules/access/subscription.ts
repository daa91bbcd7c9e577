/**
 * The subscription side of an account, from the billing mirror (never Stripe
 * directly, never a browser redirect): its own subscription and, for an active
 * secondary account of a Studio, the owner's.
 */
import type { SubscriptionAccess } from '../accounts/index.ts'
import {
  customerBody,
  mirroredSubscription,
  productBody,
  subscriptionBody,
  type MirroredSubscriptionRow,
} from '../billing/index.ts'
import { studioOwnerOf } from '../studio/index.ts'

/** What billing and Studio management know about an account. */
export type SubscriptionInfo = {
  /** The account's own subscription. */
  subscription?: SubscriptionAccess | null
  /** The Studio owner's subscription, when the account is an active secondary account of a Studio. */
  studioOwner?: { subscription: SubscriptionAccess | null; email?: string } | null
  /** What `GET /api/v1/abbonamenti` returns as `subscription` and `product` (Stripe's objects as mirrored). */
  details?: { subscription: unknown; product: unknown; customer?: unknown } | null
}

/** Looks up the subscription side of an account. */
export type SubscriptionLookup = (user: { id: string; email: string }) => Promise<SubscriptionInfo>

function accessOfRow(row: MirroredSubscriptionRow | null): SubscriptionAccess | null {
  if (!row || !row.plan) return null
  return { plan: row.plan, studio: row.studio, status: row.status }
}

/** The subscription side of an account as the mirror and the Studio links hold it. */
export const lookupSubscription: SubscriptionLookup = async (user) => {
  const row = await mirroredSubscription(user.id)
  const owner = await studioOwnerOf(user)
  const ownerRow = owner ? await mirroredSubscription(owner.userId) : null
  const shown = row ?? ownerRow
  return {
    subscription: accessOfRow(row),
    studioOwner: owner ? { subscription: accessOfRow(ownerRow), email: owner.email } : null,
    details: shown
      ? {
          subscription: subscriptionBody(shown),
          product: productBody(shown),
          // The billing data are the subscriber's own: a Studio's secondary account never sees the owner's.
          customer: row?.customer_data ? customerBody(row.customer_data) : null,
        }
      : null,
  }
}
