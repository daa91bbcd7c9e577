/**
 * The emulator's behaviour: Stripe's billing rules for the objects the portal
 * uses. Every operation runs on the store, records the events Stripe would
 * send, and leaves delivery to the caller (see `delivery.ts`).
 */
import { createHash } from 'node:crypto'
import type Stripe from 'stripe'
import { formatDate } from '../../modules/i18n/index.ts'
import { addPeriods } from '../../modules/platform/index.ts'
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
  coupon as buildCoupon,
  customer as buildCustomer,
  list,
  newId,
  paymentIntent as buildPaymentIntent,
  paymentMethod as buildPaymentMethod,
  planOf,
  price as buildPrice,
  product as buildProduct,
  taxRate as buildTaxRate,
  type CardDetails,
  type Metadata,
} from './objects.ts'
import type { EmulatorStore, StoredObject } from './store.ts'

export const API_VERSION = '2026-10-28.endive'
const DAY = 24 * 60 * 60

/** A Stripe error answer: status, type, message, code. */
export class StripeApiError extends Error {
  readonly status: number
  readonly type: string
  readonly code: string | undefined
  readonly param: string | undefined
  readonly extra: Record<string, unknown>

  constructor(
    status: number,
    type: string,
    message: string,
    options: { code?: string; param?: string; extra?: Record<string, unknown> } = {},
  ) {
    super(message)
    this.status = status
    this.type = type
    this.code = options.code
    this.param = options.param
    this.extra = options.extra ?? {}
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...this.extra,
      },
    }
  }
}

const notFound = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  })

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param ? { param } : {})

/** Stripe's answer to an operation the payment intent's status does not allow (e.g. confirming a canceled one). */
const unexpectedState = (pi: Stripe.PaymentIntent, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, {
    code: 'payment_intent_unexpected_state',
    extra: { payment_intent: pi },
  })

/** What happens when a subscription's renewal cannot be paid after the last retry. */
export type FailedPaymentOutcome = 'canceled' | 'unpaid'

export type EngineOptions = {
  store: EmulatorStore
  /** Public base URL of the emulator's pages (challenge, invoice PDF), e.g. http://localhost:4321/dev/stripe. */
  publicBase: string
  /** Days after a failed renewal at which Stripe retries the payment (Smart Retries, simplified). */
  retryDays?: number[]
  failedPaymentOutcome?: FailedPaymentOutcome
}

type Params = Record<string, unknown>

/** Internal bookkeeping of a subscription that Stripe keeps but does not show as fields. */
type SubscriptionState = {
  /** A coupon still to be applied to the next invoices (duration once: the first invoice). */
  coupon?: { id: string; discountId: string; remaining: number | null } | null
  /** Proration lines waiting for the next invoice (proration_behavior create_prorations). */
  pendingLines?: LineInput[]
  /** Whether a successful first payment saves its card as the subscription's default. */
  saveDefaultPaymentMethod?: boolean
}

type LineInput = {
  amount: number
  description: string
  start: number
  end: number
  price: Stripe.Price
  proration: boolean
  subscriptionItem: string | null
}

type Schedule = {
  id: string
  object: 'subscription_schedule'
  subscription: string | null
  customer: string
  created: number
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled'
  end_behavior: 'release' | 'cancel'
  released_at: number | null
  released_subscription: string | null
  phases: { start_date: number; end_date: number; items: { price: string; quantity: number }[] }[]
  metadata: Metadata
  livemode: false
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
const num = (value: unknown): number | undefined => {
  const text = str(value)
  if (text === undefined || text === '') return undefined
  const parsed = Number(text)
  return Number.isFinite(parsed) ? parsed : undefined
}
const bool = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined
const arrayOf = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? Object.keys(value)
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => (value as Record<string, unknown>)[key])
      : value === undefined || value === ''
        ? []
        : [value]
const metadataOf = (value: unknown, previous: Metadata = {}): Metadata => {
  if (value === '') return {}
  if (!value || typeof value !== 'object') return previous
  const next = { ...previous }
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry === '' || entry === null) delete next[key]
    else next[key] = String(entry)
  }
  return next
}
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id

