/**
 * The emulator's HTTP face: Stripe's REST API under /v1 (form-encoded bodies
 * with bracket notation, `expand[]`, Stripe's error shape and list objects),
 * the browser pages (challenge, invoices) and the test clock.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import qs from 'qs'
import type Stripe from 'stripe'
import { StripeApiError, type Engine } from './engine.ts'
import { testCards } from './cards.ts'
import { list } from './objects.ts'
import { challengeDone, challengePage, invoicePage, invoicePdf } from './pages.ts'
import type { EmulatorStore, StoredObject } from './store.ts'

type Params = Record<string, unknown>
type Json = Record<string, unknown>

type Handler = (match: RegExpMatchArray, params: Params) => Promise<unknown>

/**
 * Who is calling: the portal's SDK client on the emulator's loopback port
 * (secret key), or a browser through the portal's /dev/stripe proxy (the
 * publishable key only, as Stripe.js).
 */
export type Surface = 'sdk' | 'browser'

const PAYMENT_INTENT_PATH = /^\/v1\/payment_intents\/[^/]+$/
const CONFIRM_PATH = /^\/v1\/payment_intents\/[^/]+\/confirm$/
const PAYMENT_INTENT_ID = /^\/v1\/payment_intents\/([^/]+)/
const PAYMENT_METHODS_PATH = '/v1/payment_methods'

/** The payment intent's fields a publishable key may see (Stripe's client-side view). */
const CLIENT_FIELDS = [
  'id',
  'object',
  'amount',
  'currency',
  'status',
  'client_secret',
  'payment_method',
  'payment_method_types',
  'next_action',
  'last_payment_error',
  'capture_method',
  'confirmation_method',
  'canceled_at',
  'cancellation_reason',
  'created',
  'description',
  'livemode',
] as const

function clientView(pi: Stripe.PaymentIntent): Partial<Stripe.PaymentIntent> {
  return Object.fromEntries(CLIENT_FIELDS.filter((field) => field in pi).map((field) => [field, pi[field]]))
}

const invalidKey = (key: string) =>
  new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}***`)

const publishableRefused = () =>
  new StripeApiError(
    401,
    'invalid_request_error',
    'This API call cannot be made with a publishable API key. Please use a secret API key.',
  )

const noSuch = (kind: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}.`, { code: 'resource_missing' })

export type EmulatorHttpOptions = {
  engine: Engine
  store: EmulatorStore
  secretKey: string
  publishableKey: string
  publicBase: string
  /** Called after every operation that may have recorded events. */
  afterOperation: () => void
  /** The queue every operation (and the test clock) runs on. */
  serial: <T>(work: () => Promise<T>) => Promise<T>
}

/** Runs one operation at a time: the emulator's read-modify-write steps never interleave. */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work)
    tail = result.catch(() => undefined)
    return result
  }
}

/** Replaces ids by objects along `expand` paths and adds the invoice's includable fields when asked. */
export async function expandObject(
  value: unknown,
  paths: string[][],
  store: EmulatorStore,
): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((entry) => expandObject(entry, paths, store)))
  if (!value || typeof value !== 'object') return value
  const out: Json = { ...(value as Json) }
  if (out.object === 'invoice') {
    if (!paths.some((path) => path[0] === 'confirmation_secret')) delete out.confirmation_secret
    if (!paths.some((path) => path[0] === 'payments')) delete out.payments
  }
  const byKey = new Map<string, string[][]>()
  for (const path of paths) {
    const [head, ...rest] = path
    if (!head) continue
    byKey.set(head, [...(byKey.get(head) ?? []), ...(rest.length > 0 ? [rest] : [])])
  }
  for (const [key, rest] of byKey) {
    const current = out[key]
    // An id becomes its object; so does each id of an array (`expand[]=discounts`).
    const expandOne = async (entry: unknown) => {
      if (typeof entry === 'string') {
        const loaded = await store.get<StoredObject>(entry)
        return loaded ? expandObject(loaded, rest, store) : entry
      }
      return entry && typeof entry === 'object' ? expandObject(entry, rest, store) : entry
    }
    if (Array.isArray(current) && current.some((entry) => typeof entry === 'string')) {
      out[key] = await Promise.all(current.map(expandOne))
    } else if (current !== null && current !== undefined) {
      out[key] = await expandOne(current)
    }
  }
  return out
}

