/** Payment intents: confirming with a card, 3-D Secure (requires_action and the challenge's answer), success and failure, and the paid invoice and subscription that follow. */
import type Stripe from 'stripe'
import { declines, type CardDecline } from './cards.ts'
import { StripeApiError, invalid, unexpectedState, str, idOf, type Params, type Core } from './core.ts'
import type { Customers } from './customers.ts'
import type { Refunds } from './refunds.ts'
import type { SubscriptionItems } from './subscription-items.ts'

export function createPaymentIntents(
  core: Core,
  customers: Customers,
  subscriptionItems: SubscriptionItems,
  refunds: Refunds,
) {
  const { options, store, now, emit, changes, load } = core
  const { typedCard, newPaymentMethod, resolvePaymentMethod, authenticatedForFuture, chargeOutcome } =
    customers
  const { subscriptionState } = subscriptionItems

  function paymentIntentIdOf(invoice: Stripe.Invoice): string | null {
    const payment = invoice.payments?.data[0]?.payment.payment_intent
    return payment ? idOf(payment) : null
  }

  async function markInvoicePaid(invoiceId: string, pm: Stripe.PaymentMethod) {
    const at = await now()
    const invoice = await load<Stripe.Invoice>(invoiceId, 'invoice')
    const before = structuredClone(invoice)
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.attempted = true
    invoice.attempt_count += 1
    invoice.next_payment_attempt = null
    invoice.default_payment_method = pm.id
    invoice.status_transitions.paid_at = at
    const payment = invoice.payments?.data[0]
    if (payment) {
      payment.status = 'paid'
      payment.amount_paid = invoice.amount_due
      payment.status_transitions.paid_at = at
    }
    await store.put(invoice)
    await emit(
      'invoice.updated',
      invoice,
      changes(before, invoice, ['status', 'amount_paid', 'amount_remaining']),
    )
    await emit('invoice.paid', invoice)
    await emit('invoice.payment_succeeded', invoice)

    const subscriptionId = invoice.parent?.subscription_details
      ? idOf(invoice.parent.subscription_details.subscription)
      : null
    if (!subscriptionId) return
    const sub = await load<Stripe.Subscription>(subscriptionId, 'subscription')
    const subBefore = structuredClone(sub)
    if (['incomplete', 'past_due', 'unpaid'].includes(sub.status)) sub.status = 'active'
    const state = await subscriptionState(sub.id)
    if (state.saveDefaultPaymentMethod && !sub.default_payment_method) sub.default_payment_method = pm.id
    if (JSON.stringify(subBefore) !== JSON.stringify(sub)) {
      await store.put(sub)
      await emit(
        'customer.subscription.updated',
        sub,
        changes(subBefore, sub, ['status', 'default_payment_method']),
      )
    }
  }

  /** Charges a payment intent with a card; returns the outcome (an on-session caller may get requires_action). */
  async function attemptPayment(
    pi: Stripe.PaymentIntent,
    pm: Stripe.PaymentMethod,
    mode: { offSession: boolean; returnUrl?: string },
  ): Promise<Stripe.PaymentIntent> {
    pi.payment_method = pm.id
    const outcome = await chargeOutcome(pm, mode.offSession)
    if (outcome === 'pays') return succeedPayment(pi, pm)
    if (outcome === 'authenticate') {
      pi.status = 'requires_action'
      const challenge = `${options.publicBase}/challenge/${pi.id}${
        mode.returnUrl ? `?return_url=${encodeURIComponent(mode.returnUrl)}` : ''
      }`
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: challenge, return_url: mode.returnUrl ?? null },
      }
      pi.last_payment_error = null
      await store.put(pi)
      await emit('payment_intent.requires_action', pi)
      const invoiceId = await store.getState<string>(`invoice_of:${pi.id}`)
      if (invoiceId) {
        const invoice = await load<Stripe.Invoice>(invoiceId, 'invoice')
        await emit('invoice.payment_action_required', invoice)
      }
      return pi
    }
    return failPayment(pi, pm, outcome)
  }

  async function succeedPayment(
    pi: Stripe.PaymentIntent,
    pm: Stripe.PaymentMethod,
  ): Promise<Stripe.PaymentIntent> {
    pi.status = 'succeeded'
    pi.amount_received = pi.amount
    pi.next_action = null
    pi.last_payment_error = null
    pi.payment_method = pm.id
    pi.latest_charge = (await refunds.recordCharge(pi, pm)).id
    await store.put(pi)
    // A payment for a customer saves the card on that customer (setup_future_usage off_session).
    const customerId = idOf(pi.customer as string | null)
    if (customerId && !pm.customer) {
      const attached: Stripe.PaymentMethod = { ...pm, customer: customerId }
      await store.put(attached)
      await emit('payment_method.attached', attached)
      pm = attached
    }
    await emit('payment_intent.succeeded', pi)
    const invoiceId = await store.getState<string>(`invoice_of:${pi.id}`)
    if (invoiceId) await markInvoicePaid(invoiceId, pm)
    return pi
  }

  async function failPayment(
    pi: Stripe.PaymentIntent,
    pm: Stripe.PaymentMethod,
    decline: CardDecline,
  ): Promise<Stripe.PaymentIntent> {
    pi.status = 'requires_payment_method'
    pi.next_action = null
    pi.last_payment_error = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method: pm,
    }
    await store.put(pi)
    await emit('payment_intent.payment_failed', pi)
    const invoiceId = await store.getState<string>(`invoice_of:${pi.id}`)
    if (invoiceId) {
      const invoice = await load<Stripe.Invoice>(invoiceId, 'invoice')
      invoice.attempted = true
      invoice.attempt_count += 1
      await store.put(invoice)
      await emit('invoice.payment_failed', invoice)
    }
    return pi
  }

  async function retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent> {
    return load<Stripe.PaymentIntent>(id, 'payment_intent')
  }

  /** Confirms a payment intent on session (the checkout's card form): may succeed, decline or ask for authentication. */
  async function confirmPaymentIntent(id: string, params: Params): Promise<Stripe.PaymentIntent> {
    const pi = await load<Stripe.PaymentIntent>(id, 'payment_intent')
    if (pi.status === 'succeeded')
      throw unexpectedState(
        pi,
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      )
    if (pi.status === 'canceled')
      throw unexpectedState(
        pi,
        'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
      )
    const data = params.payment_method_data as Params | undefined
    const billing = data?.billing_details as Params | undefined
    const billingName = billing ? (str(billing.name) ?? null) : null
    const typed = data?.card as Params | undefined
    const pmId = str(params.payment_method) ?? (pi.payment_method ? idOf(pi.payment_method as string) : null)
    // Stripe.js sends the typed card as payment_method_data[card][…]: a new payment method.
    const pm =
      typed && !str(params.payment_method)
        ? await newPaymentMethod(await typedCard(typed), billingName)
        : pmId
          ? await resolvePaymentMethod(pmId, billingName)
          : null
    if (!pm)
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
      )
    const result = await attemptPayment(pi, pm, { offSession: false, returnUrl: str(params.return_url) })
    if (result.status === 'requires_payment_method' && result.last_payment_error) {
      throw new StripeApiError(
        402,
        'card_error',
        result.last_payment_error.message ?? 'Your card was declined.',
        {
          code: result.last_payment_error.code,
          extra: {
            decline_code: result.last_payment_error.decline_code,
            payment_intent: {
              ...result,
              last_payment_error: { ...result.last_payment_error, payment_method: pm.id },
            },
          },
        },
      )
    }
    return result
  }

  /** The answer of the authentication page: 'Completa' pays, 'Rifiuta' fails the payment. */
  async function completeChallenge(id: string, approved: boolean): Promise<Stripe.PaymentIntent> {
    const pi = await load<Stripe.PaymentIntent>(id, 'payment_intent')
    if (pi.status !== 'requires_action') return pi
    const pm = await load<Stripe.PaymentMethod>(idOf(pi.payment_method as string) ?? '', 'payment_method')
    if (!approved) return failPayment(pi, pm, declines.authenticationFailed)
    // Authenticated for future use: a card that asks only on setup (3155) pays off session from now on.
    if (pi.setup_future_usage === 'off_session') await store.setState(authenticatedForFuture(pm.id), true)
    return succeedPayment(pi, pm)
  }

  return {
    paymentIntentIdOf,
    markInvoicePaid,
    attemptPayment,
    succeedPayment,
    failPayment,
    retrievePaymentIntent,
    confirmPaymentIntent,
    completeChallenge,
  }
}

export type PaymentIntents = ReturnType<typeof createPaymentIntents>
