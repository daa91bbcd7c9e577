/**
 * The emulator through the official `stripe` SDK (memory store, loopback HTTP):
 * catalogue, checkout of a subscription, declined and authenticated cards,
 * signed webhooks, plan changes with proration and the test clock.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startStripeEmulator, type StripeEmulator } from './index.ts'

const secret = 'whsec_test_emulator'
let emulator: StripeEmulator
let stripe: Stripe
let received: Stripe.Event[] = []

beforeAll(async () => {
  emulator = await startStripeEmulator({
    webhook: async (payload, signature) => {
      received.push(stripe.webhooks.constructEvent(payload, signature, secret))
      return 200
    },
    webhookSecret: secret,
    publicBase: 'http://localhost:9/dev/stripe',
    backoffMs: [10],
  })
  stripe = new Stripe(emulator.secretKey, { ...emulator.clientOptions, maxNetworkRetries: 0 })
})

afterAll(async () => {
  await emulator.close()
})

beforeEach(async () => {
  await emulator.idle()
  received = []
})

async function catalogue() {
  const product = await stripe.products.create({ name: 'Premium', description: 'Abbonamento Premium' })
  const monthly = await stripe.prices.create({
    product: product.id,
    unit_amount: 819,
    currency: 'eur',
    recurring: { interval: 'month' },
  })
  const pro = await stripe.products.create({ name: 'Professional', description: 'Abbonamento Professional' })
  const proMonthly = await stripe.prices.create({
    product: pro.id,
    unit_amount: 1639,
    currency: 'eur',
    recurring: { interval: 'month' },
  })
  const vat = await stripe.taxRates.create({
    display_name: 'IVA',
    percentage: 22,
    inclusive: false,
    country: 'IT',
  })
  const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once', name: 'Lancio' })
  return { product, monthly, pro, proMonthly, vat, coupon }
}

async function subscribe(card: string, options: { coupon?: boolean } = {}) {
  const { monthly, vat, coupon, proMonthly } = await catalogue()
  const customer = await stripe.customers.create({ email: 'mario@esempio.it', name: 'Mario Rossi' })
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: monthly.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    default_tax_rates: [vat.id],
    ...(options.coupon === false ? {} : { discounts: [{ coupon: coupon.id }] }),
    expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
  })
  const invoice = subscription.latest_invoice as Stripe.Invoice
  const piId = invoice.payments?.data[0]?.payment.payment_intent as string
  let outcome: Stripe.PaymentIntent | Error
  try {
    outcome = await stripe.paymentIntents.confirm(piId, { payment_method: card })
  } catch (error) {
    outcome = error as Error
  }
  return { customer, subscription, invoice, piId, outcome, proMonthly, monthly }
}

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

describe('the emulator’s keys and the browser’s surface', () => {
  /** The emulator's browser surface as the portal serves it under /dev/stripe. */
  let browser: http.Server
  let browserBase: string

  beforeAll(async () => {
    browser = http.createServer((req, res) => void emulator.handleBrowser(req, res, req.url ?? '/'))
    await new Promise<void>((resolve) => browser.listen(0, '127.0.0.1', resolve))
    browserBase = `http://127.0.0.1:${(browser.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => browser.close(() => resolve()))
  })

  /** A subscription waiting for its first payment: the payment intent and its client secret. */
  async function openPayment() {
    const { monthly } = await catalogue()
    const customer = await stripe.customers.create({ email: 'lucia@esempio.it', name: 'Lucia Neri' })
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    })
    const invoice = subscription.latest_invoice as Stripe.Invoice
    return {
      customer,
      subscription,
      piId: invoice.payments?.data[0]?.payment.payment_intent as string,
      clientSecret: invoice.confirmation_secret?.client_secret ?? '',
    }
  }

  const call = (path: string, key: string, body?: Record<string, string>) =>
    fetch(`${browserBase}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${key}`,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    })

  it('makes a new secret key at each start, never the old constant, and refuses the constant', async () => {
    expect(emulator.secretKey).toMatch(/^sk_test_[0-9a-f]{48}$/)
    const second = await startStripeEmulator({
      webhook: async () => 200,
      publicBase: 'http://localhost:9/dev/stripe',
    })
    try {
      expect(second.secretKey).not.toBe(emulator.secretKey)
    } finally {
      await second.close()
    }
    const guessed = new Stripe('sk_test_emulator', { ...emulator.clientOptions, maxNetworkRetries: 0 })
    await expect(guessed.customers.list()).rejects.toMatchObject({ statusCode: 401 })
  })

  it('refuses the secret key, even the right one, and every secret-key call on the browser’s surface', async () => {
    for (const key of [emulator.secretKey, 'sk_test_emulator', emulator.publishableKey, '']) {
      for (const [path, body] of [
        ['/v1/customers', undefined],
        ['/v1/customers/cus_x', { 'metadata[user_id]': 'attacker' }],
        ['/v1/coupons', { percent_off: '100', duration: 'forever' }],
        ['/v1/subscriptions', undefined],
        ['/v1/events', undefined],
      ] as const) {
        const response = await call(path, key, body)
        expect(response.status, `${key} ${path}`).toBe(401)
      }
    }
    const customers = await stripe.customers.list({ limit: 100 })
    expect(customers.data.some((customer) => customer.metadata.user_id === 'attacker')).toBe(false)
  })

  it('lets the publishable key read and confirm only the payment whose client secret it holds, and shows no customer data', async () => {
    const { piId, clientSecret, subscription } = await openPayment()
    const path = `/v1/payment_intents/${piId}`
    expect((await call(`${path}?client_secret=wrong`, emulator.publishableKey)).status).toBe(404)
    expect((await call(path, emulator.publishableKey)).status).toBe(404)
    const read = await call(
      `${path}?client_secret=${encodeURIComponent(clientSecret)}&expand[]=customer`,
      emulator.publishableKey,
    )
    expect(read.status).toBe(200)
    const intent = (await read.json()) as Record<string, unknown>
    expect(intent.status).toBe('requires_payment_method')
    expect(intent).not.toHaveProperty('customer')
    expect(intent).not.toHaveProperty('metadata')
    const confirmed = await call(`${path}/confirm`, emulator.publishableKey, {
      client_secret: clientSecret,
      payment_method: 'pm_card_visa',
    })
    expect(confirmed.status).toBe(200)
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded')
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
  })

  it('refuses to pay a payment with the card of another customer', async () => {
    const victim = await subscribe('pm_card_visa')
    const victimCard = (await stripe.subscriptions.retrieve(victim.subscription.id)).default_payment_method
    const { piId, clientSecret } = await openPayment()
    const response = await call(`/v1/payment_intents/${piId}/confirm`, emulator.publishableKey, {
      client_secret: clientSecret,
      payment_method: String(victimCard),
    })
    expect(response.status).toBe(404)
    expect((await stripe.paymentIntents.retrieve(piId)).status).toBe('requires_payment_method')
  })

  it('serves the challenge page and the invoice page and PDF to the browser', async () => {
    const { piId, clientSecret } = await openPayment()
    const pending = await call(`/v1/payment_intents/${piId}/confirm`, emulator.publishableKey, {
      client_secret: clientSecret,
      payment_method: 'pm_card_authenticationRequired',
    })
    expect(((await pending.json()) as { status: string }).status).toBe('requires_action')
    expect(await (await fetch(`${browserBase}/challenge/${piId}`)).text()).toContain('Completa')
    await fetch(`${browserBase}/challenge/${piId}/complete`, { method: 'POST' })
    const paid = await stripe.paymentIntents.retrieve(piId)
    expect(paid.status).toBe('succeeded')
    const invoice = (await stripe.invoices.list({ limit: 1 })).data[0]
    const pdf = await fetch(`${browserBase}/invoices/${invoice?.id}/pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect((await fetch(`${browserBase}/invoices/${invoice?.id}`)).status).toBe(200)
  })
  /** Stripe.js's confirmation with the card the buyer typed (payment_method_data[card][…]). */
  const confirmTyped = (piId: string, clientSecret: string, number: string, expiry = ['12', '2030']) =>
    call(`/v1/payment_intents/${piId}/confirm`, emulator.publishableKey, {
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': expiry[0] ?? '',
      'payment_method_data[card][exp_year]': expiry[1] ?? '',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Lucia Neri',
      return_url: 'http://localhost:9/checkout',
    })

  /** Stripe.js's createPaymentMethod with the publishable key. */
  const createTyped = (number: string, expMonth = '12', expYear = '2030', cvc = '123') =>
    call('/v1/payment_methods', emulator.publishableKey, {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': expMonth,
      'card[exp_year]': expYear,
      'card[cvc]': cvc,
      'billing_details[name]': 'Lucia Neri',
    })

  type CardError = { error: { type: string; code: string; decline_code?: string; param?: string } }

  it('creates a payment method from the typed card with the expiry as entered (12/30 is December 2030)', async () => {
    const created = await createTyped('4242 4242 4242 4242', '12', '2030')
    expect(created.status).toBe(200)
    const pm = (await created.json()) as Stripe.PaymentMethod
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })
    expect(pm.customer).toBeNull()
    // Any Luhn-valid number pays, with its own last four and the brand of its prefix.
    const other = (await (await createTyped('2223003122003222', '1', '31')).json()) as Stripe.PaymentMethod
    expect(other.card).toMatchObject({ brand: 'mastercard', last4: '3222', exp_month: 1, exp_year: 2031 })
    const { piId, clientSecret, subscription } = await openPayment()
    const paid = await call(`/v1/payment_intents/${piId}/confirm`, emulator.publishableKey, {
      client_secret: clientSecret,
      payment_method: other.id,
    })
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded')
    const saved = await stripe.paymentMethods.retrieve(
      String((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method),
    )
    expect(saved.card).toMatchObject({ last4: '3222', exp_month: 1, exp_year: 2031 })
  })

  it('refuses a typed card as Stripe does: a number failing Luhn, a past expiry, a malformed CVC', async () => {
    const refusals: [Promise<Response>, string][] = [
      [createTyped('4242 4242 4242 4241'), 'incorrect_number'],
      [createTyped('4242424242424242', '13', '2030'), 'invalid_expiry_month'],
      [createTyped('4242424242424242', '01', '2020'), 'invalid_expiry_year'],
      [createTyped('4242424242424242', '12', '2030', '12'), 'invalid_cvc'],
    ]
    for (const [response, code] of refusals) {
      const answer = await response
      expect(answer.status).toBe(402)
      expect(((await answer.json()) as CardError).error).toMatchObject({ type: 'card_error', code })
    }
    // Only the card fields: a token or a customer is not the browser's to choose.
    expect((await call('/v1/payment_methods', emulator.publishableKey, { type: 'card' })).status).toBe(400)
  })

  it('declines Stripe’s decline cards at payment and when attached, each with its code and decline code', async () => {
    const customer = await stripe.customers.create({ email: 'rifiuti@esempio.it' })
    for (const [number, code, declineCode] of [
      ['4000000000000002', 'card_declined', 'generic_decline'],
      ['4000000000009995', 'card_declined', 'insufficient_funds'],
      ['4000000000000069', 'expired_card', 'expired_card'],
      ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ] as const) {
      const { piId, clientSecret, subscription } = await openPayment()
      const refused = await confirmTyped(piId, clientSecret, number)
      expect(refused.status, number).toBe(402)
      const body = (await refused.json()) as CardError & {
        error: { payment_intent: { status: string; last_payment_error: { decline_code: string } } }
      }
      expect(body.error).toMatchObject({ type: 'card_error', code, decline_code: declineCode })
      expect(body.error.payment_intent.status).toBe('requires_payment_method')
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete')
      const pm = (await (await createTyped(number)).json()) as Stripe.PaymentMethod
      await expect(stripe.paymentMethods.attach(pm.id, { customer: customer.id })).rejects.toMatchObject({
        type: 'StripeCardError',
        code,
        decline_code: declineCode,
      })
    }
  })

  it('4000 0027 6000 3184 asks for 3-D Secure on every payment: renewals off session fail with authentication_required', async () => {
    const { piId, clientSecret, subscription } = await openPayment()
    const pending = (await (await confirmTyped(piId, clientSecret, '4000002760003184')).json()) as {
      status: string
    }
    expect(pending.status).toBe('requires_action')
    await fetch(`${browserBase}/challenge/${piId}/complete`, { method: 'POST' })
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    await emulator.advance(31)
    const renewal = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice.payments.data.payment.payment_intent'],
    })
    expect(renewal.status).toBe('past_due')
    const intent = (renewal.latest_invoice as Stripe.Invoice).payments?.data[0]?.payment
      .payment_intent as Stripe.PaymentIntent
    expect(intent.last_payment_error).toMatchObject({
      code: 'authentication_required',
      decline_code: 'authentication_required',
    })
  })

  it('4000 0025 0000 3155 asks for 3-D Secure at the first payment, then renewals off session pay', async () => {
    const { piId, clientSecret, subscription } = await openPayment()
    const pending = (await (await confirmTyped(piId, clientSecret, '4000 0025 0000 3155')).json()) as {
      status: string
    }
    expect(pending.status).toBe('requires_action')
    await fetch(`${browserBase}/challenge/${piId}/complete`, { method: 'POST' })
    await emulator.advance(31)
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    // Never authenticated for future use (attached directly): off session it needs authentication.
    const { subscription: unset, customer } = await openPayment()
    const card = await stripe.paymentMethods.attach('pm_card_authenticationRequiredOnSetup', {
      customer: customer.id,
    })
    await stripe.invoices.pay((unset.latest_invoice as Stripe.Invoice).id, { payment_method: card.id }).then(
      () => expect.unreachable(),
      (error: unknown) => expect(error).toMatchObject({ code: 'authentication_required' }),
    )
  })

  it('a refused challenge leaves the payment to retry with another card', async () => {
    const { piId, clientSecret, subscription } = await openPayment()
    await confirmTyped(piId, clientSecret, '4000002760003184')
    await fetch(`${browserBase}/challenge/${piId}/fail`, { method: 'POST' })
    const read = (await (
      await call(
        `/v1/payment_intents/${piId}?client_secret=${encodeURIComponent(clientSecret)}`,
        emulator.publishableKey,
      )
    ).json()) as Stripe.PaymentIntent
    expect(read.status).toBe('requires_payment_method')
    expect(read.last_payment_error?.code).toBe('payment_intent_authentication_failure')
    const retried = (await (await confirmTyped(piId, clientSecret, '5555555555554444')).json()) as {
      status: string
    }
    expect(retried.status).toBe('succeeded')
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
  })
})
