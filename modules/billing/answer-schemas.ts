/**
 * The answers of the billing calls (§3, §7), as zod schemas: the OpenAPI
 * document, the typed client of the islands and the answers test read them.
 */
import { z } from '@hono/zod-openapi'

const isoDate = z.string().openapi({ format: 'date-time' })
const interval = z.enum(['month', 'year'])

/** A subscription in the API's camelCase (the mirror of Stripe's object). */
export const SubscriptionBodySchema = z
  .object({
    id: z.string(),
    created: isoDate.nullable(),
    customerId: z.string(),
    status: z.string().openapi({ example: 'active' }),
    plan: z.enum(['premium', 'professional']).nullable(),
    studio: z.boolean(),
    interval: interval.nullable(),
    currentPeriodStart: isoDate.nullable(),
    currentPeriodEnd: isoDate.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    cancelAt: isoDate.nullable(),
    canceledAt: isoDate.nullable(),
    endedAt: isoDate.nullable(),
    items: z.array(
      z.object({
        plan: z.object({ productId: z.string().nullable() }),
        price: z.object({
          id: z.string().nullable(),
          unitAmount: z.number().int().nullable(),
          recurring: z.object({ interval: interval.nullable() }),
        }),
      }),
    ),
    paymentIssue: z.boolean(),
    pendingChange: z.object({ priceId: z.string(), from: isoDate.nullable() }).nullable(),
    nextRenewal: z.object({ date: isoDate.nullable(), amount: z.number().int() }).nullable(),
  })
  .openapi('Abbonamento')

/** The product of a subscription. */
export const SubscribedProductSchema = z
  .object({ id: z.string().nullable(), name: z.string().nullable(), description: z.string().nullable() })
  .openapi('ProdottoAbbonamento')

/** The account's subscription and its product, both null when there is none. */
export const OwnSubscriptionSchema = z
  .object({ subscription: SubscriptionBodySchema.nullable(), product: SubscribedProductSchema.nullable() })
  .openapi('AbbonamentoDellAccount')

/** Auto-renewal switched: whether the subscription now ends, and when. */
export const RenewalSchema = z
  .object({
    id: z.string(),
    cancelAtPeriodEnd: z.boolean(),
    canceledAt: isoDate.nullable(),
    endsAt: isoDate.nullable(),
  })
  .openapi('Rinnovo')

/** A subscription created and waiting for its first payment (Stripe.js confirms it with the client secret). */
export const CreatedSubscriptionSchema = z
  .object({
    subscriptionId: z.string(),
    status: z.string(),
    clientSecret: z.string().nullable(),
    amountDue: z.number().int(),
    invoiceId: z.string().nullable(),
  })
  .openapi('AbbonamentoCreato')

/** What a plan change costs now, line by line (cents). */
export const ProrationSchema = z
  .object({
    lines: z.array(
      z.object({
        amount: z.number().int(),
        amountRemaining: z.number().int(),
        description: z.string().nullable(),
        proration: z.boolean(),
      }),
    ),
    amountRemaining: z.number().int(),
    total: z.number().int(),
    isUpgrade: z.boolean(),
    prorationDate: z.number().int(),
  })
  .openapi('AnteprimaCambioPiano')

/** An upgrade, charged now. */
export const UpgradeSchema = z
  .object({ subscriptionId: z.string(), charged: z.number().int(), effective: z.literal('now') })
  .openapi('PianoCambiato')

/** A downgrade, from the date it takes effect. */
export const DowngradeSchema = z
  .object({ subscriptionId: z.string(), effective: isoDate })
  .openapi('CambioProgrammato')

/** A customer (§3): billing name, contacts, address and the billing data kept as metadata. */
export const CustomerSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.object({
      city: z.string().nullable(),
      line1: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string().nullable(),
      state: z.string().nullable(),
    }),
    metadata: z.record(z.string(), z.string()),
    defaultPaymentMethod: z.string().nullable(),
  })
  .openapi('Cliente')

/** A saved card. */
export const PaymentMethodSchema = z
  .object({
    id: z.string(),
    card: z.object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
    }),
    isDefault: z.boolean(),
  })
  .openapi('Carta')

/** An invoice of the account (amounts in cents). */
export const InvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    stripeNumber: z.string().nullable(),
    status: z.string().nullable(),
    created: isoDate.nullable(),
    periodStart: isoDate.nullable(),
    periodEnd: isoDate.nullable(),
    amountDue: z.number().int(),
    amountPaid: z.number().int(),
    total: z.number().int(),
    paid: z.boolean(),
    invoicePdf: z.string().nullable(),
    /** The FatturaPA file, once built for SDI. */
    invoiceXml: z.string().nullable(),
    hostedInvoiceUrl: z.string().nullable(),
    /** A credit note (nota di credito of a refund): the number of the invoice it corrects; null for an invoice. */
    creditNoteOf: z.string().nullable(),
  })
  .openapi('Fattura')
