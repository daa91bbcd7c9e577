/**
 * What the subscription pages show of an account's subscription: read from
 * the `details` of the subscription lookup (the mirror, as `GET
 * /api/v1/abbonamenti` returns it) and the catalogue (plan names, prices of
 * the plans a subscriber can change to).
 */
import type { CatalogueItem, subscriptionBody } from '#modules/billing'
import type { SubscriptionInfo } from '#modules/access'

type Body = ReturnType<typeof subscriptionBody>

/** A plan of the plan change. */
export type PlanOption = {
  productId: string
  plan: 'premium' | 'professional'
  studio: boolean
  interval: 'month' | 'year'
  name: string
  /** The regular price per period, VAT included, in cents. */
  total: number
}

export type SubscriptionView = {
  id: string
  status: string
  planName: string
  productId: string | null
  plan: 'premium' | 'professional' | null
  studio: boolean
  interval: 'month' | 'year' | null
  /** The regular price per period, VAT included, in cents. */
  total: number | null
  periodStart: string | null
  periodEnd: string | null
  /** True while the subscription renews by itself ('attivo'). */
  renewing: boolean
  /** Stripe's `canceled_at`: set while a cancellation is pending (switching on is offered), empty otherwise. */
  canceledAt: string | null
  /** When a pending cancellation ends the subscription. */
  endsAt: string | null
  /** The 'In futuro' block: next renewal date and amount, only while renewing. */
  nextRenewal: { date: string; amount: number } | null
  /** A plan change waiting for the end of the period. */
  pendingChange: { planName: string; from: string } | null
  /** The renewal failed and Stripe is retrying: access stays, the card should be replaced. */
  paymentIssue: boolean
  /** The subscription can be changed (renewal, plan): active, trialing or past_due. */
  manageable: boolean
}

const RUNNING = new Set(['active', 'trialing', 'past_due'])
/** Subscriptions still shown as the account's own: the running ones and an unpaid one (the card can settle it). */
const SHOWN = new Set([...RUNNING, 'unpaid'])

/** The plans offered in the plan change (§3: the description contains 'abbonamento'). */
export function planOptions(items: readonly CatalogueItem[]): PlanOption[] {
  return items
    .filter((item) => (item.product.description ?? '').toLowerCase().includes('abbonamento'))
    .map((item) => ({
      productId: item.product.id,
      plan: item.entry.plan,
      studio: item.entry.studio,
      interval: item.entry.interval,
      name: item.product.name,
      total: item.entry.unitAmount,
    }))
}

/** The account's subscription as the pages show it; null when it has none to manage (none, or ended). */
export function subscriptionView(
  info: SubscriptionInfo | undefined,
  items: readonly CatalogueItem[],
): SubscriptionView | null {
  const details = info?.details
  if (!details?.subscription) return null
  const sub = details.subscription as Body
  const product = (details.product ?? {}) as { name?: string | null }
  if (!SHOWN.has(sub.status)) return null
  const pendingItem = sub.pendingChange
    ? items.find((item) => item.price.id === sub.pendingChange?.priceId)
    : undefined
  const unitAmount = sub.items[0]?.price.unitAmount ?? null
  const nextRenewal = sub.nextRenewal?.date
    ? { date: sub.nextRenewal.date, amount: sub.nextRenewal.amount }
    : null
  return {
    id: sub.id,
    status: sub.status,
    planName: product.name ?? '',
    productId: sub.items[0]?.plan.productId ?? null,
    plan: sub.plan,
    studio: sub.studio,
    interval: sub.interval,
    total: unitAmount,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    renewing: !sub.cancelAtPeriodEnd,
    canceledAt: sub.canceledAt,
    endsAt: sub.cancelAtPeriodEnd ? (sub.cancelAt ?? sub.currentPeriodEnd) : null,
    // A plan change due at the renewal is what the renewal charges.
    nextRenewal: nextRenewal
      ? {
          date: nextRenewal.date,
          amount:
            pendingItem && sub.pendingChange?.from === nextRenewal.date
              ? pendingItem.entry.unitAmount
              : nextRenewal.amount,
        }
      : null,
    pendingChange:
      sub.pendingChange?.from && pendingItem
        ? { planName: pendingItem.product.name, from: sub.pendingChange.from }
        : null,
    paymentIssue: sub.paymentIssue,
    manageable: RUNNING.has(sub.status),
  }
}
