/**
 * Billing on a real Postgres with the Stripe emulator, through the API the
 * browser uses: catalogue, checkout, signed webhooks (rejection, once per
 * event, out of order), reconciliation after a lost webhook, the test clock
 * (renewal, failed renewal, cancellation at period end), plan changes with the
 * 24-hour rule, and that no caller ever reaches another account's data.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import type { Pool } from 'pg'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessOf } from '../access/index.ts'
import {
  confirmAddress,
  handleAuthRequest,
  hashPassword,
  inTransaction,
  insertAccount,
  sessionOf,
  CLIENT_IP_HEADER,
  findContact,
} from '../accounts/index.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getCms } from '../cms/index.ts'
import { it as strings } from '../i18n/index.ts'
import { TEST_SELLER } from '../../tests/fixtures/seller.ts'
import { pdfText } from '../../tests/pdf-text.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import {
  emulatorClient,
  signPayload,
  startStripeEmulator,
  type StripeEmulator,
} from '../../dev/stripe-emulator/index.ts'
import {
  forgetCatalogue,
  invoiceNumbersSchema,
  launchOfferForCustomer,
  loadCatalogue,
  reconcileAll,
  reconcileCustomer,
  runReconciliation,
  setBillingStripe,
  syncCatalogue,
  type CatalogueItem,
} from './index.ts'
import { getBillingPool } from './runtime.ts'

let close: () => Promise<void>
let pool: Pool
let emulator: StripeEmulator
let stripe: Stripe
const api = createApi({ version: 'test' })
const base = () => getEnv().publicUrl
const PASSWORD = 'Prova2026!'
const unique = () => randomBytes(4).toString('hex')
const DAY = 86_400

type Call = {
  method?: string
  body?: unknown
  cookie?: string
  headers?: Record<string, string>
  raw?: string
}

function request(path: string, call: Call = {}): Request {
  const headers = new Headers({
    origin: base(),
    [CLIENT_IP_HEADER]: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...call.headers,
  })
  if (call.body !== undefined) headers.set('content-type', 'application/json')
  if (call.cookie) headers.set('cookie', call.cookie)
  return new Request(`${base()}${path}`, {
    method: call.method ?? (call.body === undefined && call.raw === undefined ? 'GET' : 'POST'),
    headers,
    body: call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
  })
}

const v1 = (path: string, call: Call = {}) => api.fetch(request(`/api/v1${path}`, call))
async function v1json<T = Record<string, unknown>>(
  path: string,
  call: Call = {},
): Promise<{ status: number; body: T }> {
  const response = await v1(path, call)
  return { status: response.status, body: (await response.json()) as T }
}

/** While set, the emulator's events are kept here instead of being delivered. */
let held: { payload: string; signature: string }[] | null = null

const postWebhook = (payload: string, signature: string) =>
  v1('/stripe/webhook', {
    raw: payload,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
  })

type Account = { id: string; email: string; cookie: string }

/** A loopback port nothing listens on: a Stripe that cannot be reached. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function newAccount(): Promise<Account> {
  const email = `cliente-${unique()}@esempio.it`
  const passwordHash = await hashPassword(PASSWORD)
  const id = await inTransaction((client) =>
    insertAccount(client, {
      email,
      firstName: 'Mario',
      lastName: 'Rossi',
      profession: 'consulente-del-lavoro',
      accountType: 'standard',
      trialEndsAt: null,
      emailVerified: true,
      passwordHash,
    }),
  )
  if (!id) throw new Error('account non creato')
  const response = await handleAuthRequest(
    request('/api/auth/sign-in/email', { body: { email, password: PASSWORD } }),
  )
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
  return { id, email, cookie }
}

const billingForm = {
  name: 'Mario Rossi',
  phone: '+39 06 1234567',
  city: 'Roma',
  address: 'Via del Corso 1',
  zipCode: '00186',
  state: 'IT',
  province: 'RM',
  fiscalcode: 'rmnlcu80a01h501m',
  termsCheck: true,
  additionalTermsCheck: true,
  professione: 'consulente-del-lavoro',
}

function item(lookupKey: string): Promise<CatalogueItem> {
  return loadCatalogue().then((catalogue) => {
    const found = catalogue.items.find((candidate) => candidate.entry.lookupKey === lookupKey)
    if (!found) throw new Error(lookupKey)
    return found
  })
}

/** The checkout as the browser does it: billing data, subscription, card confirmation, default card. */
async function subscribe(account: Account, lookupKey = 'premium_monthly', card = 'pm_card_visa') {
  const customer = await v1json<{ id: string }>('/stripe/customer/create', {
    cookie: account.cookie,
    body: billingForm,
  })
  expect(customer.status).toBe(200)
  const price = await item(lookupKey)
  const created = await v1json<{ subscriptionId: string; clientSecret: string; amountDue: number }>(
    '/stripe/subscription/create',
    { cookie: account.cookie, body: { priceId: price.price.id, customerId: customer.body.id } },
  )
  expect(created.status).toBe(200)
  const piId = created.body.clientSecret.split('_secret_')[0] ?? ''
  const paid = await stripe.paymentIntents.confirm(piId, { payment_method: card })
  const set = await v1('/stripe/paymentmethods/setdefaultpaymentmethod/' + customer.body.id, {
    cookie: account.cookie,
    body: { paymentMethodId: paid.payment_method as string },
  })
  expect(set.status).toBe(200)
  await emulator.idle()
  return {
    customerId: customer.body.id,
    subscriptionId: created.body.subscriptionId,
    amountDue: created.body.amountDue,
  }
}

/** A subscription created and paid at Stripe by the checkout's calls (deliveries paused by the caller); its id. */
async function paidWithoutWebhooks(account: Account, lookupKey: string): Promise<string> {
  const customer = await v1json<{ id: string }>('/stripe/customer/create', {
    cookie: account.cookie,
    body: billingForm,
  })
  const price = await item(lookupKey)
  const created = await v1json<{ subscriptionId: string; clientSecret: string }>(
    '/stripe/subscription/create',
    { cookie: account.cookie, body: { priceId: price.price.id, customerId: customer.body.id } },
  )
  await stripe.paymentIntents.confirm(created.body.clientSecret.split('_secret_')[0] ?? '', {
    payment_method: 'pm_card_visa',
  })
  return created.body.subscriptionId
}

async function accessState(account: Account) {
  const { session } = await sessionOf(request('/', { cookie: account.cookie }))
  return accessOf(session?.user ?? null)
}

async function mirrored(subscriptionId: string) {
  const result = await pool.query('select * from billing_subscriptions where id = $1', [subscriptionId])
  return result.rows[0] as Record<string, unknown> | undefined
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = await getBillingPool()
  emulator = await startStripeEmulator({
    pool,
    webhook: async (payload, signature) => {
      // Held events are delivered by the test itself (concurrent deliveries).
      if (held) {
        held.push({ payload, signature })
        return 200
      }
      return (await postWebhook(payload, signature)).status
    },
    publicBase: `${base()}/dev/stripe`,
    backoffMs: [20, 50, 100],
  })
  stripe = emulatorClient(emulator)
  setBillingStripe({
    stripe,
    webhookSecret: emulator.webhookSecret,
    publishableKey: emulator.publishableKey,
    emulator,
  })
  forgetCatalogue()
  await syncCatalogue(stripe)
})

afterAll(async () => {
  await emulator.close()
  setBillingStripe(undefined)
  await close()
})