function expandPaths(params: Params): string[][] {
  const raw = params.expand
  const values = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object'
      ? Object.values(raw)
      : raw
        ? [raw]
        : []
  return values.map((value) => String(value).split('.'))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 1_000_000) {
        reject(new StripeApiError(413, 'invalid_request_error', 'Request too large.'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body, null, 2)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${Math.random().toString(36).slice(2, 16)}`,
    'stripe-version': '2026-10-28.endive',
  })
  res.end(text)
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  })
  res.end(html)
}

/** Adds the query parameters of a return URL (Stripe appends payment_intent and its client secret). */
function withPaymentIntent(returnUrl: string, pi: Stripe.PaymentIntent): string {
  const url = new URL(returnUrl)
  url.searchParams.set('payment_intent', pi.id)
  if (pi.client_secret) url.searchParams.set('payment_intent_client_secret', pi.client_secret)
  url.searchParams.set('redirect_status', pi.status === 'succeeded' ? 'succeeded' : 'failed')
  return url.toString()
}

/** Only same-machine pages may be returned to (the portal). */
function safeReturnUrl(value: string | null, publicBase: string): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    const base = new URL(publicBase)
    return url.origin === base.origin ? url.toString() : null
  } catch {
    return null
  }
}

/** The card fields and holder's name a browser may send (`card[number]` …, `billing_details[name]`); nothing else. */
function typedCardParams(params: Params): Params {
  const card = params.card as Params | undefined
  const billing = params.billing_details as Params | undefined
  const pick = (source: Params | undefined, keys: string[]) =>
    Object.fromEntries(
      keys.filter((key) => typeof source?.[key] === 'string').map((key) => [key, source?.[key]]),
    )
  return {
    ...(card ? { card: pick(card, ['number', 'exp_month', 'exp_year', 'cvc']) } : {}),
    ...(billing ? { billing_details: pick(billing, ['name']) } : {}),
  }
}

export function createEmulatorHandler(options: EmulatorHttpOptions) {
  const { engine, store, serial } = options

  const listOf = (data: unknown[], url: string, params: Params) => {
    const limit = Math.min(Math.max(Number(params.limit ?? 10) || 10, 1), 100)
    const after = typeof params.starting_after === 'string' ? params.starting_after : undefined
    let start = 0
    if (after) {
      const index = data.findIndex((entry) => (entry as { id?: string }).id === after)
      start = index >= 0 ? index + 1 : 0
    }
    const page = data.slice(start, start + limit)
    return list(page, url, start + limit < data.length)
  }
  /** Products or tax rates, newest first, only the active (or inactive) ones when `active` is given. */
  const activeListOf = async (type: 'product' | 'tax_rate', url: string, params: Params) =>
    listOf(
      (await store.list<Stripe.Product | Stripe.TaxRate>(type))
        .filter((x) => params.active === undefined || String(x.active) === params.active)
        .reverse(),
      url,
      params,
    )

  const routes: [string, RegExp, Handler][] = [
    ['GET', /^\/v1\/products$/, (_m, p) => activeListOf('product', '/v1/products', p)],
    ['POST', /^\/v1\/products$/, (_m, p) => engine.createProduct(p)],
    ['GET', /^\/v1\/products\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'product')],
    ['POST', /^\/v1\/products\/([^/]+)$/, (m, p) => engine.updateProduct(m[1] ?? '', p)],
    ['GET', /^\/v1\/prices$/, async (_m, p) => listOf(await engine.listPrices(p), '/v1/prices', p)],
    ['POST', /^\/v1\/prices$/, (_m, p) => engine.createPrice(p)],
    ['GET', /^\/v1\/prices\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'price')],
    ['POST', /^\/v1\/prices\/([^/]+)$/, (m, p) => engine.updatePrice(m[1] ?? '', p)],
    [
      'GET',
      /^\/v1\/coupons$/,
      async (_m, p) => listOf((await store.list<Stripe.Coupon>('coupon')).reverse(), '/v1/coupons', p),
    ],
    ['POST', /^\/v1\/coupons$/, (_m, p) => engine.createCoupon(p)],
    ['GET', /^\/v1\/coupons\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'coupon')],
    ['POST', /^\/v1\/coupons\/([^/]+)$/, (m, p) => engine.updateCoupon(m[1] ?? '', p)],
    ['GET', /^\/v1\/tax_rates$/, (_m, p) => activeListOf('tax_rate', '/v1/tax_rates', p)],
    ['POST', /^\/v1\/tax_rates$/, (_m, p) => engine.createTaxRate(p)],
    ['GET', /^\/v1\/tax_rates\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'tax_rate')],
    ['POST', /^\/v1\/tax_rates\/([^/]+)$/, (m, p) => engine.updateTaxRate(m[1] ?? '', p)],
    [
      'GET',
      /^\/v1\/customers$/,
      async (_m, p) => listOf((await engine.listCustomers(p)).reverse(), '/v1/customers', p),
    ],
    ['POST', /^\/v1\/customers$/, (_m, p) => engine.createCustomer(p)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'customer')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (m, p) => engine.updateCustomer(m[1] ?? '', p)],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      async (m, p) =>
        listOf(await engine.listPaymentMethods(m[1] ?? ''), `/v1/customers/${m[1]}/payment_methods`, p),
    ],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      async (_m, p) =>
        listOf(await engine.listPaymentMethods(String(p.customer ?? '')), '/v1/payment_methods', p),
    ],
    ['POST', /^\/v1\/payment_methods$/, (_m, p) => engine.createPaymentMethod(p)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'payment_method')],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (m, p) => engine.attachPaymentMethod(m[1] ?? '', p)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, (m) => engine.detachPaymentMethod(m[1] ?? '')],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (m) => engine.retrievePaymentIntent(m[1] ?? '')],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      (m, p) => engine.confirmPaymentIntent(m[1] ?? '', p),
    ],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'charge')],
    ['POST', /^\/v1\/refunds$/, (_m, p) => engine.createRefund(p)],
    ['GET', /^\/v1\/refunds$/, async (_m, p) => listOf(await engine.listRefunds(p), '/v1/refunds', p)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'refund')],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      async (_m, p) => listOf(await engine.listInvoicePayments(p), '/v1/invoice_payments', p),
    ],
    ['GET', /^\/v1\/invoices$/, async (_m, p) => listOf(await engine.listInvoices(p), '/v1/invoices', p)],
    ['POST', /^\/v1\/invoices\/create_preview$/, (_m, p) => engine.previewInvoice(p)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'invoice')],
    ['POST', /^\/v1\/invoices\/([^/]+)\/pay$/, (m, p) => engine.payInvoice(m[1] ?? '', p)],
    ['POST', /^\/v1\/invoices\/([^/]+)\/void$/, (m) => engine.voidInvoice(m[1] ?? '')],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      async (_m, p) => listOf(await engine.listSubscriptions(p), '/v1/subscriptions', p),
    ],
    ['POST', /^\/v1\/subscriptions$/, (_m, p) => engine.createSubscription(p)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'subscription')],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (m, p) => engine.updateSubscription(m[1] ?? '', p)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m) => engine.cancelSubscription(m[1] ?? '')],
    ['POST', /^\/v1\/subscription_schedules$/, (_m, p) => engine.createSchedule(p)],
    [
      'GET',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      (m) => engine.load(m[1] ?? '', 'subscription_schedule'),
    ],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (m, p) => engine.updateSchedule(m[1] ?? '', p)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (m) => engine.releaseSchedule(m[1] ?? '')],
    [
      'GET',
      /^\/v1\/events$/,
      async (_m, p) =>
        listOf(
          (await store.list<Stripe.Event>('event')).filter((e) => !p.type || e.type === p.type).reverse(),
          '/v1/events',
          p,
        ),
    ],
    ['GET', /^\/v1\/events\/([^/]+)$/, (m) => engine.load(m[1] ?? '', 'event')],
  ]

  /** Calls the publishable key may make (the browser reading and confirming its own payment, creating a card). */
  const publishableAllowed = (method: string, path: string) =>
    (method === 'GET' && PAYMENT_INTENT_PATH.test(path)) ||
    (method === 'POST' && (CONFIRM_PATH.test(path) || path === PAYMENT_METHODS_PATH))

  /**
   * The API. On the SDK's surface (the loopback port) the secret key may make
   * every call; on the browser's surface (the portal's /dev/stripe proxy) only
   * the publishable key is accepted, and only for what Stripe.js may do with it.
   */
  async function api(req: IncomingMessage, res: ServerResponse, url: URL, surface: Surface) {
    const method = req.method ?? 'GET'
    const auth = req.headers.authorization ?? ''
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : ''
    const publishable = key === options.publishableKey
    if (!publishable && (surface === 'browser' || key !== options.secretKey)) {
      send(res, 401, invalidKey(key).body())
      return
    }
    if (publishable && !publishableAllowed(method, url.pathname)) {
      send(res, 401, publishableRefused().body())
      return
    }
    const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(req)
    const params = {
      ...(qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 200 }) as Params),
      ...(qs.parse(body, { depth: 10, arrayLimit: 200 }) as Params),
    }
    if (publishable) {
      if (url.pathname === PAYMENT_METHODS_PATH) await browserPaymentMethod(res, params)
      else await browserPaymentIntent(res, url.pathname, params)
      return
    }
    for (const [routeMethod, pattern, handler] of routes) {
      if (routeMethod !== method) continue
      const match = url.pathname.match(pattern)
      if (!match) continue
      try {
        const result = await serial(() => handler(match, params))
        const expanded = await expandObject(result, expandPaths(params), store)
        send(res, 200, expanded)
      } finally {
        options.afterOperation()
      }
      return
    }
    send(
      res,
      404,
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${url.pathname}).`,
      ).body(),
    )
  }

  /**
   * What the publishable key may do, as with Stripe: read or confirm the one
   * payment intent whose client secret the caller holds, with a test card or a
   * card of that payment's customer, and see only the payment intent's
   * client-side fields (never its customer, metadata or invoice).
   */
  async function browserPaymentIntent(res: ServerResponse, path: string, params: Params) {
    const id = decodeURIComponent(path.match(PAYMENT_INTENT_ID)?.[1] ?? '')
    const pi = await store.get<Stripe.PaymentIntent>(id)
    if (!pi || pi.object !== 'payment_intent' || pi.client_secret !== params.client_secret) {
      send(res, 404, noSuch('payment_intent').body())
      return
    }
    if (!CONFIRM_PATH.test(path)) {
      send(res, 200, clientView(pi))
      return
    }
    const paymentMethod = typeof params.payment_method === 'string' ? params.payment_method : undefined
    if (paymentMethod && !testCards[paymentMethod]) {
      const pm = await store.get<Stripe.PaymentMethod>(paymentMethod)
      const owner = pm?.customer ? String(pm.customer) : null
      if (!pm || pm.object !== 'payment_method' || (owner !== null && owner !== String(pi.customer))) {
        send(res, 404, noSuch('payment_method').body())
        return
      }
    }
    const data = params.payment_method_data as Params | undefined
    const confirmParams: Params = {
      ...(paymentMethod ? { payment_method: paymentMethod } : {}),
      ...(data ? { payment_method_data: typedCardParams(data) } : {}),
      ...(typeof params.return_url === 'string' ? { return_url: params.return_url } : {}),
    }
    try {
      send(res, 200, clientView(await serial(() => engine.confirmPaymentIntent(pi.id, confirmParams))))
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      const refused = error.extra.payment_intent as Stripe.PaymentIntent | undefined
      const body = error.body()
      send(
        res,
        error.status,
        refused ? { error: { ...body.error, payment_intent: clientView(refused) } } : body,
      )
    } finally {
      options.afterOperation()
    }
  }

  /**
   * Stripe.js's `createPaymentMethod` with the publishable key: a card typed by
   * the buyer, not yet attached to anybody (the server attaches it).
   */
  async function browserPaymentMethod(res: ServerResponse, params: Params) {
    const card = params.card as Params | undefined
    if (params.type !== 'card' || typeof card?.number !== 'string') {
      send(
        res,
        400,
        new StripeApiError(400, 'invalid_request_error', 'Missing required param: card[number].', {
          param: 'card[number]',
        }).body(),
      )
      return
    }
    try {
      send(res, 200, await serial(() => engine.createPaymentMethod(typedCardParams(params))))
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      send(res, error.status, error.body())
    } finally {
      options.afterOperation()
    }
  }

  async function pages(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = req.method ?? 'GET'
    const challenge = url.pathname.match(/^\/challenge\/([^/]+)(?:\/(complete|fail))?$/)
    if (challenge) {
      const id = decodeURIComponent(challenge[1] ?? '')
      const returnUrl = safeReturnUrl(url.searchParams.get('return_url'), options.publicBase)
      if (!challenge[2] && method === 'GET') {
        const pi = await store.get<Stripe.PaymentIntent>(id)
        if (!pi || pi.object !== 'payment_intent') return false
        sendHtml(res, 200, challengePage(pi, options.publicBase, returnUrl))
        return true
      }
      if (challenge[2] && method === 'POST') {
        const approved = challenge[2] === 'complete'
        let pi: Stripe.PaymentIntent
        try {
          pi = await serial(() => engine.completeChallenge(id, approved))
        } finally {
          options.afterOperation()
        }
        if (returnUrl) {
          res.writeHead(303, { location: withPaymentIntent(returnUrl, pi) })
          res.end()
        } else sendHtml(res, 200, challengeDone(approved))
        return true
      }
    }
    const invoice = url.pathname.match(/^\/invoices\/([^/]+)(\/pdf)?$/)
    if (invoice && method === 'GET') {
      const found = await store.get<Stripe.Invoice>(decodeURIComponent(invoice[1] ?? ''))
      if (!found || found.object !== 'invoice') return false
      if (invoice[2]) {
        const pdf = await invoicePdf(found)
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-length': pdf.byteLength,
          'content-disposition': `inline; filename="fattura-${found.number ?? found.id}.pdf"`,
        })
        res.end(pdf)
      } else sendHtml(res, 200, invoicePage(found, options.publicBase))
      return true
    }
    return false
  }

  /** Answers one request (API or page) on one surface; `path` is relative to the emulator's root. */
  const handler =
    (surface: Surface) =>
    async (req: IncomingMessage, res: ServerResponse, path = req.url ?? '/'): Promise<void> => {
      const url = new URL(path, 'http://emulator.local')
      try {
        if (url.pathname.startsWith('/v1/')) {
          await api(req, res, url, surface)
          return
        }
        if (await pages(req, res, url)) return
        sendHtml(res, 404, '<!doctype html><title>Non trovato</title><p>Pagina non trovata.</p>')
      } catch (error) {
        if (error instanceof StripeApiError) {
          send(res, error.status, error.body())
          return
        }
        send(res, 500, {
          error: { type: 'api_error', message: error instanceof Error ? error.message : 'Emulator error' },
        })
      }
    }

  return { sdk: handler('sdk'), browser: handler('browser') }
}

/** Listens on loopback on a free port. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
) {
  const server = http.createServer((req, res) => {
    void handler(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.address() as AddressInfo
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
