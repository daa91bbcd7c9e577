/** Proration: the credit and charge lines of a plan change, and the invoice preview (a new subscription or a change). */
import type Stripe from 'stripe'
import { formatDate } from '../../modules/i18n/index.ts'
import { addPeriods } from '../../modules/platform/index.ts'
import { newId } from './objects.ts'
import {
  anchorNow,
  invalid,
  str,
  num,
  arrayOf,
  idOf,
  type Params,
  type LineInput,
  type Core,
} from './core.ts'
import type { Invoices } from './invoices.ts'
import type { SubscriptionItems } from './subscription-items.ts'

export function createProration(core: Core, invoices: Invoices, subscriptionItems: SubscriptionItems) {
  const { now, load } = core
  const { taxRatesOf, buildInvoice } = invoices
  const { subscriptionState, itemOf, couponFromParams, invoiceCoupon, debitOf } = subscriptionItems

  /** Stripe writes an invoice's lines in the customer's language: these customers' is Italian (gg/mm/aaaa). */
  const italianDay = (at: number) => formatDate(at * 1000)

  /** The share of [start, end] still to come at `at` (0 to 1). */
  const unusedShare = (start: number, end: number, at: number) =>
    end > start ? Math.max(0, Math.min(1, (end - at) / (end - start))) : 0

  /**
   * The proration lines of moving an item to another price at a moment: the
   * credit of the unused time, then the charge of the remaining time, or of a
   * whole new period when the cycle restarts (another interval, or
   * `billing_cycle_anchor=now`). The credit is the unused share of what the
   * customer was debited for the period, discounts deducted (Stripe's flexible
   * billing mode); the list price only when the emulator never saw the debit.
   * A new cycle starts at the request (`now`), whatever the proration date.
   */
  async function prorationLines(
    sub: Stripe.Subscription,
    newPrice: Stripe.Price,
    at: number,
    options: { resetAnchor?: boolean; now?: number } = {},
  ): Promise<{ lines: LineInput[]; resetsCycle: boolean; newEnd: number }> {
    const item = itemOf(sub)
    const oldPrice = item.price
    const start = item.current_period_start
    const end = item.current_period_end
    const fraction = unusedShare(start, end, at)
    const debit = await debitOf(sub)
    const oldName = (await load<Stripe.Product>(String(oldPrice.product), 'product')).name
    const newName = (await load<Stripe.Product>(String(newPrice.product), 'product')).name
    const resetsCycle =
      options.resetAnchor === true ||
      newPrice.recurring?.interval !== oldPrice.recurring?.interval ||
      newPrice.recurring?.interval_count !== oldPrice.recurring?.interval_count
    const credit: LineInput = {
      amount: debit
        ? -Math.round(debit.amount * unusedShare(debit.start, debit.end, at))
        : -Math.round((oldPrice.unit_amount ?? 0) * fraction),
      description: `Tempo non utilizzato di ${oldName} dal ${italianDay(at)}`,
      start: at,
      end,
      price: oldPrice,
      proration: true,
      subscriptionItem: item.id,
    }
    if (resetsCycle) {
      const cycleStart = options.now ?? at
      const newEnd = addPeriods(
        cycleStart,
        newPrice.recurring?.interval ?? 'month',
        newPrice.recurring?.interval_count ?? 1,
      )
      return {
        lines: [
          credit,
          {
            amount: newPrice.unit_amount ?? 0,
            description: `1 × ${newName}`,
            start: cycleStart,
            end: newEnd,
            price: newPrice,
            proration: false,
            subscriptionItem: item.id,
          },
        ],
        resetsCycle,
        newEnd,
      }
    }
    return {
      lines: [
        credit,
        {
          amount: Math.round((newPrice.unit_amount ?? 0) * fraction),
          description: `Tempo rimanente di ${newName} dal ${italianDay(at)}`,
          start: at,
          end,
          price: newPrice,
          proration: true,
          subscriptionItem: item.id,
        },
      ],
      resetsCycle,
      newEnd: end,
    }
  }

  /** The first invoice of a subscription not created yet: its price, tax rates and coupon; a customer if any. */
  async function previewNewSubscription(params: Params, at: number): Promise<Stripe.Invoice> {
    const details = (params.subscription_details ?? {}) as Params
    const customerId = str(params.customer)
    const customer = customerId ? await load<Stripe.Customer>(customerId, 'customer', 'customer') : null
    const items = arrayOf(details.items) as Params[]
    const priceId = str(items[0]?.price)
    if (!priceId)
      throw invalid(
        'Missing required param: subscription_details[items][0][price].',
        'subscription_details[items][0][price]',
      )
    const p = await load<Stripe.Price>(priceId, 'price', 'subscription_details[items][0][price]')
    if (!p.recurring)
      throw invalid('The price specified is not recurring.', 'subscription_details[items][0][price]')
    const coupon = await couponFromParams(params)
    const name = (await load<Stripe.Product>(String(p.product), 'product')).name
    return buildInvoice({
      customer,
      subscription: null,
      lines: [
        {
          amount: p.unit_amount ?? 0,
          description: `1 × ${name}`,
          start: at,
          end: addPeriods(at, p.recurring.interval, p.recurring.interval_count),
          price: p,
          proration: false,
          subscriptionItem: null,
        },
      ],
      billingReason: 'subscription_create',
      coupon: coupon ? { coupon, discountId: newId('di') } : null,
      taxRates: await taxRatesOf(details.default_tax_rates),
      preview: true,
      at,
    })
  }

  async function previewInvoice(params: Params): Promise<Stripe.Invoice> {
    const at = await now()
    const subId = str(params.subscription)
    const details = (params.subscription_details ?? {}) as Params
    if (!subId) return previewNewSubscription(params, at)
    const sub = await load<Stripe.Subscription>(subId, 'subscription', 'subscription')
    const customer = await load<Stripe.Customer>(idOf(sub.customer) ?? '', 'customer')
    const items = arrayOf(details.items) as Params[]
    const priceId = str(items[0]?.price)
    const behavior = str(details.proration_behavior) ?? 'create_prorations'
    const prorationDate = num(details.proration_date) ?? at
    const item = itemOf(sub)
    const state = await subscriptionState(sub.id)
    if (priceId && priceId !== item.price.id) {
      const newPrice = await load<Stripe.Price>(priceId, 'price', 'subscription_details[items][0][price]')
      const { lines, resetsCycle, newEnd } = await prorationLines(sub, newPrice, prorationDate, {
        resetAnchor: anchorNow(details.billing_cycle_anchor),
        now: at,
      })
      if (behavior === 'always_invoice' || resetsCycle) {
        // `discounts` names the coupons of the preview; without it, the subscription's own applies.
        const asked = params.discounts !== undefined ? await couponFromParams(params) : null
        const coupon = asked ? { coupon: asked, discountId: newId('di') } : await invoiceCoupon(sub.id)
        return buildInvoice({
          customer,
          subscription: sub,
          lines,
          billingReason: 'subscription_update',
          coupon: lines.some((line) => !line.proration) ? coupon : null,
          taxRates: sub.default_tax_rates ?? [],
          preview: true,
          at,
        })
      }
      const name = (await load<Stripe.Product>(String(newPrice.product), 'product')).name
      const next: LineInput = {
        amount: newPrice.unit_amount ?? 0,
        description: `1 × ${name}`,
        start: item.current_period_end,
        end: addPeriods(item.current_period_end, newPrice.recurring?.interval ?? 'month'),
        price: newPrice,
        proration: false,
        subscriptionItem: item.id,
      }
      return buildInvoice({
        customer,
        subscription: sub,
        lines: [...(behavior === 'none' ? [] : lines), next],
        billingReason: 'upcoming',
        coupon: await invoiceCoupon(sub.id),
        taxRates: sub.default_tax_rates ?? [],
        preview: true,
        at: newEnd,
      })
    }
    const name = (await load<Stripe.Product>(String(item.price.product), 'product')).name
    const next: LineInput = {
      amount: item.price.unit_amount ?? 0,
      description: `1 × ${name}`,
      start: item.current_period_end,
      end: addPeriods(item.current_period_end, item.price.recurring?.interval ?? 'month'),
      price: item.price,
      proration: false,
      subscriptionItem: item.id,
    }
    return buildInvoice({
      customer,
      subscription: sub,
      lines: [...(state.pendingLines ?? []), next],
      billingReason: 'upcoming',
      coupon: await invoiceCoupon(sub.id),
      taxRates: sub.default_tax_rates ?? [],
      preview: true,
      at: item.current_period_end,
    })
  }

  return { italianDay, prorationLines, previewNewSubscription, previewInvoice }
}

export type Proration = ReturnType<typeof createProration>
