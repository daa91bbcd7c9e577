/**
 * The Stripe emulator's keys and the surface the browser reaches under
 * /dev/stripe (publishable key only): payment intents by client secret, the
 * 3-D Secure page, invoice pages, cards typed as Stripe.js sends them and
 * Stripe's test cards with their refusals.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCatalogue, startTestEmulator, subscribeWith } from '../../tests/fixtures/stripe-emulator.ts'
import { startStripeEmulator, type StripeEmulator } from './index.ts'

let emulator: StripeEmulator
let stripe: Stripe

beforeAll(async () => {
  ;({ emulator, stripe } = await startTestEmulator())
})

afterAll(async () => {
  await emulator.close()
})

beforeEach(async () => {
  await emulator.idle()
})

const catalogue = () => createCatalogue(stripe)
const subscribe = (card: string) => subscribeWith(stripe, card)

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

  it('serves the challenge page, the invoice page and the invoice PDF (pdfmake) to the browser', async () => {
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
    // Laid out by pdfmake, titled with the invoice's number (the title is UTF-16: its NUL bytes dropped).
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1')
    expect(bytes.startsWith('%PDF-')).toBe(true)
    expect(bytes).toContain('(pdfmake)')
    expect(bytes.replaceAll('\u0000', '')).toContain(`Fattura ${invoice?.number}`)
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
