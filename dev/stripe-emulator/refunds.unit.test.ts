/**
 * Refunds in the emulator through the official `stripe` SDK: a paid
 * subscription's charge refunded in part then in full, by charge or by payment
 * intent, Stripe's errors, the charge's figures and the webhooks sent.
 */
import type Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestEmulator, subscribeWith } from '../../tests/fixtures/stripe-emulator.ts'
import type { StripeEmulator } from './index.ts'

let emulator: StripeEmulator
let stripe: Stripe
let received: Stripe.Event[] = []

beforeAll(async () => {
  ;({ emulator, stripe } = await startTestEmulator((event) => received.push(event)))
})

afterAll(async () => {
  await emulator.close()
})

beforeEach(async () => {
  await emulator.idle()
  received = []
})

/** A paid first invoice (4,99 €) and the payment intent that paid it. */
async function paidInvoice() {
  const { invoice, outcome } = await subscribeWith(stripe, 'pm_card_visa')
  const paymentIntent = outcome as Stripe.PaymentIntent
  expect(paymentIntent.status).toBe('succeeded')
  await emulator.idle()
  received = []
  return { invoice, paymentIntent }
}

describe('refunds in the Stripe emulator', () => {
  it('leaves a charge on a successful payment and finds the invoice it paid', async () => {
    const { invoice, paymentIntent } = await paidInvoice()
    const charge = await stripe.charges.retrieve(String(paymentIntent.latest_charge))
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 499,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: 'succeeded',
      payment_intent: paymentIntent.id,
    })
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
    })
    expect(payments.data.map((payment) => payment.invoice)).toEqual([invoice.id])
  })

  it('refunds part of a charge, then the rest, updating the charge and sending the webhooks', async () => {
    const { paymentIntent } = await paidInvoice()
    const chargeId = String(paymentIntent.latest_charge)
    const partial = await stripe.refunds.create({
      charge: chargeId,
      amount: 200,
      reason: 'requested_by_customer',
      metadata: { motivo: 'Disservizio' },
    })
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 200,
      charge: chargeId,
      payment_intent: paymentIntent.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { motivo: 'Disservizio' },
    })
    let charge = await stripe.charges.retrieve(chargeId)
    expect(charge.amount_refunded).toBe(200)
    expect(charge.refunded).toBe(false)
    await emulator.idle()
    const refunded = received.find((event) => event.type === 'charge.refunded')
    expect(refunded?.data.object).toMatchObject({ id: chargeId, amount_refunded: 200, refunded: false })
    expect(refunded?.data.previous_attributes).toEqual({ amount_refunded: 0 })
    expect(received.find((event) => event.type === 'refund.created')?.data.object).toMatchObject({
      id: partial.id,
      amount: 200,
    })

    // By payment intent, without an amount: what is left (2,99 €).
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent.id })
    expect(rest.amount).toBe(299)
    charge = await stripe.charges.retrieve(chargeId)
    expect(charge.amount_refunded).toBe(499)
    expect(charge.refunded).toBe(true)
    const listed = await stripe.refunds.list({ charge: chargeId })
    expect(listed.data.map((entry) => entry.id)).toEqual([rest.id, partial.id])
    expect((await stripe.refunds.retrieve(rest.id)).amount).toBe(299)
  })

  it('answers with Stripe’s errors: more than what is left, a charge already refunded, an unknown charge', async () => {
    const { paymentIntent } = await paidInvoice()
    const chargeId = String(paymentIntent.latest_charge)
    await expect(stripe.refunds.create({ charge: chargeId, amount: 500 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
    })
    await expect(stripe.refunds.create({ charge: chargeId, amount: 0 })).rejects.toMatchObject({
      param: 'amount',
    })
    await stripe.refunds.create({ charge: chargeId })
    await expect(stripe.refunds.create({ charge: chargeId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    })
    await expect(stripe.refunds.create({ charge: 'ch_missing' })).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    })
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ statusCode: 400 })
  })
})
