/**
 * Charges and refunds: a successful payment leaves its charge; `POST
 * /v1/refunds` (by charge or payment intent, the whole unrefunded amount or a
 * part) refunds it at once, as a card refund in test mode does, updates the
 * charge (`amount_refunded`, `refunded`, `refunds`) and records
 * `refund.created` and `charge.refunded`. The invoice payments answer which
 * invoice a payment intent paid (`GET /v1/invoice_payments`).
 */
import type Stripe from 'stripe'
import { charge as newCharge, list, refund as newRefund } from './objects.ts'
import { StripeApiError, invalid, metadataOf, num, str, idOf, type Params, type Core } from './core.ts'

const REASONS: Stripe.Refund.Reason[] = ['duplicate', 'fraudulent', 'requested_by_customer']

/** '€12.34', as Stripe writes amounts in its error messages. */
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`

export function createRefunds(core: Core) {
  const { store, now, emit, changes, load } = core

  /** The charge of a payment intent that has just succeeded (its `latest_charge`). */
  async function recordCharge(pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod): Promise<Stripe.Charge> {
    const created = newCharge({ paymentIntent: pi, paymentMethod: pm, now: await now() })
    await store.put(created)
    await emit('charge.succeeded', created)
    return created
  }

  async function chargeOf(params: Params): Promise<Stripe.Charge> {
    const chargeId = str(params.charge)
    const paymentIntentId = str(params.payment_intent)
    if (chargeId && paymentIntentId)
      throw invalid('You cannot specify both a charge and a payment_intent.', 'payment_intent')
    if (chargeId) return load<Stripe.Charge>(chargeId, 'charge', 'charge')
    if (!paymentIntentId)
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
      )
    const pi = await load<Stripe.PaymentIntent>(paymentIntentId, 'payment_intent', 'payment_intent')
    const latest = idOf(pi.latest_charge as string | null)
    if (pi.status !== 'succeeded' || !latest)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
        { param: 'payment_intent' },
      )
    return load<Stripe.Charge>(latest, 'charge', 'charge')
  }

  async function createRefund(params: Params): Promise<Stripe.Refund> {
    const charge = await chargeOf(params)
    const remaining = charge.amount - charge.amount_refunded
    if (charge.refunded || remaining <= 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        {
          code: 'charge_already_refunded',
        },
      )
    const requested = params.amount === undefined ? remaining : num(params.amount)
    if (requested === undefined || !Number.isInteger(requested) || requested <= 0)
      throw invalid('Invalid positive integer', 'amount')
    if (requested > remaining)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount (${euros(requested)}) is greater than unrefunded amount on charge (${euros(remaining)})`,
        { param: 'amount' },
      )
    const reason = str(params.reason)
    if (reason !== undefined && !REASONS.includes(reason as Stripe.Refund.Reason))
      throw invalid(`Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason')
    const refund = newRefund({
      charge,
      amount: requested,
      reason: (reason as Stripe.Refund.Reason | undefined) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(refund)
    await emit('refund.created', refund)
    const before = structuredClone(charge)
    charge.amount_refunded += requested
    charge.refunded = charge.amount_refunded >= charge.amount
    const refunds = [refund, ...(charge.refunds?.data ?? [])]
    charge.refunds = list(refunds, `/v1/charges/${charge.id}/refunds`)
    await store.put(charge)
    await emit('charge.refunded', charge, changes(before, charge, ['amount_refunded', 'refunded']))
    return refund
  }

  /** The refunds, newest first, of a charge or payment intent when asked. */
  async function listRefunds(params: Params): Promise<Stripe.Refund[]> {
    const chargeId = str(params.charge)
    const paymentIntentId = str(params.payment_intent)
    return (await store.list<Stripe.Refund>('refund'))
      .filter(
        (r) =>
          (!chargeId || r.charge === chargeId) && (!paymentIntentId || r.payment_intent === paymentIntentId),
      )
      .reverse()
  }

  /** The invoice payments of an invoice, or of a payment intent (`payment[payment_intent]`). */
  async function listInvoicePayments(params: Params): Promise<Stripe.InvoicePayment[]> {
    const invoiceId = str(params.invoice)
    const payment = params.payment as Params | undefined
    const paymentIntentId = payment ? str(payment.payment_intent) : undefined
    const invoices = await store.list<Stripe.Invoice>('invoice')
    return invoices
      .filter((invoice) => !invoiceId || invoice.id === invoiceId)
      .flatMap((invoice) => invoice.payments?.data ?? [])
      .filter((entry) => !paymentIntentId || idOf(entry.payment.payment_intent ?? null) === paymentIntentId)
      .reverse()
  }

  return { recordCharge, createRefund, listRefunds, listInvoicePayments }
}

export type Refunds = ReturnType<typeof createRefunds>