describe('catalogue', () => {
  it('syncs idempotently and lists the eight plans with the figures shown', async () => {
    const again = await syncCatalogue(stripe)
    expect(again.created).toEqual([])
    expect(again.updated).toEqual([])
    const products = await v1json<{ name: string; description: string }[]>('/stripe/products')
    expect(products.body).toHaveLength(8)
    const prices =
      await v1json<
        { lookupKey: string; figures: { regular: { total: number }; firstPeriod: { total: number } } }[]
      >('/stripe/prices')
    const premium = prices.body.find((price) => price.lookupKey === 'premium_monthly')
    expect(premium?.figures.regular.total).toBe(999)
    expect(premium?.figures.firstPeriod.total).toBe(499)
  })

  it('moves a database with the former net prices and exclusive VAT to the gross prices, subscriptions included', async () => {
    // The former catalogue: Premium monthly at 8,19 € net plus 22% VAT on top.
    const current = await item('premium_monthly')
    const net = await stripe.prices.create({
      product: current.product.id,
      unit_amount: 819,
      currency: 'eur',
      recurring: { interval: 'month' },
      lookup_key: 'premium_monthly',
      transfer_lookup_key: true,
      metadata: { catalogue_key: 'premium_monthly' },
    })
    await stripe.prices.update(current.price.id, { active: false })
    const exclusive = await stripe.taxRates.create({
      display_name: 'IVA',
      percentage: 22,
      inclusive: false,
      metadata: { catalogue_key: 'iva_22' },
    })
    const customer = await stripe.customers.create({ email: `vecchio-${unique()}@esempio.it` })
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const old = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: net.id }],
      default_payment_method: card.id,
      default_tax_rates: [exclusive.id],
      expand: ['latest_invoice'],
    })
    expect((old.latest_invoice as Stripe.Invoice).amount_paid).toBe(999)

    const report = await syncCatalogue(stripe)
    expect(report.created).toContain('price:premium_monthly')
    expect(report.updated).toEqual(
      expect.arrayContaining([`tax_rate:${exclusive.id}`, `subscription:${old.id}`]),
    )
    const gross = await item('premium_monthly')
    expect(gross.price).toMatchObject({ unit_amount: 999, tax_behavior: 'inclusive' })
    expect((await stripe.taxRates.retrieve(exclusive.id)).active).toBe(false)
    const moved = await stripe.subscriptions.retrieve(old.id)
    expect(moved.status).toBe('active')
    expect(moved.items.data[0]?.price.id).toBe(gross.price.id)
    expect(moved.default_tax_rates?.map((rate) => rate.inclusive)).toEqual([true])
    // Nothing charged now; the renewal charges the same 9,99 €, with the VAT inside.
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1)
    const renewal = await stripe.invoices.createPreview({ customer: customer.id, subscription: old.id })
    expect(renewal).toMatchObject({ total: 999, total_excluding_tax: 819 })
    await emulator.idle()
    expect(await mirrored(old.id)).toMatchObject({ price_id: gross.price.id, unit_amount: 999 })
    expect((await syncCatalogue(stripe)).updated).toEqual([])
  })
})

describe('checkout preview', () => {
  type Preview = { total: number; net: number; vat: number; discount: number; launchOffer: boolean }

  it('answers Stripe’s invoice preview for the account and price: net + VAT = total, the charge equal to it', async () => {
    const account = await newAccount()
    const annual = await item('premium_annual')
    const first = await v1json<Preview>(`/stripe/checkout-preview/${annual.price.id}`, {
      cookie: account.cookie,
    })
    expect(first.status).toBe(200)
    // §9: Premium annual, first year 49,98 € (99,99 € less the launch coupon's 50,01 €), VAT 9,01 € inside.
    expect(first.body).toMatchObject({ total: 4998, net: 4097, vat: 901, discount: 5001, launchOffer: true })
    const paid = await subscribe(account, 'premium_annual')
    expect(paid.amountDue).toBe(first.body.total)
    const invoices = await stripe.invoices.list({ customer: paid.customerId })
    expect(invoices.data[0]).toMatchObject({ amount_paid: 4998, total_excluding_tax: 4097 })

    // The customer now has had the launch offer: the preview is the full price.
    await stripe.subscriptions.cancel(paid.subscriptionId)
    await emulator.idle()
    const studio = await item('premium_studio_annual')
    const again = await v1json<Preview>(`/stripe/checkout-preview/${studio.price.id}`, {
      cookie: account.cookie,
    })
    expect(again.body).toMatchObject({ total: 16999, net: 13934, vat: 3065, discount: 0, launchOffer: false })
  })

  it('needs a session and a price on sale, with Italian messages', async () => {
    const annual = await item('premium_annual')
    const anonymous = await v1json<{ error: { message: string } }>(
      `/stripe/checkout-preview/${annual.price.id}`,
    )
    expect(anonymous.status).toBe(401)
    const account = await newAccount()
    const unknown = await v1json<{ error: { message: string } }>(
      '/stripe/checkout-preview/price_sconosciuto',
      {
        cookie: account.cookie,
      },
    )
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Prezzo non trovato.')
    const tooLong = await v1json<{ error: { message: string } }>(
      `/stripe/checkout-preview/${'x'.repeat(300)}`,
      {
        cookie: account.cookie,
      },
    )
    expect(tooLong.status).toBe(400)
  })
})

