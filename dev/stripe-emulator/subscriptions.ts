/** Subscriptions (create with default_incomplete, update with proration, cancel at period end, cancel, list) and subscription schedules (a downgrade at renewal). */
import type Stripe from 'stripe'
import { addPeriods } from '../../modules/platform/index.ts'
import { declines } from './cards.ts'
import { list, newId } from './objects.ts'
import {
  StripeApiError,
  anchorNow,
  invalid,
  str,
  num,
  bool,
  arrayOf,
  metadataOf,
  idOf,
  type Params,
  type Schedule,
  type Core,
} from './core.ts'
import type { Customers } from './customers.ts'
import type { Invoices } from './invoices.ts'
import type { SubscriptionItems } from './subscription-items.ts'
import type { Proration } from './proration.ts'

export function createSubscriptions(
  core: Core,
  customers: Customers,
  invoices: Invoices,
  subscriptionItems: SubscriptionItems,
  proration: Proration,
) {
  const { store, now, emit, changes, load } = core
  const { cardRefusal, chargeOutcome } = customers
  const { taxRatesOf, buildInvoice, finalizeInvoice, defaultPaymentMethodOf, chargeInvoice } = invoices
  const {
    subscriptionState,
    setSubscriptionState,
    itemOf,
    buildItem,
    couponFromParams,
    createDiscount,
    couponState,
    recordDebit,
    setDebit,
    invoiceCoupon,
    consumeCoupon,
    setItemPrice,
    subscriptionKeys,
  } = subscriptionItems
  const { prorationLines } = proration

  async function createSubscription(params: Params): Promise<Stripe.Subscription> {
    const at = await now()
    const customerId = str(params.customer)
    if (!customerId) throw invalid('Missing required param: customer.', 'customer')
    const customer = await load<Stripe.Customer>(customerId, 'customer', 'customer')
    const items = arrayOf(params.items) as Params[]
    const priceId = str(items[0]?.price)
    if (!priceId) throw invalid('Missing required param: items[0][price].', 'items[0][price]')
    const p = await load<Stripe.Price>(priceId, 'price', 'items[0][price]')
    if (!p.recurring) throw invalid('The price specified is not recurring.', 'items[0][price]')
    const coupon = await couponFromParams(params)
    const taxRates = await taxRatesOf(params.default_tax_rates)
    const paymentBehavior = str(params.payment_behavior) ?? 'allow_incomplete'
    const defaultPm = str(params.default_payment_method)
    if (defaultPm) {
      const pm = await load<Stripe.PaymentMethod>(defaultPm, 'payment_method', 'default_payment_method')
      if (idOf(pm.customer) !== customerId)
        throw invalid('The payment method must be attached to the customer.', 'default_payment_method')
    }
    const id = newId('sub')
    const end = addPeriods(at, p.recurring.interval, p.recurring.interval_count)
    const discountId = coupon ? await createDiscount(coupon, { id, customer: customerId }, at) : null
    const sub: Stripe.Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: at,
      billing_cycle_anchor_config: null,
      // The default of the API version: credit prorations are the unused share of what was debited.
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: at,
      currency: p.currency,
      customer: customerId,
      customer_account: null,
      days_until_due: null,
      default_payment_method: defaultPm ?? null,
      default_source: null,
      default_tax_rates: taxRates,
      description: str(params.description) ?? null,
      discounts: discountId ? [discountId] : [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: list([], `/v1/subscription_items?subscription=${id}`),
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: metadataOf(params.metadata),
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method:
          ((params.payment_settings as Params | undefined)?.save_default_payment_method as
            'on_subscription' | 'off' | undefined) ?? 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: at,
      status: 'incomplete',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: null,
      trial_start: null,
    }
    sub.items.data = [buildItem(id, p, at, end, at)]
    await setSubscriptionState(id, {
      coupon: coupon && discountId ? couponState(coupon, discountId) : null,
      saveDefaultPaymentMethod: sub.payment_settings?.save_default_payment_method === 'on_subscription',
    })
    const productName = (await load<Stripe.Product>(String(p.product), 'product')).name
    const invoice = await buildInvoice({
      customer,
      subscription: sub,
      lines: [
        {
          amount: p.unit_amount ?? 0,
          description: `1 × ${productName}`,
          start: at,
          end,
          price: p,
          proration: false,
          subscriptionItem: sub.items.data[0]?.id ?? null,
        },
      ],
      billingReason: 'subscription_create',
      coupon: coupon && discountId ? { coupon, discountId } : null,
      taxRates,
      at,
    })
    sub.latest_invoice = invoice.id
    if (invoice.amount_due === 0) sub.status = 'active'
    await store.put(sub)
    await recordDebit(sub, invoice)
    await consumeCoupon(sub)
    await store.put(sub)
    await emit('customer.subscription.created', sub)
    await finalizeInvoice(invoice, customer)
    if (paymentBehavior !== 'default_incomplete' && invoice.amount_due > 0) {
      const paid = await chargeInvoice(await load<Stripe.Invoice>(invoice.id, 'invoice'), sub)
      if (!paid && paymentBehavior === 'error_if_incomplete') {
        const expired = await load<Stripe.Subscription>(id, 'subscription')
        expired.status = 'incomplete_expired'
        expired.ended_at = at
        await store.put(expired)
        throw new StripeApiError(402, 'card_error', 'Your card was declined.', { code: 'card_declined' })
      }
    }
    return load<Stripe.Subscription>(id, 'subscription')
  }

  async function updateSubscription(id: string, params: Params): Promise<Stripe.Subscription> {
    const at = await now()
    const sub = await load<Stripe.Subscription>(id, 'subscription')
    const before = structuredClone(sub)
    if (['canceled', 'incomplete_expired'].includes(sub.status))
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
    const customer = await load<Stripe.Customer>(idOf(sub.customer) ?? '', 'customer')
    const item = itemOf(sub)
    const items = arrayOf(params.items) as Params[]
    const requestedPrice = str(items[0]?.price)
    const prorationBehavior = str(params.proration_behavior) ?? 'create_prorations'
    const paymentBehavior = str(params.payment_behavior) ?? 'allow_incomplete'
    const prorationDate = num(params.proration_date) ?? at
    sub.metadata = metadataOf(params.metadata, sub.metadata)
    if (params.default_payment_method !== undefined) {
      const requested = str(params.default_payment_method) ?? ''
      if (requested) {
        const pm = await load<Stripe.PaymentMethod>(requested, 'payment_method', 'default_payment_method')
        if (idOf(pm.customer) !== customer.id)
          throw invalid('The payment method must be attached to the customer.', 'default_payment_method')
      }
      sub.default_payment_method = requested || null
    }
    if (params.default_tax_rates !== undefined)
      sub.default_tax_rates =
        params.default_tax_rates === '' ? [] : await taxRatesOf(params.default_tax_rates)

    // A coupon given with the update applies from the next invoice with a charge for a period (not to prorations).
    const newCoupon = params.discounts !== undefined ? await couponFromParams(params) : null
    if (newCoupon) {
      const discountId = await createDiscount(newCoupon, sub, at)
      const state = await subscriptionState(id)
      state.coupon = couponState(newCoupon, discountId)
      await setSubscriptionState(id, state)
      sub.discounts = [discountId]
    }

    let invoiceToCharge: Stripe.Invoice | null = null
    if (requestedPrice && requestedPrice !== item.price.id) {
      const newPrice = await load<Stripe.Price>(requestedPrice, 'price', 'items[0][price]')
      if (!newPrice.recurring) throw invalid('The price specified is not recurring.', 'items[0][price]')
      const { lines, resetsCycle, newEnd } = await prorationLines(sub, newPrice, prorationDate, {
        resetAnchor: anchorNow(params.billing_cycle_anchor),
        now: at,
      })
      const start = resetsCycle ? at : item.current_period_start
      if (resetsCycle) sub.billing_cycle_anchor = at
      if (prorationBehavior === 'always_invoice' || resetsCycle) {
        const chargedLines = prorationBehavior === 'none' ? lines.filter((line) => !line.proration) : lines
        const state = await subscriptionState(id)
        const pending = state.pendingLines ?? []
        setItemPrice(sub, newPrice, start, newEnd)
        const periodCharge = chargedLines.some((line) => !line.proration)
        const invoice = await buildInvoice({
          customer,
          subscription: sub,
          lines: [...pending, ...chargedLines],
          billingReason: 'subscription_update',
          coupon: periodCharge ? await invoiceCoupon(id) : null,
          taxRates: sub.default_tax_rates ?? [],
          at,
        })
        state.pendingLines = []
        await setSubscriptionState(id, state)
        await recordDebit(sub, invoice)
        if (periodCharge) await consumeCoupon(sub)
        invoiceToCharge = invoice
        sub.latest_invoice = invoice.id
      } else {
        const charge = lines.find((line) => line.amount > 0 && line.proration)
        if (prorationBehavior === 'create_prorations') {
          const state = await subscriptionState(id)
          state.pendingLines = [...(state.pendingLines ?? []), ...lines]
          await setSubscriptionState(id, state)
        }
        setItemPrice(sub, newPrice, start, newEnd)
        if (charge && prorationBehavior === 'create_prorations')
          await setDebit(id, {
            price: newPrice.id,
            amount: charge.amount,
            start: charge.start,
            end: charge.end,
          })
      }
    }

    const cancelAtPeriodEnd = bool(params.cancel_at_period_end)
    if (cancelAtPeriodEnd === true) {
      sub.cancel_at_period_end = true
      sub.cancel_at = itemOf(sub).current_period_end
      sub.canceled_at = at
    } else if (cancelAtPeriodEnd === false) {
      sub.cancel_at_period_end = false
      sub.cancel_at = null
      sub.canceled_at = null
    }
    if (params.cancel_at !== undefined) {
      const cancelAt = params.cancel_at === '' ? null : (num(params.cancel_at) ?? null)
      if (cancelAt !== null && cancelAt <= at) throw invalid('cancel_at must be in the future.', 'cancel_at')
      sub.cancel_at = cancelAt
      sub.cancel_at_period_end = cancelAt !== null && cancelAt === itemOf(sub).current_period_end
      sub.canceled_at = cancelAt === null ? null : at
    }

    if (invoiceToCharge) {
      const draft = invoiceToCharge
      if (draft.amount_due > 0 && paymentBehavior === 'error_if_incomplete') {
        // Charge before committing the change: a refused card leaves the subscription as it was.
        const pm = await defaultPaymentMethodOf(sub)
        if (!pm)
          throw new StripeApiError(402, 'card_error', 'Your card was declined.', {
            code: 'no_payment_method',
          })
        const outcome = await chargeOutcome(pm, true)
        if (outcome !== 'pays') throw cardRefusal(outcome === 'authenticate' ? declines.generic : outcome)
      }
      await store.put(sub)
      await finalizeInvoice(draft, customer)
      if (draft.amount_due > 0) {
        const paid = await chargeInvoice(await load<Stripe.Invoice>(draft.id, 'invoice'), sub)
        if (!paid) {
          const fresh = await load<Stripe.Subscription>(id, 'subscription')
          fresh.status = 'past_due'
          await store.put(fresh)
        }
      }
      const fresh = await load<Stripe.Subscription>(id, 'subscription')
      Object.assign(sub, { status: fresh.status, default_payment_method: fresh.default_payment_method })
    }
    await store.put(sub)
    await emit('customer.subscription.updated', sub, changes(before, sub, subscriptionKeys))
    return sub
  }

  async function cancelSubscription(id: string): Promise<Stripe.Subscription> {
    const at = await now()
    const sub = await load<Stripe.Subscription>(id, 'subscription')
    if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}' (already canceled).`)
    const before = structuredClone(sub)
    sub.status = 'canceled'
    sub.canceled_at = sub.canceled_at ?? at
    sub.ended_at = at
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: 'cancellation_requested',
    }
    await store.put(sub)
    await releaseScheduleOf(sub, at)
    await emit('customer.subscription.deleted', sub, changes(before, sub, subscriptionKeys))
    return sub
  }

  async function listSubscriptions(query: Params): Promise<Stripe.Subscription[]> {
    const customerId = str(query.customer)
    const status = str(query.status)
    const priceId = str(query.price)
    return (await store.list<Stripe.Subscription>('subscription'))
      .filter(
        (sub) =>
          (!customerId || sub.customer === customerId) &&
          (status === 'all' ? true : status ? sub.status === status : sub.status !== 'canceled') &&
          (!priceId || sub.items.data.some((item) => item.price.id === priceId)),
      )
      .reverse()
  }

  async function createSchedule(params: Params): Promise<Schedule> {
    const subId = str(params.from_subscription)
    if (!subId) throw invalid('Only from_subscription schedules are supported.', 'from_subscription')
    const sub = await load<Stripe.Subscription>(subId, 'subscription', 'from_subscription')
    if (sub.schedule)
      throw invalid('The subscription is already attached to a schedule.', 'from_subscription')
    const item = itemOf(sub)
    const schedule: Schedule = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      customer: idOf(sub.customer) ?? '',
      created: await now(),
      status: 'active',
      end_behavior: 'release',
      released_at: null,
      released_subscription: null,
      phases: [
        {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: item.price.id, quantity: 1 }],
        },
      ],
      metadata: metadataOf(params.metadata),
      livemode: false,
    }
    await store.put(schedule)
    const before = structuredClone(sub)
    sub.schedule = schedule.id
    await store.put(sub)
    await emit('subscription_schedule.created', schedule)
    await emit('customer.subscription.updated', sub, changes(before, sub, ['schedule']))
    return schedule
  }

  async function updateSchedule(id: string, params: Params): Promise<Schedule> {
    const schedule = await load<Schedule>(id, 'subscription_schedule')
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      throw invalid('You cannot update a schedule that has been released or canceled.')
    if (params.phases !== undefined) {
      const phases = (arrayOf(params.phases) as Params[]).map((phase, index) => {
        const phaseItems = arrayOf(phase.items) as Params[]
        const priceId = str(phaseItems[0]?.price)
        if (!priceId) throw invalid(`Missing phases[${index}][items][0][price].`, `phases[${index}][items]`)
        return {
          start_date: num(phase.start_date) ?? 0,
          end_date: num(phase.end_date) ?? 0,
          items: [{ price: priceId, quantity: num(phaseItems[0]?.quantity) ?? 1 }],
        }
      })
      for (const [index, phase] of phases.entries()) {
        await load<Stripe.Price>(phase.items[0]?.price ?? '', 'price', `phases[${index}][items][0][price]`)
        if (!phase.start_date)
          phase.start_date =
            index === 0 ? (schedule.phases[0]?.start_date ?? 0) : (phases[index - 1]?.end_date ?? 0)
        if (!phase.end_date) {
          const p = await load<Stripe.Price>(phase.items[0]?.price ?? '', 'price')
          phase.end_date = addPeriods(
            phase.start_date,
            p.recurring?.interval ?? 'month',
            p.recurring?.interval_count ?? 1,
          )
        }
      }
      schedule.phases = phases
    }
    const endBehavior = str(params.end_behavior)
    if (endBehavior === 'release' || endBehavior === 'cancel') schedule.end_behavior = endBehavior
    schedule.metadata = metadataOf(params.metadata, schedule.metadata)
    await store.put(schedule)
    await emit('subscription_schedule.updated', schedule)
    return schedule
  }

  async function releaseSchedule(id: string): Promise<Schedule> {
    const schedule = await load<Schedule>(id, 'subscription_schedule')
    if (schedule.status === 'released') throw invalid('This schedule has already been released.')
    schedule.status = 'released'
    schedule.released_at = await now()
    schedule.released_subscription = schedule.subscription
    await store.put(schedule)
    if (schedule.subscription) {
      const sub = await load<Stripe.Subscription>(schedule.subscription, 'subscription')
      const before = structuredClone(sub)
      sub.schedule = null
      await store.put(sub)
      await emit('customer.subscription.updated', sub, changes(before, sub, ['schedule']))
    }
    await emit('subscription_schedule.released', schedule)
    return schedule
  }

  async function releaseScheduleOf(sub: Stripe.Subscription, at: number) {
    const scheduleId = idOf(sub.schedule as string | null)
    if (!scheduleId) return
    const schedule = await load<Schedule>(scheduleId, 'subscription_schedule')
    schedule.status = 'canceled'
    schedule.released_at = at
    await store.put(schedule)
    sub.schedule = null
    await store.put(sub)
    await emit('subscription_schedule.canceled', schedule)
  }

  return {
    createSubscription,
    updateSubscription,
    cancelSubscription,
    listSubscriptions,
    createSchedule,
    updateSchedule,
    releaseSchedule,
    releaseScheduleOf,
  }
}

export type Subscriptions = ReturnType<typeof createSubscriptions>
