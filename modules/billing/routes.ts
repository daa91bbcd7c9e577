/**
 * The billing routes of the REST API (/api/v1, pay-prefix `stripe/`): the
 * calls of §7. Catalogue and webhook are public; every other call answers 401
 * without a session, before reading its input, and only ever reads or changes
 * the signed-in account's own customer, subscription, cards and invoices.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import {
  assertAddressConfirmed,
  getAccounts,
  registerForPurchase,
  type SignedInUser,
} from '../accounts/index.ts'
import { createRouter, errorResponses, signedInOf, viewerOf, type ApiEnv } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, errorBody } from '../platform/index.ts'
import {
  CreatedSubscriptionSchema,
  CustomerSchema,
  DowngradeSchema,
  InvoiceSchema,
  OwnSubscriptionSchema,
  PaymentMethodSchema,
  ProrationSchema,
  RenewalSchema,
  UpgradeSchema,
} from './answer-schemas.ts'
import { annualSavingPercent, figuresOf } from './pricing.ts'
import { entryFor, LAUNCH_DISCOUNT_PERCENT } from './catalogue.ts'
import { launchOfferFor } from './launch-offer.ts'
import { previewCheckout } from './checkout-preview.ts'
import { loadCatalogue, type CatalogueItem } from './catalogue-store.ts'
import {
  customerBody,
  listPaymentMethods,
  ownCustomer,
  findOwnCustomer,
  replaceCard,
  saveCustomer,
  setDefaultPaymentMethod,
  updateCustomerAddress,
} from './customers.ts'
import {
  currentSubscriptionRow,
  productBody,
  subscriptionBody,
  type MirroredSubscriptionRow,
} from './lookup.ts'
import { subscriptionMail } from './mails.ts'
import { requestSalesCall } from './not-eligible.ts'
import { getBillingPool } from './runtime.ts'
import {
  createSubscriptionSchema,
  customerAddressSchema,
  customerCreateSchema,
  notEligibleSchema,
  purchaseSignupSchema,
  setDefaultPaymentMethodSchema,
  subscriptionEmailSchema,
} from './schemas.ts'
import { getBillingStripe } from './stripe.ts'
import {
  calculateProration,
  createSubscription,
  downgradeSubscription,
  flipRenewal,
  ownSubscription,
  upgradeSubscription,
} from './subscriptions.ts'
import { reconcileCustomer } from './reconcile.ts'
import { handleStripeWebhook } from './webhook.ts'
import { listInvoices } from './invoices.ts'
import { downloadInvoicePdf } from './invoice-download.ts'

const t = it.billing.errors
/** A signed-in caller with billing of their own (401, 403 for a Studio secondary account); the answer is personal. */
const requireSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { session, access } = viewerOf(c)
  if (!session) return c.json(errorBody('unauthorized', it.accounts.notSignedIn), 401)
  c.header('cache-control', 'no-store')
  // A Studio secondary account reads with the owner's plan and has no billing of its own.
  if (access.entitlements.kind === 'studioSecondary') {
    return c.json(errorBody('forbidden', it.studio.secondaryForbidden), 403)
  }
  await next()
  return undefined
}

/**
 * Buying (billing data, a new subscription, an upgrade) needs a confirmed
 * address: 403 with the Italian request to confirm it, before the input is read.
 */
const requireConfirmedAddress: MiddlewareHandler<ApiEnv> = async (c, next) => {
  assertAddressConfirmed(signedInOf(c).user)
  await next()
  return undefined
}

/** A path e-mail must be the caller's own. */
function ownEmail(mail: string, user: SignedInUser) {
  if (mail.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError('forbidden', t.forbidden)
}

const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
const body = <S extends z.ZodType>(schema: S) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

const ProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    plan: z.enum(['premium', 'professional']),
    studio: z.boolean(),
    interval: z.enum(['month', 'year']),
    defaultPrice: z.string(),
  })
  .openapi('Prodotto')

const FiguresSchema = z
  .object({
    unitAmount: z.number().int(),
    regular: z.object({ net: z.number(), vat: z.number(), total: z.number(), discount: z.number() }),
    firstPeriod: z.object({ net: z.number(), vat: z.number(), total: z.number(), discount: z.number() }),
    perMonth: z.object({ regular: z.number(), firstPeriod: z.number() }).nullable(),
    annualSavingPercent: z.number().nullable(),
  })
  .openapi('Importi')

