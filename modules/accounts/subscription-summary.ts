/**
 * What the profile shows of a subscription, read from the `details` the
 * subscription lookup returns (the objects of `GET /api/v1/abbonamenti`).
 * Both the specification's field names (`currentPeriodEnd`,
 * `cancelAtPeriodEnd`) and Stripe's (`current_period_end`, or per item,
 * `cancel_at_period_end`) are read; dates may be Dates, ISO strings or Unix seconds.
 */
import { z } from 'zod'

/** The plan line of the profile. */
export type SubscriptionSummary = {
  /** The product's name ('Premium annuale', 'Professional Studio'), or null without a subscription. */
  planName: string | null
  /** End of the current period. */
  periodEnd: Date | null
  /** True when the subscription renews at the end of the period ('in rinnovo automatico'). */
  renews: boolean
  /** True when the plan's name contains 'studio' (the Studio management link). */
  isStudio: boolean
}

const instant = z
  .union([z.date(), z.number(), z.string()])
  .transform((value) => {
    const date =
      value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000) : new Date(value)
    return Number.isNaN(date.getTime()) ? null : date
  })
  .nullable()
  .optional()
  .catch(null)

const flag = z.boolean().nullable().optional().catch(null)

const item = z
  .object({ current_period_end: instant, currentPeriodEnd: instant })
  .partial()
  .passthrough()
  .catch({})

const subscriptionShape = z
  .object({
    currentPeriodEnd: instant,
    current_period_end: instant,
    cancelAtPeriodEnd: flag,
    cancel_at_period_end: flag,
    canceledAt: instant,
    canceled_at: instant,
    items: z
      .union([z.array(item), z.object({ data: z.array(item) }).transform((list) => list.data)])
      .optional()
      .catch(undefined),
  })
  .partial()
  .passthrough()

const productShape = z.object({ name: z.string().trim().min(1) }).passthrough()

/** The profile's summary of `details` (no subscription: plan name null). */
export function summarizeSubscription(
  details: { subscription: unknown; product: unknown } | null | undefined,
): SubscriptionSummary {
  const none: SubscriptionSummary = { planName: null, periodEnd: null, renews: false, isStudio: false }
  if (!details || details.subscription == null) return none
  const subscription = subscriptionShape.safeParse(details.subscription)
  if (!subscription.success) return none
  const product = productShape.safeParse(details.product)
  const planName = product.success ? product.data.name : null
  const sub = subscription.data
  const firstItem = sub.items?.[0]
  const periodEnd =
    sub.currentPeriodEnd ??
    sub.current_period_end ??
    firstItem?.currentPeriodEnd ??
    firstItem?.current_period_end ??
    null
  const cancelling = Boolean(sub.cancelAtPeriodEnd ?? sub.cancel_at_period_end ?? false)
  return {
    planName,
    periodEnd,
    renews: !cancelling,
    isStudio: planName !== null && planName.toLowerCase().includes('studio'),
  }
}
