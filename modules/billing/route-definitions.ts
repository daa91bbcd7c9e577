/** The billing API's operations as documented (paths, inputs, answers), the schemas of their bodies and the guards they run first. */
import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { assertAddressConfirmed, type SignedInUser } from '../accounts/index.ts'
import {
  errorResponses,
  fileContent,
  jsonBody,
  jsonContent,
  OkSchema,
  signedInOf,
  viewerOf,
  type ApiEnv,
} from '../http/index.ts'
import { it } from '../i18n/index.ts'
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
import { entryFor } from './catalogue.ts'
import { type CatalogueItem } from './catalogue-store.ts'
import {
  createSubscriptionSchema,
  customerAddressSchema,
  customerCreateSchema,
  notEligibleSchema,
  purchaseSignupSchema,
  setDefaultPaymentMethodSchema,
  subscriptionEmailSchema,
} from './schemas.ts'

export const t = it.billing.errors
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
export function ownEmail(mail: string, user: SignedInUser) {
  if (mail.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError('forbidden', t.forbidden)
}

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

export function productOf(item: CatalogueItem): z.infer<typeof ProductSchema> {
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

export function priceOf(item: CatalogueItem, launchOffer = true): z.infer<typeof PriceSchema> {
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

const tag = ['Abbonamenti e pagamenti']
/** A Stripe object's id in the path (product, price, subscription, customer, invoice). */
const byId = z.object({ id: z.string().min(1).max(255) })
const byMail = z.object({ mail: z.string().min(1).max(254) })
export const configRoute = createRoute({
  method: 'get',
  path: '/stripe/config',
  tags: tag,
  summary: 'Chiave pubblica dei pagamenti e modalità di prova',
  responses: {
    200: jsonContent(z.object({ publishableKey: z.string(), testMode: z.boolean() }), 'Configurazione'),
  },
})

export const productsRoute = createRoute({
  method: 'get',
  path: '/stripe/products',
  tags: tag,
  summary: 'Prodotti in vendita',
  responses: { 200: jsonContent(z.array(ProductSchema), 'Prodotti') },
})

export const productRoute = createRoute({
  method: 'get',
  path: '/stripe/products/{id}',
  tags: tag,
  summary: 'Un prodotto',
  request: { params: byId },
  responses: { 200: jsonContent(ProductSchema, 'Prodotto'), ...errorResponses(404) },
})

export const pricesRoute = createRoute({
  method: 'get',
  path: '/stripe/prices',
  tags: tag,
  summary: 'Prezzi, con gli importi mostrati (IVA inclusa, primo periodo, al mese)',
  responses: { 200: jsonContent(z.array(PriceSchema), 'Prezzi') },
})

export const priceRoute = createRoute({
  method: 'get',
  path: '/stripe/prices/{id}',
  tags: tag,
  summary: 'Un prezzo',
  request: { params: byId },
  responses: { 200: jsonContent(PriceSchema, 'Prezzo'), ...errorResponses(404) },
})

export const launchOfferRoute = createRoute({
  method: 'get',
  path: '/stripe/launch-offer',
  tags: tag,
  summary: 'Offerta di lancio e importi del primo periodo per l’account',
  description:
    'Se all’account spetta lo sconto di lancio sul primo periodo (solo al primo abbonamento pagato) e, per ogni prezzo, gli importi che gli verrebbero addebitati: la stessa decisione di `subscription/create`.',
  middleware: [requireSession] as const,
  responses: {
    200: jsonContent(
      LaunchOfferSchema.extend({ prices: z.array(PriceSchema) }).openapi('ImportiPerAccount'),
      'Offerta e prezzi',
    ),
    ...errorResponses(401, 403),
  },
})

export const checkoutPreviewRoute = createRoute({
  method: 'get',
  path: '/stripe/checkout-preview/{priceId}',
  tags: tag,
  summary: 'Anteprima della prima fattura di un piano per l’account',
  description:
    'Imponibile, IVA 22% e totale del primo periodo come li calcola Stripe (anteprima della fattura per questo cliente e prezzo, con lo sconto di lancio quando spetta): gli importi del riepilogo del pagamento.',
  middleware: [requireSession] as const,
  request: { params: z.object({ priceId: z.string().trim().min(1).max(255) }) },
  responses: {
    200: jsonContent(CheckoutPreviewSchema, 'Anteprima'),
    ...errorResponses(400, 401, 403, 404, 503),
  },
})

export const webhookRoute = createRoute({
  method: 'post',
  path: '/stripe/webhook',
  tags: tag,
  summary: 'Eventi di Stripe (firmati)',
  description: 'Verifica la firma Stripe-Signature sul corpo grezzo; ogni evento è elaborato una sola volta.',
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), outcome: z.string() }), 'Ricevuto'),
    ...errorResponses(400),
  },
})