describe('checkout', () => {
  it('charges what the pricing shows, opens Premium access and mails the confirmation once', async () => {
    const account = await newAccount()
    const { subscriptionId, customerId, amountDue } = await subscribe(account)
    expect(amountDue).toBe(499)
    const access = await accessState(account)
    expect(access.entitlements.kind).toBe('premium')
    const state = await v1json<{
      subscription: { id: string; plan: string; cancelAtPeriodEnd: boolean }
      customer: { id: string; email: string; name: string; address: { postalCode: string } } | null
    }>('/abbonamenti', { cookie: account.cookie })
    expect(state.body.subscription).toMatchObject({
      id: subscriptionId,
      plan: 'premium',
      cancelAtPeriodEnd: false,
    })
    // §3's access state also carries the subscriber's billing customer.
    expect(state.body.customer).toMatchObject({
      id: customerId,
      email: account.email,
      name: billingForm.name,
      address: { postalCode: billingForm.zipCode },
    })
    const mails = await pool.query('select dedupe_key from mail_outbox where recipient = $1', [account.email])
    expect(mails.rows.map((row) => row.dedupe_key)).toEqual([`subscription:${subscriptionId}`])
    const compat = await v1json<{ sent: boolean }>('/user/sendsubscriptionemail', {
      cookie: account.cookie,
      body: { email: 'altro@esempio.it', nome: 'X', abbonamento: 'Premium' },
    })
    expect(compat.body.sent).toBe(false)
    expect(
      (await pool.query('select 1 from mail_outbox where recipient = $1', ['altro@esempio.it'])).rowCount,
    ).toBe(0)
  })

  it('gives the launch offer to a first subscription only, the same in the figures shown and in the charge', async () => {
    type Figures = { regular: { total: number }; firstPeriod: { total: number; discount: number } }
    type Offer = { eligible: boolean; discountPercent: number; prices: { id: string; figures: Figures }[] }
    const figuresOf = (offer: Offer, priceId: string) => {
      const found = offer.prices.find((price) => price.id === priceId)
      if (!found) throw new Error(priceId)
      return found.figures
    }
    const premium = await item('premium_monthly')
    const professional = await item('professional_monthly')
    const account = await newAccount()
    expect(await launchOfferForCustomer(null)).toBe(true)
    const before = await v1json<Offer>('/stripe/launch-offer', { cookie: account.cookie })
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ eligible: true, discountPercent: 50 })
    expect(before.body.prices).toHaveLength(8)
    expect(figuresOf(before.body, premium.price.id).firstPeriod).toMatchObject({ total: 499 })
    const first = await subscribe(account)
    expect(first.amountDue).toBe(figuresOf(before.body, premium.price.id).firstPeriod.total)

    // The subscription ends (cancelled): coming back, the customer pays the full price, and is shown it.
    await stripe.subscriptions.cancel(first.subscriptionId)
    await emulator.idle()
    expect(await launchOfferForCustomer(first.customerId)).toBe(false)
    const after = await v1json<Offer>('/stripe/launch-offer', { cookie: account.cookie })
    expect(after.body).toMatchObject({ eligible: false, discountPercent: 0 })
    const shown = figuresOf(after.body, professional.price.id)
    expect(shown.firstPeriod.discount).toBe(0)
    expect(shown.firstPeriod.total).toBe(shown.regular.total)
    const second = await subscribe(account, 'professional_monthly')
    expect(second.amountDue).toBe(shown.firstPeriod.total)
    expect(second.amountDue).toBe(1999)
  })

  it('refuses a declined card and leaves no active subscription', async () => {
    const account = await newAccount()
    const customer = await v1json<{ id: string }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: billingForm,
    })
    const price = await item('professional_monthly')
    const created = await v1json<{ clientSecret: string }>('/stripe/subscription/create', {
      cookie: account.cookie,
      body: { priceId: price.price.id, customerId: customer.body.id },
    })
    const piId = created.body.clientSecret.split('_secret_')[0] ?? ''
    await expect(
      stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      code: 'card_declined',
    })
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('registered')
  })

  it('answers the payment-failed error while Stripe is unreachable, leaves nothing active, and the reconciliation heals the mirror', async () => {
    const reachable = {
      stripe,
      webhookSecret: emulator.webhookSecret,
      publishableKey: emulator.publishableKey,
      emulator,
    }
    const unreachable = new Stripe(emulator.secretKey, {
      ...emulator.clientOptions,
      port: await closedPort(),
      maxNetworkRetries: 0,
    })
    const paymentFailed = {
      error: {
        code: 'unavailable',
        message: 'Il pagamento non è andato a buon fine. Controlla i dati inseriti e riprova.',
      },
    }
    const account = await newAccount()
    const price = await item('premium_monthly')
    const whileDown = async <T>(work: () => Promise<T>): Promise<T> => {
      setBillingStripe({ ...reachable, stripe: unreachable })
      try {
        return await work()
      } finally {
        setBillingStripe(reachable)
      }
    }

    // Down from the first step: the billing data are not saved.
    const refused = await whileDown(() =>
      v1json('/stripe/customer/create', { cookie: account.cookie, body: billingForm }),
    )
    expect(refused).toEqual({ status: 503, body: paymentFailed })

    // The webhooks of what follows are lost until the reconciliation (deliveries held).
    emulator.pauseDeliveries()
    let customerId = ''
    try {
      const customer = await v1json<{ id: string }>('/stripe/customer/create', {
        cookie: account.cookie,
        body: billingForm,
      })
      expect(customer.status).toBe(200)
      customerId = customer.body.id
      // Down at the subscription step.
      const notCreated = await whileDown(() =>
        v1json('/stripe/subscription/create', {
          cookie: account.cookie,
          body: { priceId: price.price.id, customerId },
        }),
      )
      expect(notCreated).toEqual({ status: 503, body: paymentFailed })
      // Down between the subscription and the card confirmation: the browser's confirm fails (the alert).
      const created = await v1json<{ subscriptionId: string; clientSecret: string }>(
        '/stripe/subscription/create',
        { cookie: account.cookie, body: { priceId: price.price.id, customerId } },
      )
      expect(created.status).toBe(200)
      await expect(
        unreachable.paymentIntents.confirm(created.body.clientSecret.split('_secret_')[0] ?? '', {
          payment_method: 'pm_card_visa',
        }),
      ).rejects.toMatchObject({ type: 'StripeConnectionError' })
      expect((await stripe.subscriptions.retrieve(created.body.subscriptionId)).status).toBe('incomplete')
      expect((await accessState(account)).entitlements.kind).toBe('registered')

      // The reconciliation rewrites the mirror from Stripe: the half-made subscription is there, not active.
      await reconcileCustomer(customerId, stripe)
      expect((await mirrored(created.body.subscriptionId))?.status).toBe('incomplete')
      expect((await accessState(account)).entitlements.kind).toBe('registered')
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }

    // Stripe back: a new checkout replaces the half-made subscription and opens access once.
    const { subscriptionId } = await subscribe(account)
    const atStripe = await stripe.subscriptions.list({ customer: customerId, status: 'all' })
    expect(atStripe.data.filter((sub) => sub.status === 'active').map((sub) => sub.id)).toEqual([
      subscriptionId,
    ])
    expect(atStripe.data.filter((sub) => sub.status === 'incomplete')).toEqual([])
    const rows = await pool.query<{ id: string; status: string }>(
      'select id, status from billing_subscriptions where customer_id = $1',
      [customerId],
    )
    expect(rows.rows.filter((row) => row.status === 'active').map((row) => row.id)).toEqual([subscriptionId])
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('validates the billing form with the rules of §5 and refuses the not-eligible profession', async () => {
    const account = await newAccount()
    const badCf = await v1json<{ error: { field: string; message: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, fiscalcode: 'RMNLCU80A01H501X' },
    })
    expect(badCf.status).toBe(400)
    expect(badCf.body.error.field).toBe('fiscalcode')
    const badZip = await v1json<{ error: { field: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, zipCode: '0018' },
    })
    expect(badZip.body.error.field).toBe('zipCode')
    const badProvince = await v1json<{ error: { field: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, province: 'ZZ' },
    })
    expect(badProvince.body.error.field).toBe('province')
    const abroad = await v1json('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, state: 'DE', province: 'Bayern', zipCode: '80331', fiscalcode: 'DE123456789' },
    })
    expect(abroad.status).toBe(200)
    const notEligible = await v1json<{ error: { message: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, professione: 'azienda-chimico-farmaceutica' },
    })
    expect(notEligible.status).toBe(403)
    expect(notEligible.body.error.message).toBe(
      'Non è stato possibile completare il pagamento. Verrai ricontattato a breve da un nostro commerciale.',
    )
    const mail = await v1json<{ sent: boolean }>('/user/sendNotEligibleSubscriptionMail', {
      cookie: account.cookie,
      body: {
        nome: 'Mario Rossi',
        email: 'commerciale@altrove.it',
        professione: 'Azienda Chimico-Farmaceutica',
      },
    })
    expect(mail.body.sent).toBe(true)
    const again = await v1json<{ sent: boolean }>('/user/sendNotEligibleSubscriptionMail', {
      cookie: account.cookie,
      body: { nome: 'Mario Rossi' },
    })
    expect(again.body.sent).toBe(false)
    const recipients = await pool.query(
      `select recipient from mail_outbox where dedupe_key like 'not-eligible:' || $1 || '%'`,
      [account.id],
    )
    expect(recipients.rows.map((row) => row.recipient)).toEqual([account.email])
  })
})