export function createEngine(options: EngineOptions) {
  const { store } = options
  const retryDays = options.retryDays ?? [3, 5, 7]
  const failedOutcome: FailedPaymentOutcome = options.failedPaymentOutcome ?? 'canceled'
  let events: Stripe.Event[] = []

  // ---------- clock ----------
  async function offset(): Promise<number> {
    return (await store.getState<number>('clock_offset')) ?? 0
  }
  async function now(): Promise<number> {
    return Math.floor(Date.now() / 1000) + (await offset())
  }
  async function setNow(timestamp: number): Promise<void> {
    await store.setState('clock_offset', timestamp - Math.floor(Date.now() / 1000))
  }

  // ---------- events ----------
  async function emit<T extends StoredObject>(
    type: Stripe.Event.Type,
    object: T,
    previous?: Record<string, unknown>,
  ) {
    // The envelope of every event type; `data.object` is the object as it is now.
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: await now(),
      data: {
        object: structuredClone(object),
        ...(previous && Object.keys(previous).length > 0 ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event
    await store.addEvent(stripInvoiceIncludables(event))
    events.push(event)
  }

  /** The events recorded since the last call (the caller delivers them). */
  function takeEvents(): Stripe.Event[] {
    const taken = events
    events = []
    return taken
  }

  function stripInvoiceIncludables(event: Stripe.Event): Stripe.Event {
    const object = event.data.object as unknown as Record<string, unknown>
    if (object.object === 'invoice') {
      delete object.confirmation_secret
      delete object.payments
    }
    return event
  }

  function changes(before: object, after: object, keys: string[]): Record<string, unknown> {
    const previous: Record<string, unknown> = {}
    for (const key of keys) {
      const a = (before as Record<string, unknown>)[key]
      const b = (after as Record<string, unknown>)[key]
      if (JSON.stringify(a) !== JSON.stringify(b)) previous[key] = a ?? null
    }
    return previous
  }

  // ---------- loading ----------
  async function load<T extends StoredObject>(id: string, kind: string, param = 'id'): Promise<T> {
    const found = await store.get<T>(id)
    if (!found || found.object !== kind) throw notFound(kind, id, param)
    return found
  }

  // ---------- products, prices, coupons, tax rates ----------
  async function createProduct(params: Params): Promise<Stripe.Product> {
    const name = str(params.name)
    if (!name) throw invalid('Missing required param: name.', 'name')
    const id = str(params.id)
    if (id && (await store.get(id))) throw invalid(`Product already exists.`, 'id')
    const created = buildProduct({
      id,
      name,
      description: str(params.description) ?? null,
      metadata: metadataOf(params.metadata),
      active: bool(params.active),
      now: await now(),
    })
    await store.put(created)
    await emit('product.created', created)
    return created
  }

  async function updateProduct(id: string, params: Params): Promise<Stripe.Product> {
    const before = await load<Stripe.Product>(id, 'product')
    const after: Stripe.Product = {
      ...before,
      name: str(params.name) ?? before.name,
      description: params.description === '' ? null : (str(params.description) ?? before.description),
      active: bool(params.active) ?? before.active,
      metadata: metadataOf(params.metadata, before.metadata),
      default_price: str(params.default_price) ?? before.default_price,
      updated: await now(),
    }
    await store.put(after)
    await emit(
      'product.updated',
      after,
      changes(before, after, ['name', 'description', 'active', 'metadata']),
    )
    return after
  }

  async function createPrice(params: Params): Promise<Stripe.Price> {
    const productId = str(params.product)
    if (!productId) throw invalid('Missing required param: product.', 'product')
    await load<Stripe.Product>(productId, 'product', 'product')
    const unitAmount = num(params.unit_amount)
    if (unitAmount === undefined || unitAmount < 0)
      throw invalid('Missing required param: unit_amount.', 'unit_amount')
    const recurring = params.recurring as Params | undefined
    const interval = recurring
      ? (str(recurring.interval) as Stripe.Price.Recurring.Interval | undefined)
      : undefined
    if (recurring && !interval)
      throw invalid('Missing required param: recurring[interval].', 'recurring[interval]')
    const lookupKey = str(params.lookup_key) ?? null
    if (lookupKey) {
      const holder = (await store.list<Stripe.Price>('price')).find((p) => p.lookup_key === lookupKey)
      if (holder) {
        if (bool(params.transfer_lookup_key) !== true)
          throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key')
        await store.put({ ...holder, lookup_key: null })
      }
    }
    const taxBehavior = str(params.tax_behavior) ?? 'unspecified'
    if (!['inclusive', 'exclusive', 'unspecified'].includes(taxBehavior))
      throw invalid(`Invalid tax_behavior: ${taxBehavior}.`, 'tax_behavior')
    const created = buildPrice({
      product: productId,
      unitAmount,
      taxBehavior: taxBehavior as Stripe.Price.TaxBehavior,
      currency: (str(params.currency) ?? 'eur').toLowerCase(),
      interval: interval ?? null,
      lookupKey,
      nickname: str(params.nickname) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('price.created', created)
    return created
  }

  async function updatePrice(id: string, params: Params): Promise<Stripe.Price> {
    const before = await load<Stripe.Price>(id, 'price')
    const lookupKey = params.lookup_key === '' ? null : (str(params.lookup_key) ?? before.lookup_key)
    if (lookupKey && lookupKey !== before.lookup_key) {
      const holder = (await store.list<Stripe.Price>('price')).find((p) => p.lookup_key === lookupKey)
      if (holder) {
        if (bool(params.transfer_lookup_key) !== true)
          throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key')
        await store.put({ ...holder, lookup_key: null })
      }
    }
    const after: Stripe.Price = {
      ...before,
      active: bool(params.active) ?? before.active,
      nickname: str(params.nickname) ?? before.nickname,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata, before.metadata),
    }
    await store.put(after)
    await emit(
      'price.updated',
      after,
      changes(before, after, ['active', 'nickname', 'lookup_key', 'metadata']),
    )
    return after
  }

  async function listPrices(query: Params): Promise<Stripe.Price[]> {
    const lookupKeys = arrayOf(query.lookup_keys).map(String)
    const productId = str(query.product)
    const active = bool(query.active)
    return (await store.list<Stripe.Price>('price')).filter(
      (p) =>
        (lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (!productId || p.product === productId) &&
        (active === undefined || p.active === active),
    )
  }

  async function createCoupon(params: Params): Promise<Stripe.Coupon> {
    const id = str(params.id)
    if (id && (await store.get(id))) throw invalid('Coupon already exists.', 'id')
    const percentOff = num(params.percent_off) ?? null
    const amountOff = num(params.amount_off) ?? null
    if (percentOff === null && amountOff === null)
      throw invalid('Missing percent_off or amount_off.', 'percent_off')
    const duration = (str(params.duration) ?? 'once') as Stripe.Coupon.Duration
    const created = buildCoupon({
      id,
      name: str(params.name) ?? null,
      percentOff,
      amountOff,
      currency: str(params.currency) ?? null,
      duration,
      durationInMonths: num(params.duration_in_months) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('coupon.created', created)
    return created
  }

  async function updateCoupon(id: string, params: Params): Promise<Stripe.Coupon> {
    const before = await load<Stripe.Coupon>(id, 'coupon')
    const after: Stripe.Coupon = {
      ...before,
      name: str(params.name) ?? before.name,
      metadata: metadataOf(params.metadata, before.metadata ?? {}),
    }
    await store.put(after)
    await emit('coupon.updated', after, changes(before, after, ['name', 'metadata']))
    return after
  }

  async function createTaxRate(params: Params): Promise<Stripe.TaxRate> {
    const displayName = str(params.display_name)
    const percentage = num(params.percentage)
    if (!displayName) throw invalid('Missing required param: display_name.', 'display_name')
    if (percentage === undefined) throw invalid('Missing required param: percentage.', 'percentage')
    const inclusive = bool(params.inclusive)
    if (inclusive === undefined) throw invalid('Missing required param: inclusive.', 'inclusive')
    const created = buildTaxRate({
      displayName,
      percentage,
      inclusive,
      country: str(params.country) ?? null,
      jurisdiction: str(params.jurisdiction) ?? null,
      description: str(params.description) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('tax_rate.created', created)
    return created
  }

  async function updateTaxRate(id: string, params: Params): Promise<Stripe.TaxRate> {
    const before = await load<Stripe.TaxRate>(id, 'tax_rate')
    const after: Stripe.TaxRate = {
      ...before,
      active: bool(params.active) ?? before.active,
      display_name: str(params.display_name) ?? before.display_name,
      description: str(params.description) ?? before.description,
      metadata: metadataOf(params.metadata, before.metadata ?? {}),
    }
    await store.put(after)
    await emit('tax_rate.updated', after, changes(before, after, ['active', 'display_name', 'description']))
    return after
  }

  // ---------- customers and payment methods ----------
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
      phone: params.phone === undefined ? before.phone : (str(params.phone) ?? null),
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

  // ---------- invoices ----------
  async function taxRatesOf(ids: unknown): Promise<Stripe.TaxRate[]> {
    const rates: Stripe.TaxRate[] = []
    for (const id of arrayOf(ids))
      rates.push(await load<Stripe.TaxRate>(String(id), 'tax_rate', 'default_tax_rates'))
    return rates
  }

  /** Rounds to the cent, half away from zero: a credit line's tax mirrors its charge's. */
  const roundCents = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount))

  /**
   * A line's taxes as Stripe computes them from tax rates, on the amount after
   * discounts: an inclusive rate is already in the amount (tax = amount −
   * amount / (1 + rate), rounded to the cent; the taxable amount is the rest),
   * an exclusive one is added (tax = taxable × rate, rounded). Exclusive rates
   * apply to the amount without the inclusive taxes.
   */
  function taxesOf(amount: number, rates: Stripe.TaxRate[]): Stripe.InvoiceLineItem.Tax[] {
    const inclusive = rates.filter((rate) => rate.inclusive)
    const inclusivePercent = inclusive.reduce((sum, rate) => sum + rate.percentage, 0)
    const base = amount / (1 + inclusivePercent / 100)
    const inclusiveTaxes = inclusive.map((rate) => roundCents((base * rate.percentage) / 100))
    const net = amount - inclusiveTaxes.reduce((sum, tax) => sum + tax, 0)
    const tax = (rate: Stripe.TaxRate, taxAmount: number): Stripe.InvoiceLineItem.Tax => ({
      amount: taxAmount,
      tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: 'standard_rated',
      taxable_amount: net,
      type: 'tax_rate_details',
    })
    return [
      ...inclusive.map((rate, index) => tax(rate, inclusiveTaxes[index] ?? 0)),
      ...rates
        .filter((rate) => !rate.inclusive)
        .map((rate) => tax(rate, roundCents((net * rate.percentage) / 100))),
    ]
  }

  /** Computes an invoice's lines and totals: discounts on non-proration lines, taxes per line (see `taxesOf`). */
  async function buildInvoice(input: {
    customer: Stripe.Customer | null
    subscription: Stripe.Subscription | null
    lines: LineInput[]
    billingReason: Stripe.Invoice.BillingReason
    coupon: { coupon: Stripe.Coupon; discountId: string } | null
    taxRates: Stripe.TaxRate[]
    preview?: boolean
    at: number
  }): Promise<Stripe.Invoice> {
    const id = input.preview ? `upcoming_${newId('in').slice(3)}` : newId('in')
    const currency = input.lines[0]?.price.currency ?? 'eur'
    const taxTotals = new Map<
      string,
      { amount: number; taxable: number; behavior: 'inclusive' | 'exclusive' }
    >()
    let subtotal = 0
    let discountTotal = 0
    let exclusiveTax = 0
    let inclusiveTax = 0
    const lines: Stripe.InvoiceLineItem[] = input.lines.map((line) => {
      const discountable = !line.proration
      const percent = input.coupon?.coupon.percent_off ?? null
      const discount =
        input.coupon && discountable
          ? percent !== null
            ? Math.round((line.amount * percent) / 100)
            : Math.min(line.amount, input.coupon.coupon.amount_off ?? 0)
          : 0
      subtotal += line.amount
      discountTotal += discount
      const taxes = taxesOf(line.amount - discount, input.taxRates)
      for (const tax of taxes) {
        const rate = tax.tax_rate_details?.tax_rate ?? ''
        const behavior = tax.tax_behavior === 'inclusive' ? 'inclusive' : 'exclusive'
        const sum = taxTotals.get(rate) ?? { amount: 0, taxable: 0, behavior }
        taxTotals.set(rate, {
          amount: sum.amount + tax.amount,
          taxable: sum.taxable + (tax.taxable_amount ?? 0),
          behavior,
        })
        if (behavior === 'inclusive') inclusiveTax += tax.amount
        else exclusiveTax += tax.amount
      }
      return {
        id: newId('il'),
        object: 'line_item',
        amount: line.amount,
        currency,
        description: line.description,
        discount_amounts:
          input.coupon && discountable ? [{ amount: discount, discount: input.coupon.discountId }] : [],
        discountable,
        discounts: input.coupon && discountable ? [input.coupon.discountId] : [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          invoice_item_details: null,
          subscription_item_details: line.subscriptionItem
            ? {
                invoice_item: null,
                proration: line.proration,
                proration_details: { credited_items: null },
                subscription: input.subscription?.id ?? null,
                subscription_item: line.subscriptionItem,
              }
            : null,
          type: 'subscription_item_details',
        },
        period: { start: line.start, end: line.end },
        pretax_credit_amounts: [],
        pricing: {
          price_details: { price: line.price.id, product: String(line.price.product) },
          type: 'price_details',
          unit_amount_decimal: null,
        },
        quantity: 1,
        quantity_decimal: null,
        subscription: input.subscription?.id ?? null,
        subtotal: line.amount,
        taxes,
      }
    })
    // An inclusive tax is part of the line's amount; an exclusive one is added to it.
    const total = subtotal - discountTotal + exclusiveTax
    const totalExcludingTax = total - exclusiveTax - inclusiveTax
    const amountDue = Math.max(total, 0)
    const periodStart = input.lines.length > 0 ? Math.min(...input.lines.map((l) => l.start)) : input.at
    const periodEnd = input.lines.length > 0 ? Math.max(...input.lines.map((l) => l.end)) : input.at
    const invoice: Stripe.Invoice = {
      id,
      object: 'invoice',
      account_country: 'IT',
      account_name: 'Banca Dati CCNL',
      account_tax_ids: null,
      amount_due: amountDue,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amountDue,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: !input.preview,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: input.billingReason,
      collection_method: 'charge_automatically',
      created: input.at,
      currency,
      custom_fields: null,
      customer: input.customer?.id ?? null,
      customer_account: null,
      customer_address: input.customer?.address ?? null,
      customer_email: input.customer?.email ?? null,
      customer_name: input.customer?.name ?? null,
      customer_phone: input.customer?.phone ?? null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      default_payment_method: null,
      default_source: null,
      default_tax_rates: input.taxRates,
      description: null,
      discounts: input.coupon ? [input.coupon.discountId] : [],
      due_date: null,
      effective_at: input.preview ? null : input.at,
      ending_balance: input.preview ? null : 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: input.preview ? null : `${options.publicBase}/invoices/${id}`,
      invoice_pdf: input.preview ? null : `${options.publicBase}/invoices/${id}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: list(lines, `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: input.subscription
        ? {
            quote_details: null,
            subscription_details: {
              metadata: input.subscription.metadata,
              subscription: input.subscription.id,
            },
            type: 'subscription_details',
          }
        : null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      payments: list([], `/v1/invoice_payments?invoice=${id}`),
      period_end: periodEnd,
      period_start: periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: input.preview ? 'draft' : 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal,
      subtotal_excluding_tax: totalExcludingTax,
      test_clock: null,
      total,
      total_discount_amounts: input.coupon
        ? [{ amount: discountTotal, discount: input.coupon.discountId }]
        : [],
      total_excluding_tax: totalExcludingTax,
      total_pretax_credit_amounts: input.coupon
        ? [
            {
              amount: discountTotal,
              discount: input.coupon.discountId,
              credit_balance_transaction: null,
              type: 'discount',
            },
          ]
        : [],
      total_taxes: [...taxTotals.entries()].map(([rate, entry]) => ({
        amount: entry.amount,
        tax_behavior: entry.behavior,
        tax_rate_details: { tax_rate: rate },
        taxability_reason: 'standard_rated',
        taxable_amount: entry.taxable,
        type: 'tax_rate_details',
      })),
      webhooks_delivered_at: null,
    }
    return invoice
  }

  /** Finalizes a draft invoice: number, open status, a payment intent and its confirmation secret. */
  async function finalizeInvoice(
    invoice: Stripe.Invoice,
    customer: Stripe.Customer,
  ): Promise<Stripe.Invoice> {
    const at = await now()
    const sequence = customer.next_invoice_sequence ?? 1
    await store.put({ ...customer, next_invoice_sequence: sequence + 1 })
    invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`
    invoice.status = 'open'
    invoice.status_transitions.finalized_at = at
    await emit('invoice.created', { ...invoice, status: 'draft', number: null })
    if (invoice.amount_due > 0) {
      const pi = buildPaymentIntent({
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: customer.id,
        description:
          invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        now: at,
      })
      await store.put(pi)
      await store.setState(`invoice_of:${pi.id}`, invoice.id)
      invoice.confirmation_secret = { client_secret: pi.client_secret ?? '', type: 'payment_intent' }
      invoice.payments = list(
        [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: invoice.amount_due,
            created: at,
            currency: invoice.currency,
            invoice: invoice.id,
            is_default: true,
            livemode: false,
            payment: { payment_intent: pi.id, type: 'payment_intent' },
            status: 'open',
            status_transitions: { canceled_at: null, paid_at: null },
          },
        ],
        `/v1/invoice_payments?invoice=${invoice.id}`,
      )
      await emit('payment_intent.created', pi)
      await store.put(invoice)
      await emit('invoice.finalized', invoice)
    } else {
      invoice.status = 'paid'
      invoice.status_transitions.paid_at = at
      await store.put(invoice)
      await emit('invoice.finalized', invoice)
      await emit('invoice.paid', invoice)
      await emit('invoice.payment_succeeded', invoice)
    }
    return invoice
  }

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
    pi.latest_charge = newId('ch')
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

  async function defaultPaymentMethodOf(sub: Stripe.Subscription): Promise<Stripe.PaymentMethod | null> {
    const customer = await load<Stripe.Customer>(idOf(sub.customer) ?? '', 'customer')
    const id =
      idOf(sub.default_payment_method as string | null) ??
      idOf(customer.invoice_settings.default_payment_method as string | null)
    return id ? load<Stripe.PaymentMethod>(id, 'payment_method') : null
  }

  /** Charges an open invoice with the subscription's or customer's default card, off session. */
  async function chargeInvoice(invoice: Stripe.Invoice, sub: Stripe.Subscription): Promise<boolean> {
    const piId = paymentIntentIdOf(invoice)
    if (!piId) return invoice.status === 'paid'
    const pi = await load<Stripe.PaymentIntent>(piId, 'payment_intent')
    const pm = await defaultPaymentMethodOf(sub)
    if (!pm) {
      const fresh = await load<Stripe.Invoice>(invoice.id, 'invoice')
      fresh.attempted = true
      fresh.attempt_count += 1
      await store.put(fresh)
      await emit('invoice.payment_failed', fresh)
      return false
    }
    const result = await attemptPayment(pi, pm, { offSession: true })
    return result.status === 'succeeded'
  }

  async function payInvoice(id: string, params: Params): Promise<Stripe.Invoice> {
    const invoice = await load<Stripe.Invoice>(id, 'invoice')
    if (invoice.status === 'paid') throw invalid('Invoice is already paid.')
    if (invoice.status !== 'open') throw invalid('You can only pay an invoice that is open.')
    const piId = paymentIntentIdOf(invoice)
    if (!piId) throw invalid('This invoice has nothing to pay.')
    const pi = await load<Stripe.PaymentIntent>(piId, 'payment_intent')
    const subId = invoice.parent?.subscription_details
      ? idOf(invoice.parent.subscription_details.subscription)
      : null
    const sub = subId ? await load<Stripe.Subscription>(subId, 'subscription') : null
    const requested = str(params.payment_method)
    const pm = requested
      ? await resolvePaymentMethod(requested)
      : sub
        ? await defaultPaymentMethodOf(sub)
        : null
    if (!pm) throw invalid('There is no default payment method to pay this invoice with.', 'payment_method')
    const result = await attemptPayment(pi, pm, { offSession: true })
    if (result.status !== 'succeeded') {
      const error = result.last_payment_error
      throw cardRefusal({
        code: error?.code ?? declines.generic.code,
        declineCode: error?.decline_code ?? declines.generic.declineCode,
        message: error?.message ?? declines.generic.message,
      })
    }
    return load<Stripe.Invoice>(id, 'invoice')
  }

  /**
   * Voids an open invoice as Stripe does: the invoice can no longer be paid and
   * its payment intent is canceled (`cancellation_reason: 'void_invoice'`).
   */
  async function voidOpenInvoice(invoice: Stripe.Invoice, at: number): Promise<Stripe.Invoice> {
    const before = structuredClone(invoice)
    invoice.status = 'void'
    invoice.status_transitions.voided_at = at
    const payment = invoice.payments?.data[0]
    if (payment) {
      payment.status = 'canceled'
      payment.status_transitions.canceled_at = at
    }
    const piId = paymentIntentIdOf(invoice)
    const pi = piId ? await store.get<Stripe.PaymentIntent>(piId) : undefined
    if (pi && pi.status !== 'succeeded' && pi.status !== 'canceled') {
      pi.status = 'canceled'
      pi.canceled_at = at
      pi.cancellation_reason = 'void_invoice'
      pi.next_action = null
      await store.put(pi)
      await emit('payment_intent.canceled', pi)
    }
    await store.put(invoice)
    await emit('invoice.updated', invoice, changes(before, invoice, ['status', 'status_transitions']))
    await emit('invoice.voided', invoice)
    return invoice
  }

  /** `POST /v1/invoices/{id}/void`: only an open (or uncollectible) invoice can be voided. */
  async function voidInvoice(id: string): Promise<Stripe.Invoice> {
    const invoice = await load<Stripe.Invoice>(id, 'invoice')
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw invalid(
        `You can only void invoices that are open or uncollectible. This invoice is ${invoice.status}.`,
      )
    return voidOpenInvoice(invoice, await now())
  }

  async function listInvoices(query: Params): Promise<Stripe.Invoice[]> {
    const customerId = str(query.customer)
    const subscriptionId = str(query.subscription)
    const status = str(query.status)
    return (await store.list<Stripe.Invoice>('invoice'))
      .filter(
        (invoice) =>
          (!customerId || invoice.customer === customerId) &&
          (!subscriptionId ||
            idOf(invoice.parent?.subscription_details?.subscription ?? null) === subscriptionId) &&
          (!status || invoice.status === status),
      )
      .reverse()
  }

  // ---------- subscriptions ----------
  async function subscriptionState(id: string): Promise<SubscriptionState> {
    return (await store.getState<SubscriptionState>(`subscription:${id}`)) ?? {}
  }
  async function setSubscriptionState(id: string, state: SubscriptionState) {
    await store.setState(`subscription:${id}`, state)
  }

  function itemOf(sub: Stripe.Subscription): Stripe.SubscriptionItem {
    const item = sub.items.data[0]
    if (!item) throw invalid('The subscription has no items.')
    return item
  }

  function buildItem(
    subscriptionId: string,
    p: Stripe.Price,
    start: number,
    end: number,
    at: number,
  ): Stripe.SubscriptionItem {
    return {
      id: newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: at,
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planOf(p),
      price: p,
      quantity: 1,
      subscription: subscriptionId,
      tax_rates: null,
    }
  }

  async function couponFromParams(params: Params): Promise<Stripe.Coupon | null> {
    const discounts = arrayOf(params.discounts) as Params[]
    const couponId = str(discounts[0]?.coupon) ?? str(params.coupon)
    if (!couponId) return null
    return load<Stripe.Coupon>(couponId, 'coupon', 'discounts[0][coupon]')
  }

  async function invoiceCoupon(subId: string): Promise<{ coupon: Stripe.Coupon; discountId: string } | null> {
    const state = await subscriptionState(subId)
    if (!state.coupon) return null
    return {
      coupon: await load<Stripe.Coupon>(state.coupon.id, 'coupon'),
      discountId: state.coupon.discountId,
    }
  }

  /** Uses one application of a subscription's coupon (duration once: removed after the first invoice). */
  async function consumeCoupon(sub: Stripe.Subscription) {
    const state = await subscriptionState(sub.id)
    if (!state.coupon) return
    const remaining = state.coupon.remaining === null ? null : state.coupon.remaining - 1
    if (remaining !== null && remaining <= 0) {
      state.coupon = null
      sub.discounts = []
    } else state.coupon = { ...state.coupon, remaining }
    await setSubscriptionState(sub.id, state)
  }

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
    const discountId = coupon ? newId('di') : null
    const sub: Stripe.Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: at,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
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
      coupon:
        coupon && discountId
          ? {
              id: coupon.id,
              discountId,
              remaining:
                coupon.duration === 'once'
                  ? 1
                  : coupon.duration === 'repeating'
                    ? (coupon.duration_in_months ?? 1)
                    : null,
            }
          : null,
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

  /** The proration lines of moving an item to another price at a moment (credit of the unused time, charge of the remaining time). */
  /** Stripe writes an invoice's lines in the customer's language: these customers' is Italian (gg/mm/aaaa). */
  const italianDay = (at: number) => formatDate(at * 1000)

  async function prorationLines(
    sub: Stripe.Subscription,
    newPrice: Stripe.Price,
    at: number,
  ): Promise<{ lines: LineInput[]; resetsCycle: boolean; newEnd: number }> {
    const item = itemOf(sub)
    const oldPrice = item.price
    const start = item.current_period_start
    const end = item.current_period_end
    const fraction = end > start ? Math.max(0, Math.min(1, (end - at) / (end - start))) : 0
    const oldName = (await load<Stripe.Product>(String(oldPrice.product), 'product')).name
    const newName = (await load<Stripe.Product>(String(newPrice.product), 'product')).name
    const resetsCycle =
      newPrice.recurring?.interval !== oldPrice.recurring?.interval ||
      newPrice.recurring?.interval_count !== oldPrice.recurring?.interval_count
    const credit: LineInput = {
      amount: -Math.round((oldPrice.unit_amount ?? 0) * fraction),
      description: `Tempo non utilizzato di ${oldName} dal ${italianDay(at)}`,
      start: at,
      end,
      price: oldPrice,
      proration: true,
      subscriptionItem: item.id,
    }
    if (resetsCycle) {
      const newEnd = addPeriods(
        at,
        newPrice.recurring?.interval ?? 'month',
        newPrice.recurring?.interval_count ?? 1,
      )
      return {
        lines: [
          credit,
          {
            amount: newPrice.unit_amount ?? 0,
            description: `1 × ${newName}`,
            start: at,
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

  function setItemPrice(sub: Stripe.Subscription, p: Stripe.Price, start: number, end: number) {
    const item = itemOf(sub)
    item.price = p
    item.plan = planOf(p)
    item.current_period_start = start
    item.current_period_end = end
  }

  const subscriptionKeys = [
    'status',
    'items',
    'cancel_at_period_end',
    'cancel_at',
    'canceled_at',
    'default_payment_method',
    'metadata',
    'latest_invoice',
    'schedule',
    'discounts',
    'default_tax_rates',
  ]

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

    let invoiceToCharge: Stripe.Invoice | null = null
    if (requestedPrice && requestedPrice !== item.price.id) {
      const newPrice = await load<Stripe.Price>(requestedPrice, 'price', 'items[0][price]')
      if (!newPrice.recurring) throw invalid('The price specified is not recurring.', 'items[0][price]')
      const { lines, resetsCycle, newEnd } = await prorationLines(sub, newPrice, prorationDate)
      const start = resetsCycle ? at : item.current_period_start
      if (resetsCycle) sub.billing_cycle_anchor = at
      if (prorationBehavior === 'always_invoice' || resetsCycle) {
        const chargedLines = prorationBehavior === 'none' ? lines.filter((line) => !line.proration) : lines
        const state = await subscriptionState(id)
        const pending = state.pendingLines ?? []
        setItemPrice(sub, newPrice, start, newEnd)
        const invoice = await buildInvoice({
          customer,
          subscription: sub,
          lines: [...pending, ...chargedLines],
          billingReason: 'subscription_update',
          coupon: null,
          taxRates: sub.default_tax_rates ?? [],
          at,
        })
        state.pendingLines = []
        await setSubscriptionState(id, state)
        invoiceToCharge = invoice
        sub.latest_invoice = invoice.id
      } else {
        if (prorationBehavior === 'create_prorations') {
          const state = await subscriptionState(id)
          state.pendingLines = [...(state.pendingLines ?? []), ...lines]
          await setSubscriptionState(id, state)
        }
        setItemPrice(sub, newPrice, start, newEnd)
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

  // ---------- schedules (a change of price at a future period boundary) ----------
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

  // ---------- invoice preview ----------
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
      const { lines, resetsCycle, newEnd } = await prorationLines(sub, newPrice, prorationDate)
      if (behavior === 'always_invoice' || resetsCycle) {
        return buildInvoice({
          customer,
          subscription: sub,
          lines,
          billingReason: 'subscription_update',
          coupon: null,
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

  // ---------- the test clock ----------
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

  return {
    now,
    advance,
    takeEvents,
    load,
    createProduct,
    updateProduct,
    createPrice,
    updatePrice,
    listPrices,
    createCoupon,
    updateCoupon,
    createTaxRate,
    updateTaxRate,
    createCustomer,
    updateCustomer,
    listCustomers,
    createPaymentMethod,
    attachPaymentMethod,
    detachPaymentMethod,
    listPaymentMethods,
    retrievePaymentIntent,
    confirmPaymentIntent,
    completeChallenge,
    payInvoice,
    voidInvoice,
    listInvoices,
    previewInvoice,
    createSubscription,
    updateSubscription,
    cancelSubscription,
    listSubscriptions,
    createSchedule,
    updateSchedule,
    releaseSchedule,
  }
}

export type Engine = ReturnType<typeof createEngine>