/** The account's subscription, looked up by an e-mail that must be the caller's own. */
const byMailRoute = <P extends string>(path: P, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: tag,
    summary,
    middleware: [requireSession] as const,
    request: { params: byMail },
    responses: { 200: jsonContent(OwnSubscriptionSchema, 'Abbonamento o null'), ...errorResponses(401, 403) },
  })

export const byEmailRoute = byMailRoute(
  '/stripe/subscription/byemail/{mail}',
  'Abbonamento dell’account (per email)',
)
export const byCustomerEmailRoute = byMailRoute(
  '/stripe/subscription/bycustomeremail/{mail}',
  'Abbonamento dell’account (per email del cliente)',
)

export const subscriptionRoute = createRoute({
  method: 'get',
  path: '/stripe/subscription/{id}',
  tags: tag,
  summary: 'Un abbonamento dell’account',
  middleware: [requireSession] as const,
  request: { params: byId },
  responses: { 200: jsonContent(OwnSubscriptionSchema, 'Abbonamento'), ...errorResponses(401, 403, 404) },
})

export const refreshRoute = createRoute({
  method: 'post',
  path: '/stripe/subscription/refresh/{id}',
  tags: tag,
  summary: 'Riallinea l’abbonamento con Stripe',
  description:
    'Esegue la riconciliazione del solo cliente dell’account (dopo un pagamento, se il webhook tarda) e restituisce lo stato aggiornato.',
  middleware: [requireSession] as const,
  request: { params: byId },
  responses: { 200: jsonContent(OwnSubscriptionSchema, 'Abbonamento'), ...errorResponses(401, 403, 404) },
})

export const flipRoute = createRoute({
  method: 'post',
  path: '/stripe/subscription/flip-subscription-renewal/{id}',
  tags: tag,
  summary: 'Attiva o disattiva il rinnovo automatico',
  description: 'Disattivato a meno di 24 ore dal rinnovo, l’abbonamento termina un periodo dopo.',
  middleware: [requireSession] as const,
  request: { params: byId },
  responses: { 200: jsonContent(RenewalSchema, 'Rinnovo aggiornato'), ...errorResponses(400, 401, 403, 404) },
})

export const createSubscriptionRoute = createRoute({
  method: 'post',
  path: '/stripe/subscription/create',
  tags: tag,
  summary: 'Crea l’abbonamento da pagare (client secret)',
  middleware: [requireSession, requireConfirmedAddress] as const,
  request: jsonBody(createSubscriptionSchema),
  responses: {
    200: jsonContent(CreatedSubscriptionSchema, 'Abbonamento creato, in attesa del pagamento'),
    ...errorResponses(400, 401, 403, 404, 409, 503),
  },
})

export const prorationRoute = createRoute({
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
  responses: { 200: jsonContent(ProrationSchema, 'Anteprima'), ...errorResponses(400, 401, 403, 404) },
})