describe('webhooks', () => {
  it('rejects a payload without a valid signature with 400', async () => {
    const payload = JSON.stringify({
      id: 'evt_falso',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: {} },
    })
    const forged = await postWebhook(payload, signPayload(payload, 'whsec_sbagliato'))
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      'Firma del webhook non valida.',
    )
    expect((await v1('/stripe/webhook', { raw: payload })).status).toBe(400)
    const tampered = await postWebhook(
      payload.replace('evt_falso', 'evt_altro'),
      signPayload(payload, emulator.webhookSecret),
    )
    expect(tampered.status).toBe(400)
  })

  it('changes state once when the same event is delivered three times', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    emulator.pauseDeliveries()
    try {
      await v1('/stripe/subscription/flip-subscription-renewal/' + subscriptionId, {
        cookie: account.cookie,
        method: 'POST',
      })
      const events = await stripe.events.list({ type: 'customer.subscription.updated', limit: 5 })
      const event = events.data.find(
        (candidate) => (candidate.data.object as { id: string }).id === subscriptionId,
      )
      if (!event) throw new Error('evento mancante')
      const payload = JSON.stringify(event)
      const outcomes: string[] = []
      const syncedAt: unknown[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await postWebhook(payload, signPayload(payload, emulator.webhookSecret))
        expect(response.status).toBe(200)
        outcomes.push(((await response.json()) as { outcome: string }).outcome)
        syncedAt.push((await mirrored(subscriptionId))?.synced_at)
      }
      expect(outcomes).toEqual(['processed', 'duplicate', 'duplicate'])
      expect(syncedAt[1]).toEqual(syncedAt[0])
      expect(syncedAt[2]).toEqual(syncedAt[0])
      expect((await pool.query('select 1 from billing_events where id = $1', [event.id])).rowCount).toBe(1)
      expect((await mirrored(subscriptionId))?.cancel_at_period_end).toBe(true)
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
  })

  it('ends in the right state when events arrive out of order', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    emulator.pauseDeliveries()
    try {
      await v1('/stripe/subscription/flip-subscription-renewal/' + subscriptionId, {
        cookie: account.cookie,
        method: 'POST',
      })
      await v1('/stripe/subscription/flip-subscription-renewal/' + subscriptionId, {
        cookie: account.cookie,
        method: 'POST',
      })
      const events = (
        await stripe.events.list({ type: 'customer.subscription.updated', limit: 10 })
      ).data.filter((event) => (event.data.object as { id: string }).id === subscriptionId)
      // Newest first from Stripe: deliver them in that (reversed) order.
      const [newest, older] = events
      if (!newest || !older) throw new Error('eventi mancanti')
      expect((older.data.object as Stripe.Subscription).cancel_at_period_end).toBe(true)
      for (const event of [newest, older]) {
        const payload = JSON.stringify(event)
        expect((await postWebhook(payload, signPayload(payload, emulator.webhookSecret))).status).toBe(200)
      }
      const row = await mirrored(subscriptionId)
      expect(row?.cancel_at_period_end).toBe(false)
      expect(row?.canceled_at).toBeNull()
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
  })

  it('heals a payment whose webhooks never arrived with the reconciliation', async () => {
    const account = await newAccount()
    emulator.pauseDeliveries()
    let subscriptionId: string | undefined
    try {
      subscriptionId = await paidWithoutWebhooks(account, 'professional_annual')
      // Paid at Stripe, nothing mirrored: no access yet.
      expect(await mirrored(subscriptionId)).toBeUndefined()
      expect((await accessState(account)).entitlements.kind).toBe('registered')
      // The success page's call: reconciles the caller's own customer only.
      const stranger = await newAccount()
      const refused = await v1(`/stripe/subscription/refresh/${subscriptionId}`, {
        cookie: stranger.cookie,
        method: 'POST',
      })
      expect(refused.status).toBe(403)
      const refreshed = await v1json<{ subscription: { status: string; plan: string } }>(
        `/stripe/subscription/refresh/${subscriptionId}`,
        { cookie: account.cookie, method: 'POST' },
      )
      expect(refreshed.body.subscription).toMatchObject({ status: 'active', plan: 'professional' })
      await reconcileAll(stripe)
      expect((await mirrored(subscriptionId))?.status).toBe('active')
      // The nightly run: one instance at a time (the second finds the lock taken).
      const runs = await Promise.all([
        runReconciliation({ logger: getLogger() }),
        runReconciliation({ logger: getLogger() }),
      ])
      expect(runs.filter(Boolean)).toHaveLength(1)
      expect((await accessState(account)).entitlements.kind).toBe('professional')
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
    expect((await mirrored(subscriptionId ?? ''))?.status).toBe('active')
  })

  it('runs nightly as the Payload job stripeReconciliation, planned for 03:30 in Rome, and heals a lost payment', async () => {
    const payload = await getCms()
    const task = payload.config.jobs.tasks?.find((candidate) => candidate.slug === 'stripeReconciliation')
    expect(task?.schedule?.[0]).toMatchObject({ cron: '30 3 * * *', queue: 'nightly' })
    const jobs = () =>
      payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'stripeReconciliation' } } })
    await payload.delete({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'stripeReconciliation' } },
    })
    await payload.jobs.handleSchedules({ queue: 'nightly' })
    const [scheduled] = (await jobs()).docs
    const romeTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(romeTime.format(new Date(scheduled?.waitUntil ?? ''))).toBe('03:30')
    // Planned once: the next check finds the run waiting.
    await payload.jobs.handleSchedules({ queue: 'nightly' })
    expect((await jobs()).totalDocs).toBe(1)

    const account = await newAccount()
    emulator.pauseDeliveries()
    try {
      const subscriptionId = await paidWithoutWebhooks(account, 'premium_monthly')
      // Paid at Stripe, its webhooks lost: nothing mirrored.
      expect(await mirrored(subscriptionId)).toBeUndefined()
      await payload.jobs.runByID({ id: scheduled?.id ?? '' })
      expect((await mirrored(subscriptionId))?.status).toBe('active')
      expect((await accessState(account)).entitlements.kind).toBe('premium')
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
  })
})