const LaunchOfferSchema = z
  .object({
    eligible: z.boolean().openapi({ description: 'Il primo periodo ha lo sconto di lancio' }),
    discountPercent: z.number().int().openapi({ description: 'Sconto sul primo periodo (0 se non spetta)' }),
  })
  .openapi('OffertaDiLancio')

const CheckoutPreviewSchema = z
  .object({
    priceId: z.string(),
    launchOffer: z.boolean().openapi({ description: 'Lo sconto di lancio è sulla prima fattura' }),
    subtotal: z.number().int().openapi({ description: 'Prezzo del periodo, IVA inclusa (centesimi)' }),
    discount: z.number().int().openapi({ description: 'Sconto di lancio (centesimi)' }),
    net: z.number().int().openapi({ description: 'Imponibile (centesimi)' }),
    vat: z.number().int().openapi({ description: 'IVA compresa nel totale (centesimi)' }),
    vatPercent: z.number(),
    total: z.number().int().openapi({ description: 'Totale addebitato, IVA inclusa (centesimi)' }),
  })
  .openapi('AnteprimaPagamento')

const PriceSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    unitAmount: z.number().int(),
    currency: z.string(),
    lookupKey: z.string().nullable(),
    recurring: z.object({ interval: z.enum(['month', 'year']) }),
    figures: FiguresSchema,
  })
  .openapi('Prezzo')

function productOf(item: CatalogueItem): z.infer<typeof ProductSchema> {
  return {
    id: item.product.id,
    name: item.product.name,
    description: item.product.description,
    plan: item.entry.plan,
    studio: item.entry.studio,
    interval: item.entry.interval,
    defaultPrice: item.price.id,
  }
}

function priceOf(item: CatalogueItem, launchOffer = true): z.infer<typeof PriceSchema> {
  const figures = figuresOf(item.entry, { launchOffer })
  const saving =
    item.entry.interval === 'year'
      ? annualSavingPercent(
          entryFor(item.entry.plan, 'month', item.entry.studio).unitAmount,
          item.entry.unitAmount,
        )
      : null
  return {
    id: item.price.id,
    productId: item.product.id,
    unitAmount: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    lookupKey: item.price.lookup_key,
    recurring: { interval: item.entry.interval },
    figures: { ...figures, annualSavingPercent: saving },
  }
}