export const upgradeRoute = createRoute({
  method: 'post',
  path: '/stripe/subscription/upgrade-subscription/{subId}/{productId}',
  tags: tag,
  summary: 'Passa a un piano superiore (immediato, addebita la differenza)',
  middleware: [requireSession, requireConfirmedAddress] as const,
  request: {
    params: z.object({ subId: z.string().min(1).max(255), productId: z.string().min(1).max(255) }),
  },
  responses: {
    200: jsonContent(UpgradeSchema, 'Piano cambiato'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export const downgradeRoute = createRoute({
  method: 'post',
  path: '/stripe/subscription/downgrade-subscription/{subId}/{productId}',
  tags: tag,
  summary: 'Passa a un piano inferiore alla fine del periodo',
  middleware: [requireSession] as const,
  request: {
    params: z.object({ subId: z.string().min(1).max(255), productId: z.string().min(1).max(255) }),
  },
  responses: {
    200: jsonContent(DowngradeSchema, 'Cambio programmato'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export const customerCreateRoute = createRoute({
  method: 'post',
  path: '/stripe/customer/create',
  tags: tag,
  summary: 'Salva i dati di fatturazione (cliente)',
  middleware: [requireSession, requireConfirmedAddress] as const,
  request: jsonBody(customerCreateSchema),
  responses: { 200: jsonContent(CustomerSchema, 'Cliente'), ...errorResponses(400, 401, 403, 503) },
})

export const customerByEmailRoute = createRoute({
  method: 'get',
  path: '/stripe/customer/byemail/{mail}',
  tags: tag,
  summary: 'Il cliente dell’account (per email)',
  middleware: [requireSession] as const,
  request: { params: byMail },
  responses: { 200: jsonContent(CustomerSchema.nullable(), 'Cliente o null'), ...errorResponses(401, 403) },
})

export const customerRoute = createRoute({
  method: 'get',
  path: '/stripe/customer/{id}',
  tags: tag,
  summary: 'Il cliente dell’account',
  middleware: [requireSession] as const,
  request: { params: byId },
  responses: { 200: jsonContent(CustomerSchema, 'Cliente'), ...errorResponses(401, 403, 404) },
})

export const customerAddressRoute = createRoute({
  method: 'patch',
  path: '/stripe/customer/update-customer-address/{id}',
  tags: tag,
  summary: 'Aggiorna i dati di fatturazione',
  middleware: [requireSession] as const,
  request: { params: byId, ...jsonBody(customerAddressSchema) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), customer: CustomerSchema }), 'Dati aggiornati'),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const paymentMethodsRoute = createRoute({
  method: 'get',
  path: '/stripe/paymentmethods/bycustomer/{customerId}',
  tags: tag,
  summary: 'Carte del cliente',
  middleware: [requireSession] as const,
  request: { params: z.object({ customerId: z.string().min(1).max(255) }) },
  responses: { 200: jsonContent(z.array(PaymentMethodSchema), 'Carte'), ...errorResponses(401, 403, 404) },
})

export const updateCardRoute = createRoute({
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
    200: jsonContent(
      z.object({ message: z.string(), paymentMethod: PaymentMethodSchema }),
      'Carta aggiornata',
    ),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const setDefaultRoute = createRoute({
  method: 'post',
  path: '/stripe/paymentmethods/setdefaultpaymentmethod/{customerId}',
  tags: tag,
  summary: 'Rende predefinita una carta',
  middleware: [requireSession] as const,
  request: {
    params: z.object({ customerId: z.string().min(1).max(255) }),
    ...jsonBody(setDefaultPaymentMethodSchema),
  },
  responses: {
    200: jsonContent(OkSchema, 'Fatto'),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const invoicesRoute = createRoute({
  method: 'get',
  path: '/stripe/invoices',
  tags: tag,
  summary: 'Fatture dell’account',
  middleware: [requireSession] as const,
  responses: { 200: jsonContent(z.array(InvoiceSchema), 'Fatture'), ...errorResponses(401, 403) },
})

export const invoicePdfRoute = createRoute({
  method: 'get',
  path: '/stripe/invoices/{id}/pdf',
  tags: tag,
  summary: 'PDF di una fattura pagata dell’account',
  description:
    'La fattura con il numero progressivo dell’anno, i dati del venditore e dell’intestatario. Solo per le fatture pagate dell’account; 503 finché i dati del venditore non sono completi.',
  middleware: [requireSession] as const,
  request: { params: byId },
  responses: {
    200: fileContent('application/pdf', 'La fattura (PDF)'),
    ...errorResponses(401, 403, 404, 503),
  },
})

export const invoiceXmlRoute = createRoute({
  method: 'get',
  path: '/stripe/invoices/{id}/xml',
  tags: tag,
  summary: 'File XML (FatturaPA) di una fattura dell’account',
  description:
    'La fattura elettronica come è stata trasmessa a SDI. Solo per le fatture dell’account: per ogni altra, e finché il file non è pronto, 404; 403 per chi non gestisce una fatturazione propria (account secondario di uno Studio).',
  middleware: [requireSession] as const,
  request: { params: byId },
  responses: {
    200: fileContent('application/xml', 'La fattura elettronica (XML FatturaPA)'),
    ...errorResponses(401, 403, 404),
  },
})

export const subscriptionEmailRoute = createRoute({
  method: 'post',
  path: '/user/sendsubscriptionemail',
  tags: ['Account'],
  summary: 'Email di conferma dell’abbonamento (compatibilità)',
  description:
    'Scrive solo all’indirizzo dell’account e non ripete l’email già inviata dal server alla conferma del pagamento.',
  middleware: [requireSession] as const,
  request: jsonBody(subscriptionEmailSchema),
  responses: {
    200: jsonContent(z.object({ sent: z.boolean() }), 'Esito'),
    ...errorResponses(400, 401, 403, 429),
  },
})

export const purchaseSignupRoute = createRoute({
  method: 'post',
  path: '/user/purchase-signup',
  tags: ['Account'],
  summary: 'Registrazione prima dell’acquisto',
  description:
    'Crea un account (senza prova gratuita) con una password generata, inviata con l’email di benvenuto, registra il contatto commerciale con il piano scelto ed effettua l’accesso; risponde con l’indirizzo del pagamento.',
  request: jsonBody(purchaseSignupSchema),
  responses: {
    201: jsonContent(
      z.object({ userId: z.string(), email: z.string(), redirectTo: z.string() }),
      'Account creato e accesso effettuato',
    ),
    ...errorResponses(400, 404, 409, 429),
  },
})

export const notEligibleRoute = createRoute({
  method: 'post',
  path: '/user/sendNotEligibleSubscriptionMail',
  tags: ['Account'],
  summary: 'Richiesta al commerciale per la professione non acquistabile online',
  description:
    'Registra la richiesta tra i contatti (telefono, azienda, piano scelto, motivo), la invia all’indirizzo commerciale (SALES_EMAIL) e scrive all’account la conferma con i dati inseriti; una volta al giorno.',
  middleware: [requireSession] as const,
  request: jsonBody(notEligibleSchema),
  responses: {
    200: jsonContent(z.object({ sent: z.boolean() }), 'Esito'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
})