describe('the test clock', () => {
  it('renews a monthly subscription: a second paid invoice after 31 days', async () => {
    const account = await newAccount()
    await subscribe(account)
    await emulator.advance(31)
    await emulator.idle()
    const invoices = await v1json<
      { id: string; paid: boolean; total: number; invoicePdf: string; number: string }[]
    >('/stripe/invoices', {
      cookie: account.cookie,
    })
    expect(invoices.body).toHaveLength(2)
    expect(invoices.body.every((invoice) => invoice.paid)).toBe(true)
    expect(invoices.body.map((invoice) => invoice.total)).toEqual([999, 499])
    // The portal's own invoice, with its number of the year.
    expect(invoices.body[0]?.invoicePdf).toBe(`/api/v1/stripe/invoices/${invoices.body[0]?.id}/pdf`)
    expect(invoices.body.map((invoice) => invoice.number)).toEqual([
      expect.stringMatching(/^\d+\/\d{4}$/),
      expect.stringMatching(/^\d+\/\d{4}$/),
    ])
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('refuses a replacement card the bank declines, with the bank’s reason when Stripe gives one', async () => {
    const account = await newAccount()
    const { customerId } = await subscribe(account)
    const replace = (card: string) =>
      v1json<{ error: { message: string } }>(
        `/stripe/paymentmethods/update-customer-card/${customerId}/${card}`,
        { cookie: account.cookie, method: 'PATCH' },
      )
    const expired = await replace('pm_card_chargeDeclinedExpiredCard')
    expect(expired.status).toBe(400)
    expect(expired.body.error.message).toBe(
      "Errore durante l'aggiornamento del metodo di pagamento. La banca ha rifiutato la carta perché è scaduta. Non ti è stato addebitato nulla: usa un’altra carta.",
    )
    const insufficient = await replace('pm_card_chargeDeclinedInsufficientFunds')
    expect(insufficient.body.error.message).toContain('fondi insufficienti')
    const generic = await replace('pm_card_chargeDeclined')
    expect(generic.body.error.message).toBe("Errore durante l'aggiornamento del metodo di pagamento.")
  })

  it('keeps access with a banner while a failed renewal is retried, and ends it when the subscription is canceled', async () => {
    const account = await newAccount()
    const { customerId } = await subscribe(account)
    const card = await v1(
      '/stripe/paymentmethods/update-customer-card/' + customerId + '/pm_card_chargeCustomerFail',
      {
        cookie: account.cookie,
        method: 'PATCH',
      },
    )
    expect(card.status).toBe(200)
    await emulator.advance(31)
    await emulator.idle()
    const pastDue = await v1json<{ subscription: { status: string; paymentIssue: boolean } }>(
      '/abbonamenti',
      {
        cookie: account.cookie,
      },
    )
    expect(pastDue.body.subscription).toMatchObject({ status: 'past_due', paymentIssue: true })
    const retrying = await accessState(account)
    expect(retrying.entitlements.kind).toBe('premium')
    expect(retrying.viewer.paymentIssue).toBe(true)
    await emulator.advance(16)
    await emulator.idle()
    const ended = await accessState(account)
    expect(ended.entitlements.kind).toBe('registered')
    expect(ended.viewer.paymentIssue).toBeUndefined()
  })

  it('turns renewal off and on (canceled_at set and cleared) and ends the subscription at period end', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    const flip = (path = subscriptionId) =>
      v1json<{ cancelAtPeriodEnd: boolean; canceledAt: string | null }>(
        '/stripe/subscription/flip-subscription-renewal/' + path,
        {
          cookie: account.cookie,
          method: 'POST',
        },
      )
    const off = await flip()
    expect(off.body).toMatchObject({ cancelAtPeriodEnd: true })
    expect(off.body.canceledAt).not.toBeNull()
    await emulator.idle()
    const state = await v1json<{ subscription: { cancelAtPeriodEnd: boolean; nextRenewal: unknown } }>(
      '/abbonamenti',
      {
        cookie: account.cookie,
      },
    )
    expect(state.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, nextRenewal: null })
    const on = await flip()
    expect(on.body).toEqual(expect.objectContaining({ cancelAtPeriodEnd: false, canceledAt: null }))
    await flip()
    await emulator.advance(32)
    await emulator.idle()
    expect((await mirrored(subscriptionId))?.status).toBe('canceled')
    expect((await accessState(account)).entitlements.kind).toBe('registered')
  })

  it('applies a cancellation asked 25 hours before renewal at the period end, one asked 23 hours before a period later', async () => {
    const early = await newAccount()
    const late = await newAccount()
    const first = await subscribe(early)
    const now = Math.floor(Date.now() / 1000)
    const sub = await stripe.subscriptions.retrieve(first.subscriptionId)
    const end = sub.items.data[0]?.current_period_end ?? 0
    const clock = (await emulator.now()) - now
    await emulator.advance((end - 25 * 3600 - (now + clock)) / DAY)
    await v1('/stripe/subscription/flip-subscription-renewal/' + first.subscriptionId, {
      cookie: early.cookie,
      method: 'POST',
    })
    const earlySub = await stripe.subscriptions.retrieve(first.subscriptionId)
    expect(earlySub.cancel_at).toBe(end)

    const second = await subscribe(late)
    const lateSub = await stripe.subscriptions.retrieve(second.subscriptionId)
    const lateEnd = lateSub.items.data[0]?.current_period_end ?? 0
    await emulator.advance((lateEnd - 23 * 3600 - (await emulator.now())) / DAY)
    await v1('/stripe/subscription/flip-subscription-renewal/' + second.subscriptionId, {
      cookie: late.cookie,
      method: 'POST',
    })
    const cancelled = await stripe.subscriptions.retrieve(second.subscriptionId)
    expect(cancelled.cancel_at).toBeGreaterThan(lateEnd + 27 * DAY)
    await emulator.advance(2)
    await emulator.idle()
    // Renewed once more: still running after its first period end.
    expect((await mirrored(second.subscriptionId))?.status).toBe('active')
    expect((await mirrored(first.subscriptionId))?.status).toBe('canceled')
  })
})