function defineRoutes() {
  const tag = ['Abbonamenti e pagamenti']
  const bySubscription = z.object({ id: z.string().min(1).max(255) })
  const byMail = z.object({ mail: z.string().min(1).max(254) })
  return {
    config: createRoute({
      method: 'get',
      path: '/stripe/config',
      tags: tag,
      summary: 'Chiave pubblica dei pagamenti e modalità di prova',
      responses: {
        200: json(z.object({ publishableKey: z.string(), testMode: z.boolean() }), 'Configurazione'),
      },
    }),
    products: createRoute({
      method: 'get',
      path: '/stripe/products',
      tags: tag,
      summary: 'Prodotti in vendita',
      responses: { 200: json(z.array(ProductSchema), 'Prodotti') },
    }),
    product: createRoute({
      method: 'get',
      path: '/stripe/products/{id}',
      tags: tag,
      summary: 'Un prodotto',
      request: { params: z.object({ id: z.string().min(1).max(255) }) },
      responses: { 200: json(ProductSchema, 'Prodotto'), ...errorResponses(404) },
    }),
    prices: createRoute({
      method: 'get',
      path: '/stripe/prices',
      tags: tag,
      summary: 'Prezzi, con gli importi mostrati (IVA inclusa, primo periodo, al mese)',
      responses: { 200: json(z.array(PriceSchema), 'Prezzi') },
    }),
    price: createRoute({
      method: 'get',
      path: '/stripe/prices/{id}',
      tags: tag,
      summary: 'Un prezzo',
      request: { params: z.object({ id: z.string().min(1).max(255) }) },
      responses: { 200: json(PriceSchema, 'Prezzo'), ...errorResponses(404) },
    }),
    launchOffer: createRoute({
      method: 'get',
      path: '/stripe/launch-offer',
      tags: tag,
      summary: 'Offerta di lancio e importi del primo periodo per l’account',
      description:
        'Se all’account spetta lo sconto di lancio sul primo periodo (solo al primo abbonamento pagato) e, per ogni prezzo, gli importi che gli verrebbero addebitati: la stessa decisione di `subscription/create`.',
      middleware: [requireSession] as const,
      responses: {
        200: json(
          LaunchOfferSchema.extend({ prices: z.array(PriceSchema) }).openapi('ImportiPerAccount'),
          'Offerta e prezzi',
        ),
        ...errorResponses(401, 403),
      },
    }),
    checkoutPreview: createRoute({
      method: 'get',
      path: '/stripe/checkout-preview/{priceId}',
      tags: tag,
      summary: 'Anteprima della prima fattura di un piano per l’account',
      description:
        'Imponibile, IVA 22% e totale del primo periodo come li calcola Stripe (anteprima della fattura per questo cliente e prezzo, con lo sconto di lancio quando spetta): gli importi del riepilogo del pagamento.',
      middleware: [requireSession] as const,
      request: { params: z.object({ priceId: z.string().trim().min(1).max(255) }) },
      responses: {
        200: json(CheckoutPreviewSchema, 'Anteprima'),
        ...errorResponses(400, 401, 403, 404, 503),
      },
    }),
    webhook: createRoute({
      method: 'post',
      path: '/stripe/webhook',
      tags: tag,
      summary: 'Eventi di Stripe (firmati)',
      description:
        'Verifica la firma Stripe-Signature sul corpo grezzo; ogni evento è elaborato una sola volta.',
      responses: {
        200: json(z.object({ received: z.literal(true), outcome: z.string() }), 'Ricevuto'),
        ...errorResponses(400),
      },
    }),
    byEmail: createRoute({
      method: 'get',
      path: '/stripe/subscription/byemail/{mail}',
      tags: tag,
      summary: 'Abbonamento dell’account (per email)',
      middleware: [requireSession] as const,
      request: { params: byMail },
      responses: { 200: json(OwnSubscriptionSchema, 'Abbonamento o null'), ...errorResponses(401, 403) },
    }),
    byCustomerEmail: createRoute({
      method: 'get',
      path: '/stripe/subscription/bycustomeremail/{mail}',
      tags: tag,
      summary: 'Abbonamento dell’account (per email del cliente)',
      middleware: [requireSession] as const,
      request: { params: byMail },
      responses: { 200: json(OwnSubscriptionSchema, 'Abbonamento o null'), ...errorResponses(401, 403) },
    }),
    subscription: createRoute({
      method: 'get',
      path: '/stripe/subscription/{id}',
      tags: tag,
      summary: 'Un abbonamento dell’account',
      middleware: [requireSession] as const,
      request: { params: bySubscription },
      responses: { 200: json(OwnSubscriptionSchema, 'Abbonamento'), ...errorResponses(401, 403, 404) },
    }),
    refresh: createRoute({
      method: 'post',
      path: '/stripe/subscription/refresh/{id}',
      tags: tag,
      summary: 'Riallinea l’abbonamento con Stripe',
      description:
        'Esegue la riconciliazione del solo cliente dell’account (dopo un pagamento, se il webhook tarda) e restituisce lo stato aggiornato.',
      middleware: [requireSession] as const,
      request: { params: bySubscription },
      responses: { 200: json(OwnSubscriptionSchema, 'Abbonamento'), ...errorResponses(401, 403, 404) },
    }),
    flip: createRoute({
      method: 'post',
      path: '/stripe/subscription/flip-subscription-renewal/{id}',
      tags: tag,
      summary: 'Attiva o disattiva il rinnovo automatico',
      description: 'Disattivato a meno di 24 ore dal rinnovo, l’abbonamento termina un periodo dopo.',
      middleware: [requireSession] as const,
      request: { params: bySubscription },
      responses: { 200: json(RenewalSchema, 'Rinnovo aggiornato'), ...errorResponses(400, 401, 403, 404) },
    }),
    create: createRoute({
      method: 'post',
      path: '/stripe/subscription/create',
      tags: tag,
      summary: 'Crea l’abbonamento da pagare (client secret)',
      middleware: [requireSession, requireConfirmedAddress] as const,
      request: body(createSubscriptionSchema),
      responses: {
        200: json(CreatedSubscriptionSchema, 'Abbonamento creato, in attesa del pagamento'),
        ...errorResponses(400, 401, 403, 404, 409, 503),
      },
    }),
    proration: createRoute({
      method: 'get',
      path: '/stripe/subscription/calculate-proration/{subscriptionId}/{productId}',
      tags: tag,
      summary: 'Differenza da pagare per cambiare piano',
      middleware: [requireSession] as const,
      request: {
        params: z.object({
          subscriptionId: z.string().min(1).max(255),
          productId: z.string().min(1).max(255),
        }),
      },
      responses: { 200: json(ProrationSchema, 'Anteprima'), ...errorResponses(400, 401, 403, 404) },
    }),
    upgrade: createRoute({
      method: 'post',
      path: '/stripe/subscription/upgrade-subscription/{subId}/{productId}',
      tags: tag,
      summary: 'Passa a un piano superiore (immediato, addebita la differenza)',
      middleware: [requireSession, requireConfirmedAddress] as const,
      request: {
        params: z.object({ subId: z.string().min(1).max(255), productId: z.string().min(1).max(255) }),
      },
      responses: { 200: json(UpgradeSchema, 'Piano cambiato'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    downgrade: createRoute({
      method: 'post',
      path: '/stripe/subscription/downgrade-subscription/{subId}/{productId}',
      tags: tag,
      summary: 'Passa a un piano inferiore alla fine del periodo',
      middleware: [requireSession] as const,
      request: {
        params: z.object({ subId: z.string().min(1).max(255), productId: z.string().min(1).max(255) }),
      },
      responses: {
        200: json(DowngradeSchema, 'Cambio programmato'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    customerCreate: createRoute({
      method: 'post',
      path: '/stripe/customer/create',
      tags: tag,
      summary: 'Salva i dati di fatturazione (cliente)',
      middleware: [requireSession, requireConfirmedAddress] as const,
      request: body(customerCreateSchema),
      responses: { 200: json(CustomerSchema, 'Cliente'), ...errorResponses(400, 401, 403, 503) },
    }),
    customerByEmail: createRoute({
      method: 'get',
      path: '/stripe/customer/byemail/{mail}',
      tags: tag,
      summary: 'Il cliente dell’account (per email)',
      middleware: [requireSession] as const,
      request: { params: byMail },
      responses: { 200: json(CustomerSchema.nullable(), 'Cliente o null'), ...errorResponses(401, 403) },
    }),
    customer: createRoute({
      method: 'get',
      path: '/stripe/customer/{id}',
      tags: tag,
      summary: 'Il cliente dell’account',
      middleware: [requireSession] as const,
      request: { params: bySubscription },
      responses: { 200: json(CustomerSchema, 'Cliente'), ...errorResponses(401, 403, 404) },
    }),
    customerAddress: createRoute({
      method: 'patch',
      path: '/stripe/customer/update-customer-address/{id}',
      tags: tag,
      summary: 'Aggiorna i dati di fatturazione',
      middleware: [requireSession] as const,
      request: { params: bySubscription, ...body(customerAddressSchema) },
      responses: {
        200: json(z.object({ message: z.string(), customer: CustomerSchema }), 'Dati aggiornati'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    paymentMethods: createRoute({
      method: 'get',
      path: '/stripe/paymentmethods/bycustomer/{customerId}',
      tags: tag,
      summary: 'Carte del cliente',
      middleware: [requireSession] as const,
      request: { params: z.object({ customerId: z.string().min(1).max(255) }) },
      responses: { 200: json(z.array(PaymentMethodSchema), 'Carte'), ...errorResponses(401, 403, 404) },
    }),
    updateCard: createRoute({
      method: 'patch',
      path: '/stripe/paymentmethods/update-customer-card/{customerId}/{paymentMethodId}',
      tags: tag,
      summary: 'Sostituisce la carta',
      middleware: [requireSession] as const,
      request: {
        params: z.object({
          customerId: z.string().min(1).max(255),
          paymentMethodId: z.string().min(1).max(255),
        }),
      },
      responses: {
        200: json(z.object({ message: z.string(), paymentMethod: PaymentMethodSchema }), 'Carta aggiornata'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    setDefault: createRoute({
      method: 'post',
      path: '/stripe/paymentmethods/setdefaultpaymentmethod/{customerId}',
      tags: tag,
      summary: 'Rende predefinita una carta',
      middleware: [requireSession] as const,
      request: {
        params: z.object({ customerId: z.string().min(1).max(255) }),
        ...body(setDefaultPaymentMethodSchema),
      },
      responses: {
        200: json(z.object({ ok: z.literal(true) }), 'Fatto'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    invoices: createRoute({
      method: 'get',
      path: '/stripe/invoices',
      tags: tag,
      summary: 'Fatture dell’account',
      middleware: [requireSession] as const,
      responses: { 200: json(z.array(InvoiceSchema), 'Fatture'), ...errorResponses(401, 403) },
    }),
    invoicePdf: createRoute({
      method: 'get',
      path: '/stripe/invoices/{id}/pdf',
      tags: tag,
      summary: 'PDF di una fattura pagata dell’account',
      description:
        'La fattura con il numero progressivo dell’anno, i dati del venditore e dell’intestatario. Solo per le fatture pagate dell’account; 503 finché i dati del venditore non sono completi.',
      middleware: [requireSession] as const,
      request: { params: bySubscription },
      responses: {
        200: {
          description: 'La fattura (PDF)',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses(401, 403, 404, 503),
      },
    }),
    subscriptionEmail: createRoute({
      method: 'post',
      path: '/user/sendsubscriptionemail',
      tags: ['Account'],
      summary: 'Email di conferma dell’abbonamento (compatibilità)',
      description:
        'Scrive solo all’indirizzo dell’account e non ripete l’email già inviata dal server alla conferma del pagamento.',
      middleware: [requireSession] as const,
      request: body(subscriptionEmailSchema),
      responses: {
        200: json(z.object({ sent: z.boolean() }), 'Esito'),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    purchaseSignup: createRoute({
      method: 'post',
      path: '/user/purchase-signup',
      tags: ['Account'],
      summary: 'Registrazione prima dell’acquisto',
      description:
        'Crea un account (senza prova gratuita) con una password generata, inviata con l’email di benvenuto, registra il contatto commerciale con il piano scelto ed effettua l’accesso; risponde con l’indirizzo del pagamento.',
      request: body(purchaseSignupSchema),
      responses: {
        201: json(
          z.object({ userId: z.string(), email: z.string(), redirectTo: z.string() }),
          'Account creato e accesso effettuato',
        ),
        ...errorResponses(400, 404, 409, 429),
      },
    }),
    notEligible: createRoute({
      method: 'post',
      path: '/user/sendNotEligibleSubscriptionMail',
      tags: ['Account'],
      summary: 'Richiesta al commerciale per la professione non acquistabile online',
      description:
        'Registra la richiesta tra i contatti (telefono, azienda, piano scelto, motivo), la invia all’indirizzo commerciale (SALES_EMAIL) e scrive all’account la conferma con i dati inseriti; una volta al giorno.',
      middleware: [requireSession] as const,
      request: body(notEligibleSchema),
      responses: {
        200: json(z.object({ sent: z.boolean() }), 'Esito'),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
  }
}

async function subscriptionByUser(user: SignedInUser) {
  const row = await currentSubscriptionRow(await getBillingPool(), user.id)
  return row
    ? { subscription: subscriptionBody(row), product: productBody(row) }
    : { subscription: null, product: null }
}

export function billingRoutes() {
  const r = defineRoutes()
  return createRouter()
    .openapi(r.config, (c) => {
      const { publishableKey, emulator } = getBillingStripe()
      return c.json({ publishableKey, testMode: emulator !== null }, 200)
    })
    .openapi(r.products, async (c) => {
      const { items } = await loadCatalogue()
      c.header('cache-control', 'public, max-age=60')
      return c.json(items.map(productOf), 200)
    })
    .openapi(r.product, async (c) => {
      const { items } = await loadCatalogue()
      const item = items.find((candidate) => candidate.product.id === c.req.valid('param').id)
      if (!item) throw new AppError('not_found', t.productNotFound)
      return c.json(productOf(item), 200)
    })
    .openapi(r.prices, async (c) => {
      const { items } = await loadCatalogue()
      c.header('cache-control', 'public, max-age=60')
      return c.json(
        items.map((item) => priceOf(item)),
        200,
      )
    })
    .openapi(r.price, async (c) => {
      const { items } = await loadCatalogue()
      const item = items.find((candidate) => candidate.price.id === c.req.valid('param').id)
      if (!item) throw new AppError('not_found', t.priceNotFound)
      return c.json(priceOf(item), 200)
    })
    .openapi(r.launchOffer, async (c) => {
      const eligible = await launchOfferFor(signedInOf(c).user)
      const { items } = await loadCatalogue()
      return c.json(
        {
          eligible,
          discountPercent: eligible ? LAUNCH_DISCOUNT_PERCENT : 0,
          prices: items.map((item) => priceOf(item, eligible)),
        },
        200,
      )
    })
    .openapi(r.checkoutPreview, async (c) =>
      c.json(await previewCheckout(c.req.valid('param').priceId, signedInOf(c).user), 200),
    )
    .openapi(r.webhook, async (c) => {
      const raw = await c.req.text()
      const { outcome } = await handleStripeWebhook(raw, c.req.header('stripe-signature') ?? null)
      return c.json({ received: true as const, outcome }, 200)
    })
    .openapi(r.byEmail, async (c) => {
      const user = signedInOf(c).user
      ownEmail(c.req.valid('param').mail, user)
      return c.json(await subscriptionByUser(user), 200)
    })
    .openapi(r.byCustomerEmail, async (c) => {
      const user = signedInOf(c).user
      ownEmail(c.req.valid('param').mail, user)
      return c.json(await subscriptionByUser(user), 200)
    })
    .openapi(r.subscription, async (c) => {
      const user = signedInOf(c).user
      const { id } = c.req.valid('param')
      const pool = await getBillingPool()
      const found = await pool.query<MirroredSubscriptionRow>(
        'select * from billing_subscriptions where id = $1',
        [id],
      )
      const row = found.rows[0]
      if (!row) {
        // Not mirrored yet (a webhook on its way): answer from Stripe, for the owner only.
        await ownSubscription(id, user)
        throw new AppError('not_found', t.subscriptionNotFound)
      }
      if (row.user_id !== user.id) throw new AppError('forbidden', t.forbidden)
      return c.json({ subscription: subscriptionBody(row), product: productBody(row) }, 200)
    })
    .openapi(r.refresh, async (c) => {
      const user = signedInOf(c).user
      const sub = await ownSubscription(c.req.valid('param').id, user)
      await reconcileCustomer(typeof sub.customer === 'string' ? sub.customer : sub.customer.id)
      return c.json(await subscriptionByUser(user), 200)
    })
    .openapi(r.flip, async (c) => c.json(await flipRenewal(c.req.valid('param').id, signedInOf(c).user), 200))
    .openapi(r.create, async (c) =>
      c.json(await createSubscription(c.req.valid('json'), signedInOf(c).user), 200),
    )
    .openapi(r.proration, async (c) => {
      const { subscriptionId, productId } = c.req.valid('param')
      return c.json(await calculateProration(subscriptionId, productId, signedInOf(c).user), 200)
    })
    .openapi(r.upgrade, async (c) => {
      const { subId, productId } = c.req.valid('param')
      return c.json(await upgradeSubscription(subId, productId, signedInOf(c).user), 200)
    })
    .openapi(r.downgrade, async (c) => {
      const { subId, productId } = c.req.valid('param')
      return c.json(await downgradeSubscription(subId, productId, signedInOf(c).user), 200)
    })
    .openapi(r.customerCreate, async (c) => {
      const input = c.req.valid('json')
      const customer = await saveCustomer(signedInOf(c).user, {
        name: input.name,
        phone: input.phone,
        city: input.city,
        address: input.address,
        zipCode: input.zipCode,
        state: input.state,
        province: input.province,
        fiscalCode: input.fiscalcode,
        pec: input.pec,
        uniqueCode: input.uniquecode,
        profession: input.professione,
      })
      return c.json(customerBody(customer), 200)
    })
    .openapi(r.customerByEmail, async (c) => {
      const user = signedInOf(c).user
      ownEmail(c.req.valid('param').mail, user)
      const customer = await findOwnCustomer(user)
      return c.json(customer ? customerBody(customer) : null, 200)
    })
    .openapi(r.customer, async (c) => {
      const customer = await ownCustomer(c.req.valid('param').id, signedInOf(c).user)
      return c.json(customerBody(customer), 200)
    })
    .openapi(r.customerAddress, async (c) => {
      const input = c.req.valid('json')
      const customer = await updateCustomerAddress(c.req.valid('param').id, signedInOf(c).user, {
        name: input.name,
        phone: input.phone,
        city: input.city,
        address: input.address,
        zipCode: input.zipCode,
        state: input.state,
        province: input.province,
        fiscalCode: input.fiscalCode,
        pec: input.pec,
        uniqueCode: input.uniqueCode,
      })
      return c.json({ message: it.billing.billingUpdated, customer: customerBody(customer) }, 200)
    })
    .openapi(r.paymentMethods, async (c) =>
      c.json(await listPaymentMethods(c.req.valid('param').customerId, signedInOf(c).user), 200),
    )
    .openapi(r.updateCard, async (c) => {
      const { customerId, paymentMethodId } = c.req.valid('param')
      const method = await replaceCard(customerId, paymentMethodId, signedInOf(c).user)
      return c.json({ message: it.billing.cardUpdated, paymentMethod: method }, 200)
    })
    .openapi(r.setDefault, async (c) => {
      await setDefaultPaymentMethod(
        c.req.valid('param').customerId,
        c.req.valid('json').paymentMethodId,
        signedInOf(c).user,
      )
      return c.json({ ok: true as const }, 200)
    })
    .openapi(r.invoices, async (c) => c.json(await listInvoices(signedInOf(c).user.id), 200))
    .openapi(r.invoicePdf, async (c) => {
      const { fileName, pdf } = await downloadInvoicePdf({
        user: signedInOf(c).user,
        invoiceId: c.req.valid('param').id,
      })
      return c.body(pdf, 200, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `attachment; filename="${fileName}"`,
        'x-content-type-options': 'nosniff',
      }) as never
    })
    .openapi(r.subscriptionEmail, async (c) => {
      const user = signedInOf(c).user
      const { pool, limiters } = await getAccounts()
      await limiters.mailCallsByUser.hit(user.id, it.accounts.tooManyRequests)
      const row = await currentSubscriptionRow(pool, user.id)
      if (!row || !['active', 'trialing', 'past_due'].includes(row.status))
        return c.json({ sent: false }, 200)
      // Same dedupe key as the mail the webhook sends when the first invoice is paid: never twice.
      const result = await enqueueMail(
        pool,
        subscriptionMail({
          email: user.email,
          name: user.name,
          product_name: row.product_name,
          subscriptionId: row.id,
        }),
      )
      return c.json({ sent: result.created }, 200)
    })
    .openapi(r.purchaseSignup, async (c) => {
      const input = c.req.valid('json')
      const { items } = await loadCatalogue()
      const item = items.find(
        (candidate) => candidate.product.id === input.productId && candidate.price.id === input.priceId,
      )
      if (!item) throw new AppError('not_found', t.productNotFound)
      const result = await registerForPurchase(
        {
          firstName: input.nome,
          lastName: input.cognome,
          email: input.email,
          profession: input.professione,
          product: item.product.name,
        },
        c.req.raw.headers,
      )
      for (const cookie of result.setCookies) c.header('set-cookie', cookie, { append: true })
      return c.json(
        {
          userId: result.userId,
          email: result.email,
          redirectTo: `/v2/checkout/${encodeURIComponent(item.product.id)}/${encodeURIComponent(item.price.id)}`,
        },
        201,
      )
    })
    .openapi(r.notEligible, async (c) => {
      const user = signedInOf(c).user
      const { limiters } = await getAccounts()
      await limiters.mailCallsByUser.hit(user.id, it.accounts.tooManyRequests)
      return c.json(await requestSalesCall(user, c.req.valid('json')), 200)
    })
}
