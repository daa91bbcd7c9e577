/** Customers (address, metadata, default card) and their payment methods: Stripe's test tokens and typed test cards, attach, detach, list, and what a charge on each card does. */
import type Stripe from 'stripe'
import { createHash } from 'node:crypto'
import {
  brandOf,
  declines,
  passesLuhn,
  testCardNumbers,
  testCards,
  type CardDecline,
  type TestCard,
} from './cards.ts'
import {
  customer as buildCustomer,
  paymentMethod as buildPaymentMethod,
  type CardDetails,
} from './objects.ts'
import { StripeApiError, invalid, str, metadataOf, idOf, type Params, type Core } from './core.ts'

export function createCustomers(core: Core) {
  const { store, now, emit, changes, load } = core

  function addressOf(value: unknown, previous: Stripe.Address | null | undefined): Stripe.Address | null {
    if (value === '') return null
    if (!value || typeof value !== 'object') return previous ?? null
    const input = value as Params
    const field = (key: keyof Stripe.Address) =>
      input[key] === undefined ? (previous?.[key] ?? null) : (str(input[key]) ?? null) || null
    return {
      city: field('city'),
      country: field('country'),
      line1: field('line1'),
      line2: field('line2'),
      postal_code: field('postal_code'),
      state: field('state'),
    }
  }

  async function createCustomer(params: Params): Promise<Stripe.Customer> {
    const created = buildCustomer({
      email: str(params.email) ?? null,
      name: str(params.name) ?? null,
      phone: str(params.phone) ?? null,
      address: addressOf(params.address, null),
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('customer.created', created)
    const paymentMethod = str(params.payment_method)
    if (paymentMethod) {
      const attached = await attachPaymentMethod(paymentMethod, { customer: created.id })
      const settings = params.invoice_settings as Params | undefined
      if (settings && str(settings.default_payment_method) === paymentMethod) {
        return updateCustomer(created.id, { invoice_settings: { default_payment_method: attached.id } })
      }
    }
    return created
  }

  async function updateCustomer(id: string, params: Params): Promise<Stripe.Customer> {
    const before = await load<Stripe.Customer>(id, 'customer')
    const settings = params.invoice_settings as Params | undefined
    let defaultPaymentMethod = before.invoice_settings.default_payment_method
    if (settings && settings.default_payment_method !== undefined) {
      const requested = str(settings.default_payment_method) ?? ''
      if (requested === '') defaultPaymentMethod = null
      else {
        const pm = await resolvePaymentMethod(requested)
        if (idOf(pm.customer) !== id)
          throw invalid(
            `The customer does not have a payment method with the ID ${requested}. The payment method must be attached to the customer.`,
            'invoice_settings[default_payment_method]',
          )
        defaultPaymentMethod = pm.id
      }
    }
    const after: Stripe.Customer = {
      ...before,
      email: params.email === undefined ? before.email : (str(params.email) ?? null),
      name: params.name === undefined ? before.name : (str(params.name) ?? null),
      // Stripe clears a field sent empty.
      phone: params.phone === undefined ? before.phone : str(params.phone) || null,
      address: addressOf(params.address, before.address),
      metadata: metadataOf(params.metadata, before.metadata),
      invoice_settings: { ...before.invoice_settings, default_payment_method: defaultPaymentMethod },
    }
    await store.put(after)
    await emit(
      'customer.updated',
      after,
      changes(before, after, ['email', 'name', 'phone', 'address', 'metadata', 'invoice_settings']),
    )
    return after
  }

  async function listCustomers(query: Params): Promise<Stripe.Customer[]> {
    const email = str(query.email)?.toLowerCase()
    return (await store.list<Stripe.Customer>('customer')).filter(
      (c) => !email || (c.email ?? '').toLowerCase() === email,
    )
  }

  /** A test token's card: its brand and last four, a default expiry (December, three years on). */
  function tokenCard(token: string, card: TestCard, at: number): CardDetails {
    const expYear = new Date(at * 1000).getUTCFullYear() + 3
    return { ...card, expMonth: 12, expYear, token, fingerprint: token }
  }

  /**
   * A card typed by the buyer (`card[number]`, `card[exp_month]`,
   * `card[exp_year]`, `card[cvc]`), checked as Stripe checks it: a number
   * failing the Luhn check, a month out of range, a past expiry or a malformed
   * CVC is a 402 `card_error`. Stripe's documented numbers behave as their test
   * token; any other valid number pays.
   */
  async function typedCard(card: Params): Promise<CardDetails> {
    const refuse = (code: string, message: string, param: string) =>
      new StripeApiError(402, 'card_error', message, { code, param: `card[${param}]` })
    const number = (str(card.number) ?? '').replace(/[\s-]/g, '')
    if (!passesLuhn(number)) throw refuse('incorrect_number', 'Your card number is incorrect.', 'number')
    const expMonth = Number(str(card.exp_month))
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
      throw refuse('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month')
    const year = Number(str(card.exp_year))
    const expYear = year < 100 ? 2000 + year : year
    const today = new Date((await now()) * 1000)
    if (
      !Number.isInteger(expYear) ||
      expYear * 12 + expMonth - 1 < today.getUTCFullYear() * 12 + today.getUTCMonth()
    )
      throw refuse('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year')
    const cvc = str(card.cvc)
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc))
      throw refuse('invalid_cvc', "Your card's security code is invalid.", 'cvc')
    return {
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth,
      expYear,
      token: testCardNumbers[number] ?? null,
      fingerprint: createHash('sha256').update(number).digest('hex').slice(0, 16),
    }
  }

  async function newPaymentMethod(card: CardDetails, billingName?: string | null) {
    const created = buildPaymentMethod({ card, customer: null, billingName, now: await now() })
    await store.put(created)
    return created
  }

  /** A payment method by id, or a new one made from one of Stripe's test tokens (pm_card_visa ...). */
  async function resolvePaymentMethod(
    idOrToken: string,
    billingName?: string | null,
  ): Promise<Stripe.PaymentMethod> {
    const card = testCards[idOrToken]
    if (card) return newPaymentMethod(tokenCard(idOrToken, card, await now()), billingName)
    return load<Stripe.PaymentMethod>(idOrToken, 'payment_method', 'payment_method')
  }

  function cardOf(pm: Stripe.PaymentMethod): TestCard {
    const token = pm.metadata?.emulator_token ?? ''
    return (
      testCards[token] ?? {
        brand: pm.card?.brand ?? 'visa',
        last4: pm.card?.last4 ?? '',
        behaviour: 'succeeds',
      }
    )
  }

  /** Stripe's 402 for a card that refuses. */
  const cardRefusal = (decline: CardDecline, extra: Record<string, unknown> = {}) =>
    new StripeApiError(402, 'card_error', decline.message, {
      code: decline.code,
      extra: { decline_code: decline.declineCode, ...extra },
    })

  /** The state key of a card authenticated on session for later off-session charges (3155). */
  const authenticatedForFuture = (pmId: string) => `authenticated_for_future:${pmId}`

  /** What charging the card meets: it pays, the bank asks for authentication (on session), or a decline. */
  async function chargeOutcome(
    pm: Stripe.PaymentMethod,
    offSession: boolean,
  ): Promise<'pays' | 'authenticate' | CardDecline> {
    const card = cardOf(pm)
    switch (card.behaviour) {
      case 'succeeds':
        return 'pays'
      case 'declines':
        return card.decline ?? declines.generic
      case 'requiresAuthentication':
        return offSession ? declines.authenticationRequired : 'authenticate'
      case 'requiresAuthenticationOnSetup':
        if (!offSession) return 'authenticate'
        return (await store.getState<boolean>(authenticatedForFuture(pm.id)))
          ? 'pays'
          : declines.authenticationRequired
    }
  }

  /** A card typed in the browser (`card[number]` …), or one of Stripe's test tokens. */
  async function createPaymentMethod(params: Params): Promise<Stripe.PaymentMethod> {
    const card = params.card as Params | undefined
    const billing = params.billing_details as Params | undefined
    const billingName = billing ? (str(billing.name) ?? null) : null
    if (card && str(card.number) !== undefined) return newPaymentMethod(await typedCard(card), billingName)
    const token = (card && str(card.token)) ?? str(params.payment_method) ?? 'pm_card_visa'
    if (!testCards[token]) throw invalid(`Unknown test card token ${token}.`, 'card[token]')
    return resolvePaymentMethod(token, billingName)
  }

  async function attachPaymentMethod(idOrToken: string, params: Params): Promise<Stripe.PaymentMethod> {
    const customerId = str(params.customer)
    if (!customerId) throw invalid('Missing required param: customer.', 'customer')
    await load<Stripe.Customer>(customerId, 'customer', 'customer')
    const pm = await resolvePaymentMethod(idOrToken)
    if (pm.customer && idOf(pm.customer) !== customerId)
      throw invalid('This PaymentMethod is already attached to another customer.', 'payment_method')
    const card = cardOf(pm)
    if (card.attachFails) throw cardRefusal(card.decline ?? declines.generic)
    if (pm.customer) return pm
    const attached: Stripe.PaymentMethod = { ...pm, customer: customerId }
    await store.put(attached)
    await emit('payment_method.attached', attached)
    return attached
  }

  async function detachPaymentMethod(id: string): Promise<Stripe.PaymentMethod> {
    const pm = await load<Stripe.PaymentMethod>(id, 'payment_method')
    const customerId = idOf(pm.customer)
    const detached: Stripe.PaymentMethod = { ...pm, customer: null }
    await store.put(detached)
    await emit('payment_method.detached', detached, { customer: customerId })
    if (customerId) {
      const c = await load<Stripe.Customer>(customerId, 'customer')
      if (c.invoice_settings.default_payment_method === id) {
        await updateCustomer(customerId, { invoice_settings: { default_payment_method: '' } })
      }
    }
    return detached
  }

  async function listPaymentMethods(customerId: string): Promise<Stripe.PaymentMethod[]> {
    await load<Stripe.Customer>(customerId, 'customer', 'customer')
    return (await store.list<Stripe.PaymentMethod>('payment_method'))
      .filter((pm) => idOf(pm.customer) === customerId)
      .reverse()
  }

  return {
    addressOf,
    createCustomer,
    updateCustomer,
    listCustomers,
    tokenCard,
    typedCard,
    newPaymentMethod,
    resolvePaymentMethod,
    cardOf,
    cardRefusal,
    authenticatedForFuture,
    chargeOutcome,
    createPaymentMethod,
    attachPaymentMethod,
    detachPaymentMethod,
    listPaymentMethods,
  }
}

export type Customers = ReturnType<typeof createCustomers>