describe('plan change', () => {
  it('upgrades at once with the difference charged, refuses the same plan, and downgrades at period end', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    const professional = await item('professional_monthly')
    const premium = await item('premium_monthly')
    const same = await v1json<{ error: { message: string } }>(
      `/stripe/subscription/calculate-proration/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie },
    )
    expect(same.status).toBe(400)
    expect(same.body.error.message).toBe(
      'Errore durante la convalida: è già in corso un abbonamento di questo tipo.',
    )
    const quote = await v1json<{
      lines: { amount: number; description: string | null }[]
      amountRemaining: number
      isUpgrade: boolean
    }>(`/stripe/subscription/calculate-proration/${subscriptionId}/${professional.product.id}`, {
      cookie: account.cookie,
    })
    expect(quote.status).toBe(200)
    expect(quote.body.isUpgrade).toBe(true)
    // The proration lines in Italian, dates as gg/mm/aaaa.
    expect(quote.body.lines.map((line) => line.description)).toEqual([
      expect.stringMatching(/^Tempo non utilizzato di Premium dal \d{2}\/\d{2}\/\d{4}$/),
      expect.stringMatching(/^Tempo rimanente di Professional dal \d{2}\/\d{2}\/\d{4}$/),
    ])
    expect((quote.body.lines[0]?.amount ?? 0) + (quote.body.lines[1]?.amount ?? 0)).toBeGreaterThan(0)
    const upgrade = await v1json<{ charged: number }>(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professional.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(upgrade.status).toBe(200)
    expect(upgrade.body.charged).toBe(quote.body.amountRemaining)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('professional')

    const wrongWay = await v1(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${premium.product.id}`,
      {
        cookie: account.cookie,
        method: 'POST',
      },
    )
    expect(wrongWay.status).toBe(400)
    const downgrade = await v1json<{ effective: string }>(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(downgrade.status).toBe(200)
    await emulator.idle()
    const row = await mirrored(subscriptionId)
    expect((row?.current_period_end as Date).toISOString()).toBe(downgrade.body.effective)
    expect(row?.pending_price_id).toBe(premium.price.id)
    expect((await accessState(account)).entitlements.kind).toBe('professional')
    await emulator.advance(31)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('applies a downgrade asked 25 hours before renewal at that renewal', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account, 'professional_monthly')
    const premium = await item('premium_monthly')
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    const end = sub.items.data[0]?.current_period_end ?? 0
    await emulator.advance((end - 25 * 3600 - (await emulator.now())) / DAY)
    const downgrade = await v1json<{ effective: string }>(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(downgrade.status).toBe(200)
    expect(new Date(downgrade.body.effective).getTime() / 1000).toBe(end)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('professional')
    await emulator.advance(2)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('moves a downgrade asked 23 hours before renewal one period later', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account, 'professional_monthly')
    const premium = await item('premium_monthly')
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    const end = sub.items.data[0]?.current_period_end ?? 0
    await emulator.advance((end - 23 * 3600 - (await emulator.now())) / DAY)
    const downgrade = await v1json<{ effective: string }>(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(new Date(downgrade.body.effective).getTime() / 1000).toBeGreaterThan(end + 27 * DAY)
    await emulator.advance(2)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('professional')
  })
})

describe('access', () => {
  it('answers 401 without a session before reading the input', async () => {
    for (const [method, path] of [
      ['GET', '/stripe/invoices'],
      ['POST', '/stripe/customer/create'],
      ['POST', '/stripe/subscription/create'],
      ['GET', '/stripe/subscription/sub_x'],
      ['POST', '/stripe/subscription/flip-subscription-renewal/sub_x'],
      ['GET', '/stripe/paymentmethods/bycustomer/cus_x'],
      ['POST', '/user/sendsubscriptionemail'],
    ] as const) {
      expect((await v1(path, { method, ...(method === 'GET' ? {} : { raw: '{' }) })).status, path).toBe(401)
    }
  })

  it('never returns or changes another account’s customer, subscription, cards or invoices', async () => {
    const owner = await newAccount()
    const other = await newAccount()
    const { customerId, subscriptionId } = await subscribe(owner)
    const premium = await item('professional_monthly')
    const attempts: [string, string, unknown?][] = [
      ['GET', `/stripe/customer/${customerId}`],
      ['GET', `/stripe/customer/byEmail/${owner.email}`],
      ['GET', `/stripe/customer/byemail/${owner.email}`],
      [
        'PATCH',
        `/stripe/customer/update-customer-address/${customerId}`,
        { ...billingForm, fiscalCode: billingForm.fiscalcode },
      ],
      ['GET', `/stripe/subscription/${subscriptionId}`],
      ['GET', `/stripe/subscription/byemail/${owner.email}`],
      ['GET', `/stripe/subscription/bycustomeremail/${owner.email}`],
      ['POST', `/stripe/subscription/flip-subscription-renewal/${subscriptionId}`],
      ['GET', `/stripe/subscription/calculate-proration/${subscriptionId}/${premium.product.id}`],
      ['POST', `/stripe/subscription/upgrade-subscription/${subscriptionId}/${premium.product.id}`],
      ['GET', `/stripe/paymentmethods/bycustomer/${customerId}`],
      ['PATCH', `/stripe/paymentmethods/update-customer-card/${customerId}/pm_card_visa`],
      ['POST', `/stripe/paymentmethods/setdefaultpaymentmethod/${customerId}`, { paymentMethodId: 'pm_x' }],
      ['POST', '/stripe/subscription/create', { priceId: premium.price.id, customerId }],
    ]
    for (const [method, path, body] of attempts) {
      const response = await v1(path, { method, cookie: other.cookie, ...(body ? { body } : {}) })
      expect(response.status, `${method} ${path}`).toBe(403)
    }
    const invoices = await v1json<unknown[]>('/stripe/invoices', { cookie: other.cookie })
    expect(invoices.body).toEqual([])
    const stillRenewing = await stripe.subscriptions.retrieve(subscriptionId)
    expect(stillRenewing.cancel_at_period_end).toBe(false)
  })
})

/** A buyer as the site makes one: the trial sign-up, signed in, its address confirmed by the welcome mail's link. */
async function buyerAccount(): Promise<Account> {
  const email = `acquirente-${unique()}@esempio.it`
  const signup = await v1('/user/trial-signup', {
    body: { nome: 'Anna', cognome: 'Verdi', email, professione: 'professionista' },
  })
  expect(signup.status).toBe(201)
  const { userId } = (await signup.json()) as { userId: string }
  const cookie = signup.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
  const welcome = await pool.query<{ data: { confirmUrl?: string } }>(
    `select data from mail_outbox where recipient = $1 and template = 'welcome'`,
    [email],
  )
  const link = welcome.rows[0]?.data.confirmUrl
  if (!link) throw new Error('collegamento di conferma assente')
  expect((await confirmAddress(new URL(link).searchParams.get('token'))).status).toBe('confirmed')
  return { id: userId, email, cookie }
}

const planChangeFailed =
  "Si è verificato un errore durante l'aggiornamento. Verifica che i dati della carta forniti siano corretti e che ci siano fondi a sufficienza sulla carta."

describe('checkouts at the same time', () => {
  /** `tabs` checkouts of one buyer sent together, then every page tries to pay its own. */
  async function racingCheckouts(tabs: number) {
    const buyer = await buyerAccount()
    const customer = await v1json<{ id: string }>('/stripe/customer/create', {
      cookie: buyer.cookie,
      body: billingForm,
    })
    expect(customer.status).toBe(200)
    const price = await item('premium_monthly')
    const created = await Promise.all(
      Array.from({ length: tabs }, () =>
        v1json<{ subscriptionId: string; clientSecret: string; invoiceId: string }>(
          '/stripe/subscription/create',
          { cookie: buyer.cookie, body: { priceId: price.price.id, customerId: customer.body.id } },
        ),
      ),
    )
    expect(created.map((answer) => answer.status)).toEqual(Array.from({ length: tabs }, () => 200))
    await emulator.idle()
    return { buyer, customerId: customer.body.id, checkouts: created.map((answer) => answer.body) }
  }

  const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? ''

  async function paidInvoices(customerId: string) {
    const invoices = await stripe.invoices.list({ customer: customerId, limit: 100 })
    return invoices.data.filter((invoice) => invoice.status === 'paid')
  }

  it('leaves one open checkout of two: the other invoice is void and its payment can no longer be made', async () => {
    const { buyer, customerId, checkouts } = await racingCheckouts(2)
    const open = await stripe.subscriptions.list({ customer: customerId, status: 'incomplete' })
    expect(open.data).toHaveLength(1)
    const current = checkouts.find((checkout) => checkout.subscriptionId === open.data[0]?.id)
    const replaced = checkouts.find((checkout) => checkout !== current)
    if (!current || !replaced) throw new Error('checkout mancante')
    expect((await stripe.subscriptions.retrieve(replaced.subscriptionId)).status).toBe('canceled')
    expect((await stripe.invoices.retrieve(replaced.invoiceId)).status).toBe('void')
    await expect(
      stripe.paymentIntents.confirm(intentOf(replaced.clientSecret), { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 })
    expect((await stripe.paymentIntents.retrieve(intentOf(replaced.clientSecret))).status).toBe('canceled')

    await stripe.paymentIntents.confirm(intentOf(current.clientSecret), { payment_method: 'pm_card_visa' })
    await emulator.idle()
    expect((await paidInvoices(customerId)).map((invoice) => invoice.id)).toEqual([current.invoiceId])
    expect((await accessState(buyer)).entitlements.kind).toBe('premium')
    const mirroredInvoice = await pool.query<{ status: string }>(
      'select status from billing_invoices where id = $1',
      [replaced.invoiceId],
    )
    expect(mirroredInvoice.rows[0]?.status).toBe('void')
  })

  it('charges at most once when four checkouts are sent together and all four pages pay', async () => {
    const { buyer, customerId, checkouts } = await racingCheckouts(4)
    const all = await stripe.subscriptions.list({ customer: customerId, status: 'all' })
    expect(all.data.filter((sub) => sub.status === 'incomplete')).toHaveLength(1)
    expect(all.data.filter((sub) => sub.status === 'canceled')).toHaveLength(3)
    const payments = await Promise.allSettled(
      checkouts.map((checkout) =>
        stripe.paymentIntents.confirm(intentOf(checkout.clientSecret), { payment_method: 'pm_card_visa' }),
      ),
    )
    expect(payments.filter((payment) => payment.status === 'fulfilled')).toHaveLength(1)
    await emulator.idle()
    expect(await paidInvoices(customerId)).toHaveLength(1)
    const running = await stripe.subscriptions.list({ customer: customerId, status: 'active' })
    expect(running.data).toHaveLength(1)
    expect((await accessState(buyer)).entitlements.kind).toBe('premium')
  })
})

describe('plan changes at the same time', () => {
  it('applies one of a downgrade and an upgrade sent together and refuses the other with 409', async () => {
    const buyer = await buyerAccount()
    const { subscriptionId } = await subscribe(buyer, 'professional_monthly')
    const premiumMonthly = await item('premium_monthly')
    const professionalAnnual = await item('professional_annual')
    const [downgrade, upgrade] = await Promise.all([
      v1json<{ error?: { message: string } }>(
        `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premiumMonthly.product.id}`,
        { cookie: buyer.cookie, method: 'POST' },
      ),
      v1json<{ error?: { message: string } }>(
        `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professionalAnnual.product.id}`,
        { cookie: buyer.cookie, method: 'POST' },
      ),
    ])
    expect([downgrade.status, upgrade.status].sort()).toEqual([200, 409])
    const refused = downgrade.status === 409 ? downgrade : upgrade
    expect(refused.body.error?.message).toBe(planChangeFailed)

    await emulator.idle()
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    const price = sub.items.data[0]?.price.id
    if (upgrade.status === 200) {
      expect(price).toBe(professionalAnnual.price.id)
      expect(sub.schedule).toBeNull()
    } else {
      expect(price).not.toBe(professionalAnnual.price.id)
      expect(sub.schedule).not.toBeNull()
    }
    const charged = (await stripe.invoices.list({ customer: sub.customer as string })).data.filter(
      (invoice) => invoice.billing_reason === 'subscription_update' && invoice.status === 'paid',
    )
    expect(charged).toHaveLength(upgrade.status === 200 ? 1 : 0)
  })

  it('refuses a renewal switch with 409 while another billing change of the account runs', async () => {
    const buyer = await buyerAccount()
    const { subscriptionId } = await subscribe(buyer, 'premium_monthly')
    const flip = () =>
      v1json<{ error?: { message: string }; cancelAtPeriodEnd?: boolean }>(
        `/stripe/subscription/flip-subscription-renewal/${subscriptionId}`,
        { cookie: buyer.cookie, method: 'POST' },
      )
    // A plan change of the account holds its billing lock (as account-lock.ts takes it).
    const holder = await pool.connect()
    try {
      await holder.query('select pg_advisory_lock(hashtext($1))', [`billing:account:${buyer.id}`])
      const refused = await flip()
      expect(refused.status).toBe(409)
      expect(refused.body.error?.message).toBe(
        'Non è stato possibile modificare il rinnovo automatico. Riprova tra qualche istante.',
      )
      expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false)
    } finally {
      await holder.query('select pg_advisory_unlock(hashtext($1))', [`billing:account:${buyer.id}`])
      holder.release()
    }
    const done = await flip()
    expect(done.status).toBe(200)
    expect(done.body.cancelAtPeriodEnd).toBe(true)
  })

  it('releases a scheduled downgrade when the plan is then upgraded', async () => {
    const buyer = await buyerAccount()
    const { subscriptionId } = await subscribe(buyer, 'professional_monthly')
    const premiumMonthly = await item('premium_monthly')
    const professionalAnnual = await item('professional_annual')
    const downgrade = await v1(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premiumMonthly.product.id}`,
      { cookie: buyer.cookie, method: 'POST' },
    )
    expect(downgrade.status).toBe(200)
    const scheduleId = (await stripe.subscriptions.retrieve(subscriptionId)).schedule as string
    expect(scheduleId).toBeTruthy()
    const upgrade = await v1(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professionalAnnual.product.id}`,
      { cookie: buyer.cookie, method: 'POST' },
    )
    expect(upgrade.status).toBe(200)
    await emulator.idle()
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    expect(sub.schedule).toBeNull()
    expect(sub.items.data[0]?.price.id).toBe(professionalAnnual.price.id)
    expect((await stripe.subscriptionSchedules.retrieve(scheduleId)).status).toBe('released')
    expect((await mirrored(subscriptionId))?.pending_price_id).toBeNull()
    await emulator.advance(40)
    await emulator.idle()
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.price.id).toBe(
      professionalAnnual.price.id,
    )
  })
})

