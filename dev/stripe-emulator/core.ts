/**
 * The emulator's common ground: Stripe's error answers, the parsing of
 * form-encoded parameters, and the core every resource works on (the store,
 * the clock, the recorded events, loading an object by id).
 */
import type Stripe from 'stripe'
import type { Metadata } from './objects.ts'
import { newId } from './objects.ts'
import type { EmulatorStore, StoredObject } from './store.ts'

export const API_VERSION = '2026-10-28.endive'
export const DAY = 24 * 60 * 60

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

export const notFound = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  })

export const invalid = (message: string, param?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param ? { param } : {})

/** Stripe's answer to an operation the payment intent's status does not allow (e.g. confirming a canceled one). */
export const unexpectedState = (pi: Stripe.PaymentIntent, message: string) =>
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

export type Params = Record<string, unknown>

/** Internal bookkeeping of a subscription that Stripe keeps but does not show as fields. */
export type SubscriptionState = {
  /** A coupon still to be applied to the next invoices (duration once: the first invoice). */
  coupon?: { id: string; discountId: string; remaining: number | null } | null
  /** Proration lines waiting for the next invoice (proration_behavior create_prorations). */
  pendingLines?: LineInput[]
  /** Whether a successful first payment saves its card as the subscription's default. */
  saveDefaultPaymentMethod?: boolean
  /**
   * What the customer was debited for the item's price from `start` to `end`,
   * net of discounts: a credit for unused time is the unused share of it, as
   * Stripe's flexible billing mode computes credit prorations.
   */
  debit?: Debit | null
}

export type Debit = { price: string; amount: number; start: number; end: number }

export type LineInput = {
  amount: number
  description: string
  start: number
  end: number
  price: Stripe.Price
  proration: boolean
  subscriptionItem: string | null
}

export type Schedule = {
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

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
export const num = (value: unknown): number | undefined => {
  const text = str(value)
  if (text === undefined || text === '') return undefined
  const parsed = Number(text)
  return Number.isFinite(parsed) ? parsed : undefined
}
export const bool = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined
export const arrayOf = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? Object.keys(value)
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => (value as Record<string, unknown>)[key])
      : value === undefined || value === ''
        ? []
        : [value]
export const metadataOf = (value: unknown, previous: Metadata = {}): Metadata => {
  if (value === '') return {}
  if (!value || typeof value !== 'object') return previous
  const next = { ...previous }
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry === '' || entry === null) delete next[key]
    else next[key] = String(entry)
  }
  return next
}
/** Whether a `billing_cycle_anchor` parameter restarts the cycle now (`{ type: 'now' }`; older API versions: `now`). */
export const anchorNow = (value: unknown): boolean =>
  value === 'now' || (typeof value === 'object' && value !== null && (value as Params).type === 'now')

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id

/** The store, the emulator's clock and the events recorded for delivery. */
export function createCore(options: EngineOptions) {
  const { store } = options
  let events: Stripe.Event[] = []

  async function offset(): Promise<number> {
    return (await store.getState<number>('clock_offset')) ?? 0
  }

  async function now(): Promise<number> {
    return Math.floor(Date.now() / 1000) + (await offset())
  }

  async function setNow(timestamp: number): Promise<void> {
    await store.setState('clock_offset', timestamp - Math.floor(Date.now() / 1000))
  }

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

  async function load<T extends StoredObject>(id: string, kind: string, param = 'id'): Promise<T> {
    const found = await store.get<T>(id)
    if (!found || found.object !== kind) throw notFound(kind, id, param)
    return found
  }

  return { options, store, now, setNow, emit, takeEvents, changes, load }
}

export type Core = ReturnType<typeof createCore>
