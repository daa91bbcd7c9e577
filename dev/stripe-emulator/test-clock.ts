/** The test clock: moving time forward renews, charges, retries, fails and cancels subscriptions as Stripe would. */
import type Stripe from 'stripe'
import { addPeriods } from '../../modules/platform/index.ts'
import { DAY, invalid, idOf, type FailedPaymentOutcome, type Schedule, type Core } from './core.ts'
import type { Invoices } from './invoices.ts'
import type { SubscriptionItems } from './subscription-items.ts'
import type { Subscriptions } from './subscriptions.ts'

export function createTestClock(
  core: Core,
  invoices: Invoices,
  subscriptionItems: SubscriptionItems,
  subscriptions: Subscriptions,
) {
  const { options, store, now, setNow, emit, changes, load } = core
  const { buildInvoice, finalizeInvoice, chargeInvoice, voidOpenInvoice } = invoices
  const {
    subscriptionState,
    setSubscriptionState,
    itemOf,
    invoiceCoupon,
    recordDebit,
    consumeCoupon,
    setItemPrice,
    subscriptionKeys,
  } = subscriptionItems
  const { releaseScheduleOf } = subscriptions

  // Days after a failed renewal at which the payment is retried; what follows the last failure.
  const retryDays = options.retryDays ?? [3, 5, 7]
  const failedOutcome: FailedPaymentOutcome = options.failedPaymentOutcome ?? 'canceled'

  /** The next moment something is due for a subscription (renewal, retry, cancellation, expiry). */
  async function dueAt(sub: Stripe.Subscription): Promise<number | null> {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return null
    if (sub.status === 'incomplete') return sub.created + 23 * 60 * 60
    const item = itemOf(sub)
    const moments = [item.current_period_end]
    if (sub.cancel_at) moments.push(sub.cancel_at)
    if (sub.status === 'past_due') {
      const invoiceId = idOf(sub.latest_invoice as string | null)
      const invoice = invoiceId ? await store.get<Stripe.Invoice>(invoiceId) : undefined
      if (invoice?.status === 'open' && invoice.next_payment_attempt)
        moments.push(invoice.next_payment_attempt)
    }
    if (sub.status === 'unpaid') return Math.min(...moments)
    return Math.min(...moments)
  }

  async function renew(sub: Stripe.Subscription, at: number) {
    const before = structuredClone(sub)
    const item = itemOf(sub)
    const customer = await load<Stripe.Customer>(idOf(sub.customer) ?? '', 'customer')
    // A schedule's next phase takes over at the period boundary.
    const scheduleId = idOf(sub.schedule as string | null)
    if (scheduleId) {
      const schedule = await load<Schedule>(scheduleId, 'subscription_schedule')
      const phase = schedule.phases.find((candidate) => candidate.start_date <= at && at < candidate.end_date)
      const phasePrice = phase?.items[0]?.price
      if (phasePrice && phasePrice !== item.price.id) {
        setItemPrice(
          sub,
          await load<Stripe.Price>(phasePrice, 'price'),
          item.current_period_start,
          item.current_period_end,
        )
      }
      const last = schedule.phases[schedule.phases.length - 1]
      if (!last || last.start_date <= at) {
        schedule.status = 'released'
        schedule.released_at = at
        schedule.released_subscription = sub.id
        await store.put(schedule)
        sub.schedule = null
        await emit('subscription_schedule.released', schedule)
      }
    }
    const p = itemOf(sub).price
    const start = item.current_period_end
    const end = addPeriods(start, p.recurring?.interval ?? 'month', p.recurring?.interval_count ?? 1)
    setItemPrice(sub, p, start, end)
    const state = await subscriptionState(sub.id)
    const name = (await load<Stripe.Product>(String(p.product), 'product')).name
    const invoice = await buildInvoice({
      customer,
      subscription: sub,
      lines: [
        ...(state.pendingLines ?? []),
        {
          amount: p.unit_amount ?? 0,
          description: `1 × ${name}`,
          start,
          end,
          price: p,
          proration: false,
          subscriptionItem: item.id,
        },
      ],
      billingReason: 'subscription_cycle',
      coupon: await invoiceCoupon(sub.id),
      taxRates: sub.default_tax_rates ?? [],
      at,
    })
    state.pendingLines = []
    await setSubscriptionState(sub.id, state)
    await recordDebit(sub, invoice)
    await consumeCoupon(sub)
    sub.latest_invoice = invoice.id
    await store.put(sub)
    await emit('customer.subscription.updated', sub, changes(before, sub, subscriptionKeys))
    await finalizeInvoice(invoice, customer)
    if (invoice.amount_due > 0) {
      const paid = await chargeInvoice(await load<Stripe.Invoice>(invoice.id, 'invoice'), sub)
      if (!paid) await scheduleRetry(invoice.id, sub.id, at)
    }
  }

  async function scheduleRetry(invoiceId: string, subId: string, at: number) {
    const invoice = await load<Stripe.Invoice>(invoiceId, 'invoice')
    const sub = await load<Stripe.Subscription>(subId, 'subscription')
    const before = structuredClone(sub)
    const attempt = invoice.attempt_count
    const delay = retryDays[attempt - 1]
    if (delay !== undefined) {
      invoice.next_payment_attempt = at + delay * DAY
      await store.put(invoice)
      if (sub.status !== 'past_due') {
        sub.status = 'past_due'
        await store.put(sub)
        await emit('customer.subscription.updated', sub, changes(before, sub, ['status']))
      }
      return
    }
    invoice.next_payment_attempt = null
    await store.put(invoice)
    if (failedOutcome === 'unpaid') {
      sub.status = 'unpaid'
      await store.put(sub)
      await emit('customer.subscription.updated', sub, changes(before, sub, ['status']))
    } else {
      sub.status = 'canceled'
      sub.canceled_at = at
      sub.ended_at = at
      sub.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'payment_failed',
      }
      await store.put(sub)
      await releaseScheduleOf(sub, at)
      await emit(
        'customer.subscription.deleted',
        sub,
        changes(before, sub, ['status', 'canceled_at', 'ended_at']),
      )
    }
  }

  async function processDue(sub: Stripe.Subscription, at: number) {
    const item = itemOf(sub)
    if (sub.status === 'incomplete') {
      const before = structuredClone(sub)
      sub.status = 'incomplete_expired'
      sub.ended_at = at
      await store.put(sub)
      const invoiceId = idOf(sub.latest_invoice as string | null)
      if (invoiceId) {
        const invoice = await load<Stripe.Invoice>(invoiceId, 'invoice')
        if (invoice.status === 'open') await voidOpenInvoice(invoice, at)
      }
      await emit('customer.subscription.updated', sub, changes(before, sub, ['status', 'ended_at']))
      return
    }
    if (sub.cancel_at && sub.cancel_at <= at) {
      const before = structuredClone(sub)
      sub.status = 'canceled'
      sub.ended_at = sub.cancel_at
      sub.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      }
      await store.put(sub)
      await releaseScheduleOf(sub, at)
      await emit('customer.subscription.deleted', sub, changes(before, sub, ['status', 'ended_at']))
      return
    }
    if (sub.status === 'past_due') {
      const invoiceId = idOf(sub.latest_invoice as string | null)
      const invoice = invoiceId ? await load<Stripe.Invoice>(invoiceId, 'invoice') : null
      if (
        invoice &&
        invoice.status === 'open' &&
        invoice.next_payment_attempt &&
        invoice.next_payment_attempt <= at
      ) {
        const paid = await chargeInvoice(invoice, sub)
        if (!paid) await scheduleRetry(invoice.id, sub.id, at)
        return
      }
    }
    if (item.current_period_end <= at && sub.status !== 'unpaid') {
      await renew(sub, at)
      return
    }
    if (item.current_period_end <= at && sub.status === 'unpaid') {
      // Stripe keeps creating invoices for unpaid subscriptions but does not attempt them.
      const before = structuredClone(sub)
      const p = item.price
      setItemPrice(
        sub,
        p,
        item.current_period_end,
        addPeriods(item.current_period_end, p.recurring?.interval ?? 'month'),
      )
      await store.put(sub)
      await emit('customer.subscription.updated', sub, changes(before, sub, ['items']))
    }
  }

  /** Moves the clock forward, doing in order everything that falls due on the way. Returns the new time. */
  async function advance(seconds: number): Promise<number> {
    if (!Number.isFinite(seconds) || seconds <= 0) throw invalid('The clock only moves forward.', 'days')
    const target = (await now()) + Math.round(seconds)
    for (let step = 0; step < 10_000; step++) {
      let next: { at: number; sub: Stripe.Subscription } | null = null
      for (const sub of await store.list<Stripe.Subscription>('subscription')) {
        const at = await dueAt(sub)
        if (at !== null && at <= target && (!next || at < next.at)) next = { at, sub }
      }
      if (!next) break
      if (next.at > (await now())) await setNow(next.at)
      await processDue(next.sub, Math.max(next.at, await now()))
    }
    await setNow(target)
    return target
  }

  return { dueAt, renew, scheduleRetry, processDue, advance }
}

export type TestClock = ReturnType<typeof createTestClock>