describe('a buyer not sold online', () => {
  it('reaches sales: a mail to SALES_EMAIL and a contact with phone, company, plan and reason', async () => {
    const buyer = await buyerAccount()
    const price = await item('professional_annual')
    const refused = await v1json<{ error: { message: string } }>('/stripe/customer/create', {
      cookie: buyer.cookie,
      body: { ...billingForm, professione: 'azienda-chimico-farmaceutica' },
    })
    expect(refused.status).toBe(403)
    const request = await v1json<{ sent: boolean }>('/user/sendNotEligibleSubscriptionMail', {
      cookie: buyer.cookie,
      body: {
        nome: 'Farmaceutica Verdi S.p.A.',
        ragioneSociale: 'Farmaceutica Verdi S.p.A.',
        telefono: '+39 02 7654321',
        citta: 'Milano',
        cap: '20121',
        provincia: 'MI',
        indirizzo: 'Via Manzoni 3',
        codiceFiscale: '12345678903',
        professione: 'Azienda Chimico-Farmaceutica',
        priceId: price.price.id,
      },
    })
    expect(request).toEqual({ status: 200, body: { sent: true } })

    const sales = await pool.query<{
      subject: string
      data: { details: { label: string; value: string }[] }
    }>('select subject, data from mail_outbox where recipient = $1 and dedupe_key like $2', [
      getEnv().SALES_EMAIL,
      `sales:not-eligible:${buyer.id}:%`,
    ])
    expect(sales.rows).toHaveLength(1)
    const details = Object.fromEntries(
      (sales.rows[0]?.data.details ?? []).map((row) => [row.label, row.value]),
    )
    expect(details).toMatchObject({
      'Nome e cognome': 'Anna Verdi',
      'Azienda o ragione sociale': 'Farmaceutica Verdi S.p.A.',
      Email: buyer.email,
      Telefono: '+39 02 7654321',
      'Piano scelto': price.product.name,
      'Perché non è acquistabile online':
        'Professione non acquistabile online: Azienda Chimico-Farmaceutica.',
    })
    expect(sales.rows[0]?.subject).toContain('Farmaceutica Verdi S.p.A.')

    expect(await findContact(buyer.email)).toMatchObject({
      name: 'Anna Verdi',
      phone: '+39 02 7654321',
      company: 'Farmaceutica Verdi S.p.A.',
      product: price.product.name,
      profession: 'Azienda Chimico-Farmaceutica',
      salesReason: 'Professione non acquistabile online: Azienda Chimico-Farmaceutica.',
      salesRequestedAt: expect.any(String),
    })
    const buyerMail = await pool.query(
      'select 1 from mail_outbox where recipient = $1 and dedupe_key like $2',
      [buyer.email, `not-eligible:${buyer.id}:%`],
    )
    expect(buyerMail.rowCount).toBe(1)
  })
})

