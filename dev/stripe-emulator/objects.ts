/**
 * Builders of Stripe's objects, typed by the `stripe` package (the API version
 * it is generated for), so every answer of the emulator has Stripe's shape.
 */
import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A Stripe-like identifier: prefix, underscore, 24 alphanumerics (test mode). */
export function newId(prefix: string): string {
  const bytes = randomBytes(24)
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
  return `${prefix}_${id}`
}

export type Metadata = Record<string, string>

export function product(input: {
  id?: string
  name: string
  description?: string | null
  metadata?: Metadata
  active?: boolean
  now: number
}): Stripe.Product {
  return {
    id: input.id ?? newId('prod'),
    object: 'product',
    active: input.active ?? true,
    created: input.now,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata ?? {},
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: input.now,
    url: null,
  }
}

export function price(input: {
  product: string
  unitAmount: number
  currency: string
  /** Stripe's default is 'unspecified'; the tax rate's `inclusive` decides the invoice's taxes. */
  taxBehavior?: Stripe.Price.TaxBehavior
  interval: Stripe.Price.Recurring.Interval | null
  lookupKey?: string | null
  nickname?: string | null
  metadata?: Metadata
  now: number
}): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: input.now,
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey ?? null,
    metadata: input.metadata ?? {},
    nickname: input.nickname ?? null,
    product: input.product,
    recurring: input.interval
      ? {
          interval: input.interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: input.taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.interval ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: null,
  }
}

/** The legacy plan view of a recurring price (subscription items carry both). */
export function planOf(p: Stripe.Price): Stripe.Plan {
  return {
    id: p.id,
    object: 'plan',
    active: p.active,
    amount: p.unit_amount,
    amount_decimal: null,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    interval: p.recurring?.interval ?? 'month',
    interval_count: p.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: p.metadata,
    meter: null,
    nickname: p.nickname,
    product: typeof p.product === 'string' ? p.product : p.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}

export function coupon(input: {
  id?: string
  name?: string | null
  percentOff: number | null
  amountOff: number | null
  currency: string | null
  duration: Stripe.Coupon.Duration
  durationInMonths: number | null
  metadata?: Metadata
  now: number
}): Stripe.Coupon {
  return {
    id: input.id ?? newId('coupon').slice(7, 15),
    object: 'coupon',
    amount_off: input.amountOff,
    created: input.now,
    currency: input.currency,
    duration: input.duration,
    duration_in_months: input.durationInMonths,
    livemode: false,
    max_redemptions: null,
    metadata: input.metadata ?? {},
    name: input.name ?? null,
    percent_off: input.percentOff,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  }
}

export function taxRate(input: {
  displayName: string
  percentage: number
  inclusive: boolean
  country?: string | null
  jurisdiction?: string | null
  description?: string | null
  metadata?: Metadata
  now: number
}): Stripe.TaxRate {
  return {
    id: newId('txr'),
    object: 'tax_rate',
    active: true,
    country: input.country ?? null,
    created: input.now,
    description: input.description ?? null,
    display_name: input.displayName,
    effective_percentage: input.percentage,
    flat_amount: null,
    inclusive: input.inclusive,
    jurisdiction: input.jurisdiction ?? null,
    jurisdiction_level: null,
    livemode: false,
    metadata: input.metadata ?? {},
    percentage: input.percentage,
    rate_type: 'percentage',
    state: null,
    tax_type: 'vat',
  }
}

export function customer(input: {
  email: string | null
  name: string | null
  phone: string | null
  address: Stripe.Address | null
  metadata?: Metadata
  now: number
}): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: input.address,
    balance: 0,
    created: input.now,
    currency: 'eur',
    default_source: null,
    delinquent: false,
    description: null,
    email: input.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata ?? {},
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: ['it'],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}

/** The card of a payment method: what the buyer typed, or a test token's card. */
export type CardDetails = {
  brand: string
  last4: string
  expMonth: number
  expYear: number
  /** The test token whose behaviour the card has (none: a card that pays). */
  token: string | null
  /** Same card number, same fingerprint. */
  fingerprint: string
}

export function paymentMethod(input: {
  card: CardDetails
  customer: string | null
  billingName?: string | null
  now: number
}): Stripe.PaymentMethod {
  const { card } = input
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: null,
      email: null,
      name: input.billingName ?? null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint,
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: input.now,
    customer: input.customer,
    customer_account: null,
    livemode: false,
    metadata: card.token ? { emulator_token: card.token } : {},
    type: 'card',
  }
}

export function paymentIntent(input: {
  amount: number
  currency: string
  customer: string | null
  description?: string | null
  now: number
}): Stripe.PaymentIntent {
  const id = newId('pi')
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: ['card'],
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    confirmation_method: 'automatic',
    created: input.now,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: 'off_session',
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_group: null,
  }
}

export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url }
}

/** The charge of a successful card payment (captured at once, nothing refunded yet). */
export function charge(input: {
  paymentIntent: Stripe.PaymentIntent
  paymentMethod: Stripe.PaymentMethod
  now: number
}): Stripe.Charge {
  const { paymentIntent: pi, paymentMethod: pm } = input
  const id = newId('ch')
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: newId('txn'),
    billing_details: pm.billing_details,
    calculated_statement_descriptor: null,
    captured: true,
    created: input.now,
    currency: pi.currency,
    customer: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null),
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: list([], `/v1/charges/${id}/refunds`),
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  }
}

/** A refund of (part of) a charge, succeeded at once as a card refund in test mode does. */
export function refund(input: {
  charge: Stripe.Charge
  amount: number
  reason: Stripe.Refund.Reason | null
  metadata: Metadata
  now: number
}): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: newId('txn'),
    charge: input.charge.id,
    created: input.now,
    currency: input.charge.currency,
    customer: input.charge.customer,
    customer_account: null,
    metadata: input.metadata,
    payment_intent: input.charge.payment_intent,
    payment_method: input.charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}
