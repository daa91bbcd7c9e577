/**
 * The emulator through the official `stripe` SDK (memory store, loopback HTTP):
 * catalogue, checkout of a subscription, declined and authenticated cards,
 * signed webhooks, plan changes with proration and the test clock.
 */
import Stripe from 'stripe'
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

const subscribe = (card: string, options: { coupon?: boolean } = {}) => subscribeWith(stripe, card, options)

/** A VAT-inclusive recurring price of a new product, as the portal's catalogue makes them. */
async function grossPrice(name: string, amount: number, interval: 'month' | 'year' = 'month') {
  const product = await stripe.products.create({ name })
  return stripe.prices.create({
    product: product.id,
    unit_amount: amount,
    currency: 'eur',
    tax_behavior: 'inclusive',
    recurring: { interval },
  })
}

const inclusiveVat = () => stripe.taxRates.create({ display_name: 'IVA', percentage: 22, inclusive: true })

/** A customer with a working default card, subscribed to `price` with the inclusive VAT (and a coupon). */
async function paidSubscription(price: Stripe.Price, vat: Stripe.TaxRate, coupon?: Stripe.Coupon) {
  const customer = await stripe.customers.create({ email: `cliente-${price.id}@esempio.it` })
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    default_payment_method: card.id,
    default_tax_rates: [vat.id],
    ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
    expand: ['latest_invoice'],
  })
  return { customer, sub }
}

