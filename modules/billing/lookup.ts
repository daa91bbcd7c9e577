/**
 * An account's subscription as the mirror holds it (never Stripe directly,
 * never a browser redirect), and its bodies in the API's shape. The access
 * module reads it for the entitlements.
 */
import type { Pool } from 'pg'
import type { Plan, SubscriptionStatus } from '../accounts/index.ts'
import type Stripe from 'stripe'
import { getBillingPool } from './runtime.ts'

export type MirroredSubscriptionRow = {
  id: string
  customer_id: string
  user_id: string | null
  status: SubscriptionStatus
  plan: Plan | null
  studio: boolean
  product_id: string | null
  product_name: string | null
  product_description: string | null
  price_id: string | null
  unit_amount: number | null
  billing_interval: 'month' | 'year' | null
  current_period_start: Date | null
  current_period_end: Date | null
  cancel_at_period_end: boolean
  cancel_at: Date | null
  canceled_at: Date | null
  ended_at: Date | null
  default_payment_method: string | null
  pending_price_id: string | null
  pending_from: Date | null
  created_at: Date | null
  /** Stripe's customer object as the mirror holds it (null before its webhook arrived). */
  customer_data: Stripe.Customer | null
}

/** The subscription the portal shows for an account: a running one first, else the latest. */
export async function currentSubscriptionRow(
  pool: Pick<Pool, 'query'>,
  userId: string,
): Promise<MirroredSubscriptionRow | null> {
  const result = await pool.query<MirroredSubscriptionRow>(
    `select s.*, c.data as customer_data
       from billing_subscriptions s left join billing_customers c on c.id = s.customer_id
      where s.user_id = $1
      order by case when s.status in ('active', 'trialing', 'past_due') then 0 when s.status = 'unpaid' then 1
                    when s.status = 'incomplete' then 3 else 2 end, s.created_at desc
      limit 1`,
    [userId],
  )
  return result.rows[0] ?? null
}

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** The `subscription` of `GET /abbonamenti` and of the billing calls: the fields of §3, in the API's camelCase. */
export function subscriptionBody(row: MirroredSubscriptionRow) {
  const renewing =
    !row.cancel_at_period_end && !row.cancel_at && ['active', 'trialing', 'past_due'].includes(row.status)
  return {
    id: row.id,
    created: iso(row.created_at),
    customerId: row.customer_id,
    status: row.status,
    plan: row.plan,
    studio: row.studio,
    interval: row.billing_interval,
    currentPeriodStart: iso(row.current_period_start),
    currentPeriodEnd: iso(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end || row.cancel_at !== null,
    cancelAt: iso(row.cancel_at),
    canceledAt: iso(row.canceled_at),
    endedAt: iso(row.ended_at),
    items: [
      {
        plan: { productId: row.product_id },
        price: {
          id: row.price_id,
          unitAmount: row.unit_amount,
          recurring: { interval: row.billing_interval },
        },
      },
    ],
    /** The renewal failed and Stripe is retrying: access stays, the page asks for a new card. */
    paymentIssue: row.status === 'past_due',
    /** A plan change waiting for the end of the period. */
    pendingChange: row.pending_price_id
      ? { priceId: row.pending_price_id, from: iso(row.pending_from) }
      : null,
    /** The next renewal (the 'In futuro' block), only while the subscription renews. */
    nextRenewal:
      renewing && row.current_period_end && row.unit_amount !== null
        ? { date: iso(row.current_period_end), amount: row.unit_amount }
        : null,
  }
}

export function productBody(row: MirroredSubscriptionRow) {
  return { id: row.product_id, name: row.product_name, description: row.product_description }
}

/** The subscription the portal shows for an account, read from the mirror. */
export async function mirroredSubscription(userId: string): Promise<MirroredSubscriptionRow | null> {
  return currentSubscriptionRow(await getBillingPool(), userId)
}
