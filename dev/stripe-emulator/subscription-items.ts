/** What subscriptions keep besides their fields: the hidden state (coupon still to apply, pending proration lines), the single item and its price, the coupon. */
import type Stripe from 'stripe'
import { newId, planOf } from './objects.ts'
import {
  invalid,
  str,
  arrayOf,
  idOf,
  type Debit,
  type Params,
  type SubscriptionState,
  type Core,
} from './core.ts'

export function createSubscriptionItems(core: Core) {
  const { store, load } = core

  async function subscriptionState(id: string): Promise<SubscriptionState> {
    return (await store.getState<SubscriptionState>(`subscription:${id}`)) ?? {}
  }

  async function setSubscriptionState(id: string, state: SubscriptionState) {
    await store.setState(`subscription:${id}`, state)
  }

  function itemOf(sub: Stripe.Subscription): Stripe.SubscriptionItem {
    const item = sub.items.data[0]
    if (!item) throw invalid('The subscription has no items.')
    return item
  }

  function buildItem(
    subscriptionId: string,
    p: Stripe.Price,
    start: number,
    end: number,
    at: number,
  ): Stripe.SubscriptionItem {
    return {
      id: newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: at,
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planOf(p),
      price: p,
      quantity: 1,
      subscription: subscriptionId,
      tax_rates: null,
    }
  }

  async function couponFromParams(params: Params): Promise<Stripe.Coupon | null> {
    const discounts = arrayOf(params.discounts) as Params[]
    const couponId = str(discounts[0]?.coupon) ?? str(params.coupon)
    if (!couponId) return null
    return load<Stripe.Coupon>(couponId, 'coupon', 'discounts[0][coupon]')
  }

  /**
   * The discount a coupon becomes on a subscription, stored so that
   * `expand[]=discounts` (the only way Stripe shows one) names its coupon.
   */
  async function createDiscount(
    coupon: Stripe.Coupon,
    sub: Pick<Stripe.Subscription, 'id' | 'customer'>,
    at: number,
  ): Promise<string> {
    const discount: Stripe.Discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: null,
      customer: idOf(sub.customer),
      customer_account: null,
      end: null,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: coupon.id, type: 'coupon' },
      start: at,
      subscription: sub.id,
      subscription_item: null,
    }
    await store.put(discount)
    return discount.id
  }

  /** The coupon state of a subscription that just received `coupon` (duration once: one invoice). */
  const couponState = (coupon: Stripe.Coupon, discountId: string): SubscriptionState['coupon'] => ({
    id: coupon.id,
    discountId,
    remaining:
      coupon.duration === 'once'
        ? 1
        : coupon.duration === 'repeating'
          ? (coupon.duration_in_months ?? 1)
          : null,
  })

  /**
   * Remembers what an invoice debited for the subscription's item: its last
   * charge line, net of its discounts, over that line's period.
   */
  async function recordDebit(sub: Stripe.Subscription, invoice: Stripe.Invoice) {
    const item = itemOf(sub)
    const line = invoice.lines.data
      .filter(
        (candidate) =>
          candidate.amount > 0 && candidate.parent?.subscription_item_details?.subscription_item === item.id,
      )
      .at(-1)
    if (!line) return
    const discount = line.discount_amounts?.reduce((sum, entry) => sum + entry.amount, 0) ?? 0
    await setDebit(sub.id, {
      price: item.price.id,
      amount: line.amount - discount,
      start: line.period.start,
      end: line.period.end,
    })
  }

  async function setDebit(subId: string, debit: Debit) {
    const state = await subscriptionState(subId)
    state.debit = debit
    await setSubscriptionState(subId, state)
  }

  /** What was debited for the item's current price and period, if the emulator knows it. */
  async function debitOf(sub: Stripe.Subscription): Promise<Debit | null> {
    const item = itemOf(sub)
    const debit = (await subscriptionState(sub.id)).debit
    return debit && debit.price === item.price.id && debit.end === item.current_period_end ? debit : null
  }

  async function invoiceCoupon(subId: string): Promise<{ coupon: Stripe.Coupon; discountId: string } | null> {
    const state = await subscriptionState(subId)
    if (!state.coupon) return null
    return {
      coupon: await load<Stripe.Coupon>(state.coupon.id, 'coupon'),
      discountId: state.coupon.discountId,
    }
  }

  /** Uses one application of a subscription's coupon (duration once: removed after the first invoice). */
  async function consumeCoupon(sub: Stripe.Subscription) {
    const state = await subscriptionState(sub.id)
    if (!state.coupon) return
    const remaining = state.coupon.remaining === null ? null : state.coupon.remaining - 1
    if (remaining !== null && remaining <= 0) {
      state.coupon = null
      sub.discounts = []
    } else state.coupon = { ...state.coupon, remaining }
    await setSubscriptionState(sub.id, state)
  }

  function setItemPrice(sub: Stripe.Subscription, p: Stripe.Price, start: number, end: number) {
    const item = itemOf(sub)
    item.price = p
    item.plan = planOf(p)
    item.current_period_start = start
    item.current_period_end = end
  }

  const subscriptionKeys = [
    'status',
    'items',
    'cancel_at_period_end',
    'cancel_at',
    'canceled_at',
    'default_payment_method',
    'metadata',
    'latest_invoice',
    'schedule',
    'discounts',
    'default_tax_rates',
  ]

  return {
    subscriptionState,
    setSubscriptionState,
    itemOf,
    buildItem,
    couponFromParams,
    createDiscount,
    couponState,
    recordDebit,
    setDebit,
    debitOf,
    invoiceCoupon,
    consumeCoupon,
    setItemPrice,
    subscriptionKeys,
  }
}

export type SubscriptionItems = ReturnType<typeof createSubscriptionItems>