describe('the Stripe emulator', () => {
  it('creates a subscription left incomplete with a client secret, and a paid first invoice after a good card', async () => {
    const { subscription, invoice, outcome } = await subscribe('pm_card_visa')
    expect(subscription.status).toBe('incomplete')
    expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_.+_secret_/)
    // 8,19 net, -50% = 4,10 off, 4,09 + 22% VAT (0,90) = 4,99
    expect(invoice.amount_due).toBe(499)
    expect((outcome as Stripe.PaymentIntent).status).toBe('succeeded')
    const after = await stripe.subscriptions.retrieve(subscription.id)
    expect(after.status).toBe('active')
    expect(after.default_payment_method).toMatch(/^pm_/)
    const paid = await stripe.invoices.retrieve(invoice.id)
    expect(paid.status).toBe('paid')
    expect(paid.invoice_pdf).toContain(`/invoices/${invoice.id}/pdf`)
    await emulator.idle()
    const types = received.map((event) => event.type)
    expect(types).toContain('customer.subscription.created')
    expect(types).toContain('invoice.paid')
    expect(types).toContain('customer.subscription.updated')
  })

  it('refuses a declined card with a card_error and leaves the subscription incomplete', async () => {
    const { subscription, outcome } = await subscribe('pm_card_chargeDeclined')
    expect(outcome).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect((outcome as Stripe.errors.StripeCardError).code).toBe('card_declined')
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete')
  })

  it('voids an open invoice as Stripe does: its payment intent is canceled and can no longer be confirmed', async () => {
    const { invoice, piId } = await subscribe('pm_card_chargeDeclined')
    const voided = await stripe.invoices.voidInvoice(invoice.id)
    expect(voided.status).toBe('void')
    expect(voided.status_transitions.voided_at).toEqual(expect.any(Number))
    const pi = await stripe.paymentIntents.retrieve(piId)
    expect(pi).toMatchObject({ status: 'canceled', cancellation_reason: 'void_invoice' })
    await expect(
      stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
    })
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({ statusCode: 400 })
    await expect(stripe.invoices.voidInvoice(invoice.id)).rejects.toMatchObject({ statusCode: 400 })
    const paid = await subscribe('pm_card_visa')
    await expect(stripe.invoices.voidInvoice(paid.invoice.id)).rejects.toMatchObject({ statusCode: 400 })
    await emulator.idle()
    const types = received.map((event) => event.type)
    expect(types).toContain('invoice.voided')
    expect(types).toContain('payment_intent.canceled')
  })

  it('asks for authentication and completes or refuses it from the challenge page', async () => {
    const { piId, outcome, subscription } = await subscribe('pm_card_authenticationRequired')
    const pi = outcome as Stripe.PaymentIntent
    expect(pi.status).toBe('requires_action')
    expect(pi.next_action?.redirect_to_url?.url).toContain(`/challenge/${piId}`)
    const port = emulator.clientOptions.port
    const page = await fetch(`http://127.0.0.1:${port}/challenge/${piId}`)
    const html = await page.text()
    expect(html).toContain('Completa')
    expect(html).toContain('Rifiuta')
    await fetch(`http://127.0.0.1:${port}/challenge/${piId}/complete`, { method: 'POST' })
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')

    const refused = await subscribe('pm_card_authenticationRequired')
    await fetch(`http://127.0.0.1:${port}/challenge/${refused.piId}/fail`, { method: 'POST' })
    expect((await stripe.paymentIntents.retrieve(refused.piId)).status).toBe('requires_payment_method')
    expect((await stripe.subscriptions.retrieve(refused.subscription.id)).status).toBe('incomplete')
  })

  it('renews after a month with a second paid invoice at the full price', async () => {
    const { subscription, customer } = await subscribe('pm_card_visa')
    await emulator.advance(31)
    const invoices = await stripe.invoices.list({ customer: customer.id })
    expect(invoices.data).toHaveLength(2)
    expect(invoices.data.every((invoice) => invoice.status === 'paid')).toBe(true)
    expect(invoices.data[0]?.amount_paid).toBe(999)
    const renewed = await stripe.subscriptions.retrieve(subscription.id)
    expect(renewed.status).toBe('active')
    expect(renewed.items.data[0]?.current_period_start).toBeGreaterThan(
      subscription.items.data[0]?.current_period_start ?? 0,
    )
  })

  it('moves a renewal on a declining card to past_due, retries, then cancels after the last retry', async () => {
    const { subscription, customer } = await subscribe('pm_card_visa')
    await expect(
      stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }),
    ).rejects.toThrow(/declined/)
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    })
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id })
    await emulator.advance(31)
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] })
    expect(pastDue.status).toBe('past_due')
    expect((pastDue.latest_invoice as Stripe.Invoice).status).toBe('open')
    expect((pastDue.latest_invoice as Stripe.Invoice).next_payment_attempt).not.toBeNull()
    await emulator.advance(16)
    const ended = await stripe.subscriptions.retrieve(subscription.id)
    expect(ended.status).toBe('canceled')
    expect(ended.cancellation_details?.reason).toBe('payment_failed')
    await emulator.idle()
    const failures = received.filter(
      (event) =>
        event.type === 'invoice.payment_failed' &&
        (event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === subscription.id,
    )
    // The renewal attempt and the three retries.
    expect(failures).toHaveLength(4)
    const types = received.map((event) => event.type)
    expect(types).toContain('customer.subscription.deleted')
  })

  it('sets and clears cancel_at_period_end and canceled_at, and ends the subscription at period end', async () => {
    const { subscription } = await subscribe('pm_card_visa')
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
    expect(cancelling.cancel_at_period_end).toBe(true)
    expect(cancelling.canceled_at).not.toBeNull()
    const renewing = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })
    expect(renewing.cancel_at_period_end).toBe(false)
    expect(renewing.canceled_at).toBeNull()
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
    await emulator.advance(32)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled')
  })

  it('previews and charges an upgrade with proration', async () => {
    const { subscription, proMonthly } = await subscribe('pm_card_visa')
    const item = subscription.items.data[0]
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item?.id, price: proMonthly.id }],
        proration_behavior: 'always_invoice',
      },
    })
    expect(preview.lines.data).toHaveLength(2)
    const sum = (preview.lines.data[0]?.amount ?? 0) + (preview.lines.data[1]?.amount ?? 0)
    expect(sum).toBeGreaterThan(0)
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item?.id, price: proMonthly.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    })
    expect(updated.items.data[0]?.price.id).toBe(proMonthly.id)
    expect((updated.latest_invoice as Stripe.Invoice).status).toBe('paid')
    expect((updated.latest_invoice as Stripe.Invoice).amount_paid).toBe(preview.amount_remaining)
  })

  it('computes an inclusive tax rate as Stripe does: the discounted amount already holds the VAT', async () => {
    const annual = await grossPrice('Premium Annuale', 9999, 'year')
    expect(annual.tax_behavior).toBe('inclusive')
    const vat = await inclusiveVat()
    const coupon = await stripe.coupons.create({ amount_off: 5001, currency: 'eur', duration: 'once' })
    const { customer, sub } = await paidSubscription(annual, vat, coupon)
    const first = sub.latest_invoice as Stripe.Invoice
    // 99,99 − 50,01 = 49,98 charged; VAT round(4998 − 4998 / 1,22) = 9,01; net 40,97.
    expect(first).toMatchObject({
      subtotal: 9999,
      total: 4998,
      amount_paid: 4998,
      total_excluding_tax: 4097,
      subtotal_excluding_tax: 4097,
      status: 'paid',
    })
    expect(first.total_taxes).toEqual([
      expect.objectContaining({ amount: 901, taxable_amount: 4097, tax_behavior: 'inclusive' }),
    ])
    expect(first.lines.data[0]?.taxes).toEqual([
      expect.objectContaining({ amount: 901, taxable_amount: 4097, tax_behavior: 'inclusive' }),
    ])
    expect(first.lines.data[0]?.amount).toBe(9999)
    expect(first.lines.data[0]?.discount_amounts).toEqual([expect.objectContaining({ amount: 5001 })])

    // The renewal (the coupon was once): the full gross price, VAT round(9999 − 9999 / 1,22) = 18,03.
    const renewal = await stripe.invoices.createPreview({ customer: customer.id, subscription: sub.id })
    expect(renewal).toMatchObject({ total: 9999, amount_due: 9999, total_excluding_tax: 8196 })
    expect(renewal?.total_taxes?.[0]).toMatchObject({ amount: 1803, taxable_amount: 8196 })
  })

  it('previews a new subscription’s first invoice, with or without a customer, with the same figures as the charge', async () => {
    const monthly = await grossPrice('Professional', 1999)
    const vat = await inclusiveVat()
    const coupon = await stripe.coupons.create({ amount_off: 1000, currency: 'eur', duration: 'once' })
    const anonymous = await stripe.invoices.createPreview({
      subscription_details: { items: [{ price: monthly.id }], default_tax_rates: [vat.id] },
      discounts: [{ coupon: coupon.id }],
    })
    // 9,99 with 1,80 VAT (round(999 − 999 / 1,22) = 180) and 8,19 net.
    expect(anonymous).toMatchObject({ customer: null, total: 999, total_excluding_tax: 819, amount_due: 999 })
    expect(anonymous.total_taxes?.[0]).toMatchObject({ amount: 180, taxable_amount: 819 })

    const preview = await stripe.invoices.createPreview({
      subscription_details: { items: [{ price: monthly.id }], default_tax_rates: [vat.id] },
    })
    expect(preview).toMatchObject({ total: 1999, total_excluding_tax: 1639 })
    const { customer, sub } = await paidSubscription(monthly, vat)
    const withCustomer = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription_details: { items: [{ price: monthly.id }], default_tax_rates: [vat.id] },
    })
    expect(withCustomer).toMatchObject({ customer: customer.id, total: 1999, total_excluding_tax: 1639 })
    const paid = sub.latest_invoice as Stripe.Invoice
    expect([paid.total, paid.total_excluding_tax, paid.total_taxes?.[0]?.amount]).toEqual([
      preview.total,
      preview.total_excluding_tax,
      preview.total_taxes?.[0]?.amount,
    ])
    await expect(
      stripe.invoices.createPreview({ subscription_details: { items: [{ price: 'price_missing' }] } }),
    ).rejects.toMatchObject({ code: 'resource_missing' })
  })

  it('taxes proration lines of inclusive prices inside their amounts, a credit as a negative tax', async () => {
    const premium = await grossPrice('Premium', 999)
    const professional = await grossPrice('Professional', 1999)
    const { customer, sub } = await paidSubscription(premium, await inclusiveVat())
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: {
        items: [{ id: sub.items.data[0]?.id, price: professional.id }],
        proration_behavior: 'always_invoice',
      },
    })
    const [credit, charge] = preview.lines.data
    // At the start of the period: the whole Premium month back, the whole Professional month charged.
    expect([credit?.amount, charge?.amount]).toEqual([-999, 1999])
    expect(credit?.taxes?.[0]).toMatchObject({
      amount: -180,
      taxable_amount: -819,
      tax_behavior: 'inclusive',
    })
    expect(charge?.taxes?.[0]).toMatchObject({ amount: 360, taxable_amount: 1639 })
    expect(preview).toMatchObject({ total: 1000, total_excluding_tax: 820, amount_due: 1000 })
    expect(preview.total_taxes?.[0]).toMatchObject({ amount: 180, taxable_amount: 820 })
  })

  it('credits the unused share of what was paid, the discount deducted, as Stripe’s flexible billing mode does', async () => {
    const premium = await grossPrice('Premium', 999)
    const professional = await grossPrice('Professional', 1999)
    const launch = await stripe.coupons.create({ amount_off: 500, currency: 'eur', duration: 'once' })
    const { customer, sub } = await paidSubscription(premium, await inclusiveVat(), launch)
    expect(sub.billing_mode?.type).toBe('flexible')
    expect((sub.latest_invoice as Stripe.Invoice).total).toBe(499)
    const change = (at?: number) =>
      stripe.invoices.createPreview({
        customer: customer.id,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: sub.items.data[0]?.id, price: professional.id }],
          proration_behavior: 'always_invoice',
          ...(at ? { proration_date: at } : {}),
        },
      })
    // The same day: 4,99 € paid, 4,99 € back (not the list price 9,99 €).
    expect((await change()).lines.data[0]?.amount).toBe(-499)
    // Ten days into the period: the unused share of 4,99 €, round(499 × share).
    const start = sub.items.data[0]?.current_period_start ?? 0
    const end = sub.items.data[0]?.current_period_end ?? 0
    const at = start + 10 * 86_400
    expect((await change(at)).lines.data[0]?.amount).toBe(-Math.round((499 * (end - at)) / (end - start)))
  })

  it('restarts the cycle on billing_cycle_anchor now and applies the update’s coupon to the new period only', async () => {
    const premium = await grossPrice('Premium', 999)
    const professional = await grossPrice('Professional', 1999)
    const vat = await inclusiveVat()
    const premiumLaunch = await stripe.coupons.create({ amount_off: 500, currency: 'eur', duration: 'once' })
    const proLaunch = await stripe.coupons.create({ amount_off: 1000, currency: 'eur', duration: 'once' })
    const { customer, sub } = await paidSubscription(premium, vat, premiumLaunch)
    await emulator.advance(3)
    const change = {
      items: [{ id: sub.items.data[0]?.id, price: professional.id }],
      proration_behavior: 'always_invoice' as const,
      billing_cycle_anchor: { type: 'now' as const },
    }
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: change,
      discounts: [{ coupon: proLaunch.id }],
    })
    const updated = await stripe.subscriptions.update(sub.id, {
      ...change,
      discounts: [{ coupon: proLaunch.id }],
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    })
    const invoice = updated.latest_invoice as Stripe.Invoice
    // Credit: the unused share of 4,99 € (3 days of the month gone); a whole month of Professional,
    // 19,99 € less its launch coupon of 10,00 €, not applied to the credit.
    const start = sub.items.data[0]?.current_period_start ?? 0
    const end = sub.items.data[0]?.current_period_end ?? 0
    const now = await emulator.now()
    const credit = -Math.round((499 * (end - now)) / (end - start))
    for (const figures of [preview, invoice]) {
      expect(figures.lines.data.map((line) => line.amount)).toEqual([credit, 1999])
      expect(figures.lines.data[0]?.discount_amounts).toEqual([])
      expect(figures.total_discount_amounts?.map((entry) => entry.amount)).toEqual([1000])
      expect(figures.total).toBe(credit + 999)
    }
    expect(invoice.status).toBe('paid')
    expect(updated.items.data[0]?.current_period_start).toBe(now)
    expect(updated.billing_cycle_anchor).toBe(now)
    // The coupon was once: the renewal a month later is the list price.
    await emulator.advance(32)
    const renewal = (await stripe.invoices.list({ subscription: sub.id, limit: 1 })).data[0]
    expect(renewal?.total).toBe(1999)
  })

  it('names the coupon of an invoice’s discount when the discounts are expanded', async () => {
    const premium = await grossPrice('Premium', 999)
    const launch = await stripe.coupons.create({
      id: `lancio-prova-${Date.now()}`,
      amount_off: 500,
      currency: 'eur',
      duration: 'once',
    })
    const { customer } = await paidSubscription(premium, await inclusiveVat(), launch)
    const invoices = await stripe.invoices.list({ customer: customer.id, expand: ['data.discounts'] })
    const discount = invoices.data[0]?.discounts[0]
    expect(typeof discount).toBe('object')
    expect((discount as Stripe.Discount).source.coupon).toBe(launch.id)
    // Without expand, the id only, as Stripe answers.
    const plain = await stripe.invoices.list({ customer: customer.id })
    expect(typeof plain.data[0]?.discounts[0]).toBe('string')
  })

  it('moves a subscription to another price and tax rate for the next renewal without charging now', async () => {
    const { subscription, customer } = await subscribe('pm_card_visa')
    const gross = await grossPrice('Premium', 999)
    const vat = await inclusiveVat()
    const moved = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]?.id, price: gross.id }],
      proration_behavior: 'none',
      default_tax_rates: [vat.id],
    })
    expect(moved.default_tax_rates?.map((rate) => rate.id)).toEqual([vat.id])
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1)
    await emulator.advance(31)
    const renewal = (await stripe.invoices.list({ customer: customer.id })).data[0]
    expect(renewal).toMatchObject({ total: 999, amount_paid: 999, total_excluding_tax: 819 })
  })

  it('answers unknown objects with Stripe’s resource_missing error', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    })
  })
})