describe('invoices', () => {
  type Numbered = { invoice_id: string; year: number; number: number }

  async function numberOf(subscriptionId: string): Promise<Numbered | undefined> {
    const found = await pool.query<Numbered>(
      `select n.invoice_id, n.year, n.number from billing_invoice_numbers n
         join billing_invoices i on i.id = n.invoice_id where i.subscription_id = $1`,
      [subscriptionId],
    )
    return found.rows[0]
  }

  /** The year's numbers are exactly 1 … the counter: none repeated, none skipped. */
  async function expectNoGaps(year: number) {
    const series = await pool.query<{ count: number; max: number; last: number }>(
      `select count(*)::int as count, max(number) as max,
              (select last_number from billing_invoice_counters where year = $1) as last
         from billing_invoice_numbers where year = $1`,
      [year],
    )
    const { count, max, last } = series.rows[0] ?? { count: 0, max: 0, last: 0 }
    expect(count).toBe(max)
    expect(last).toBe(max)
  }

  it('numbers paid invoices per year without gaps when two are delivered at once, and once only', async () => {
    const first = await newAccount()
    const second = await newAccount()
    held = []
    const a = await subscribe(first)
    const b = await subscribe(second, 'professional_monthly')
    const events = held
    held = null
    const paid = events.filter((event) => JSON.parse(event.payload).type === 'invoice.paid')
    expect(paid).toHaveLength(2)
    for (const event of events.filter((candidate) => !paid.includes(candidate)))
      expect((await postWebhook(event.payload, event.signature)).status).toBe(200)
    // The two invoice.paid events at the same moment.
    const delivered = await Promise.all(paid.map((event) => postWebhook(event.payload, event.signature)))
    expect(delivered.map((response) => response.status)).toEqual([200, 200])

    const numberA = await numberOf(a.subscriptionId)
    const numberB = await numberOf(b.subscriptionId)
    expect(numberA && numberB).toBeTruthy()
    expect(numberA?.year).toBe(numberB?.year)
    expect(Math.abs((numberA?.number ?? 0) - (numberB?.number ?? 0))).toBe(1)
    const year = numberA?.year ?? 0
    await expectNoGaps(year)

    // The same delivery again, a new event about the same invoice, the nightly reconciliation: same number.
    for (const event of paid) {
      const again = await postWebhook(event.payload, event.signature)
      expect(((await again.json()) as { outcome: string }).outcome).toBe('duplicate')
      const fresh = JSON.stringify({ ...JSON.parse(event.payload), id: `evt_again_${unique()}` })
      const resent = await postWebhook(fresh, signPayload(fresh, emulator.webhookSecret))
      expect(((await resent.json()) as { outcome: string }).outcome).toBe('processed')
    }
    await reconcileCustomer(a.customerId)
    expect(await numberOf(a.subscriptionId)).toEqual(numberA)
    expect(await numberOf(b.subscriptionId)).toEqual(numberB)
    await expectNoGaps(year)
  })

  it('numbers the invoices paid before the numbering existed in the order they were paid, once', async () => {
    const account = await newAccount()
    const id = unique()
    // Mirrored before this version: 31/12/2019 23:30 UTC is already 2020 in Rome.
    const paid: [string, string][] = [
      [`in_old_b_${id}`, '2019-06-01T10:00:00Z'],
      [`in_old_a_${id}`, '2019-03-01T10:00:00Z'],
      [`in_old_c_${id}`, '2019-12-31T23:30:00Z'],
    ]
    for (const [invoiceId, at] of paid)
      await pool.query(
        `insert into billing_invoices (id, customer_id, user_id, status, amount_due, amount_paid, total, paid_at, data,
           created_at) values ($1, 'cus_old', $2, 'paid', 999, 999, 999, $3, '{}', $3)`,
        [invoiceId, account.id, at],
      )
    const numbers = async () =>
      (
        await pool.query<{ invoice_id: string; year: number; number: number }>(
          'select invoice_id, year, number from billing_invoice_numbers where invoice_id like $1 order by invoice_id',
          [`in_old_%_${id}`],
        )
      ).rows
    // The migration's numbering of what is already paid, run twice: the second run changes nothing.
    for (let run = 0; run < 2; run += 1) {
      await pool.query(invoiceNumbersSchema.up)
      expect(await numbers()).toEqual([
        { invoice_id: `in_old_a_${id}`, year: 2019, number: 1 },
        { invoice_id: `in_old_b_${id}`, year: 2019, number: 2 },
        { invoice_id: `in_old_c_${id}`, year: 2020, number: 1 },
      ])
    }
    await expectNoGaps(2019)
    await expectNoGaps(2020)
  })

  it('lets the subscriber download only its own paid invoices, once the seller’s data are complete', async () => {
    const payload = await getCms()
    const owner = await newAccount()
    await subscribe(owner)
    type Listed = { id: string; number: string; paid: boolean; invoicePdf: string | null }
    const listed = await v1json<Listed[]>('/stripe/invoices', { cookie: owner.cookie })
    const invoice = listed.body.find((candidate) => candidate.paid)
    const match = /^(\d+)\/(\d{4})$/.exec(invoice?.number ?? '')
    expect(match).not.toBeNull()
    expect(invoice?.invoicePdf).toBe(`/api/v1/stripe/invoices/${invoice?.id}/pdf`)
    const path = `/stripe/invoices/${invoice?.id}/pdf`

    // Without the seller's data (none yet in this installation) no invoice is issued: a clear Italian 503.
    const unavailable = await v1json<{ error: { message: string } }>(path, { cookie: owner.cookie })
    expect(unavailable).toEqual({
      status: 503,
      body: { error: expect.objectContaining({ message: strings.invoices.errors.sellerMissing }) },
    })

    await payload.updateGlobal({ slug: 'seller-settings', data: TEST_SELLER })
    const pdf = await v1(path, { cookie: owner.cookie })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const [, number, year] = match ?? []
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="fattura-${year}-${(number ?? '').padStart(6, '0')}.pdf"`,
    )
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain(`Fattura n. ${invoice?.number}`)
    expect(text).toContain('P.IVA 12345670017')
    expect(text).toContain('Codice fiscale RMNLCU80A01H501M')
    expect(text).toContain('Via del Corso 1')
    expect(text).toContain('Codice destinatario: 0000000')
    expect(text).toMatch(/IVA 22 % \d+,\d\d €/)
    expect(text).toContain('Totale fattura 4,99 €')

    // Nobody else: another account 403, no session 401, an unknown invoice 404.
    const stranger = await newAccount()
    expect((await v1(path, { cookie: stranger.cookie })).status).toBe(403)
    expect((await v1(path)).status).toBe(401)
    expect((await v1('/stripe/invoices/in_sconosciuta/pdf', { cookie: owner.cookie })).status).toBe(404)

    // An unpaid invoice has no number and no PDF.
    const customer = await v1json<{ id: string }>('/stripe/customer/create', {
      cookie: stranger.cookie,
      body: billingForm,
    })
    const price = await item('premium_monthly')
    await v1json('/stripe/subscription/create', {
      cookie: stranger.cookie,
      body: { priceId: price.price.id, customerId: customer.body.id },
    })
    await emulator.idle()
    const open = (await v1json<Listed[]>('/stripe/invoices', { cookie: stranger.cookie })).body
    expect(open).toHaveLength(1)
    expect(open[0]).toMatchObject({ paid: false, invoicePdf: null })
    expect(open[0]?.number ?? '').not.toMatch(/\//)
    const notIssued = await v1json<{ error: { message: string } }>(`/stripe/invoices/${open[0]?.id}/pdf`, {
      cookie: stranger.cookie,
    })
    expect(notIssued.status).toBe(404)
    expect(notIssued.body.error.message).toBe(strings.invoices.errors.notIssued)
  })

  it('keeps the seller’s data of the day an invoice was issued when the seller later moves', async () => {
    const payload = await getCms()
    await payload.updateGlobal({ slug: 'seller-settings', data: TEST_SELLER })
    const pdfOf = async (account: Account) => {
      await subscribe(account)
      type Listed = { id: string; paid: boolean }
      const listed = await v1json<Listed[]>('/stripe/invoices', { cookie: account.cookie })
      const paid = listed.body.find((candidate) => candidate.paid)
      return async () => {
        const pdf = await v1(`/stripe/invoices/${paid?.id}/pdf`, { cookie: account.cookie })
        expect(pdf.status).toBe(200)
        return pdfText(new Uint8Array(await pdf.arrayBuffer()))
      }
    }
    const before = await pdfOf(await newAccount())
    try {
      await payload.updateGlobal({
        slug: 'seller-settings',
        data: { ...TEST_SELLER, street: 'Piazza Nuova 5' },
      })
      const issuedBefore = await before()
      expect(issuedBefore).toContain(TEST_SELLER.street)
      expect(issuedBefore).not.toContain('Piazza Nuova 5')
      const after = await pdfOf(await newAccount())
      expect(await after()).toContain('Piazza Nuova 5')
    } finally {
      await payload.updateGlobal({ slug: 'seller-settings', data: TEST_SELLER })
    }
  })
})
