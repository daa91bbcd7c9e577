/**
 * The billing routes of the REST API (/api/v1, pay-prefix `stripe/`): the
 * calls of §7. Catalogue and webhook are public; every other call answers 401
 * without a session, before reading its input, and only ever reads or changes
 * the signed-in account's own customer, subscription, cards and invoices.
 */
import { getAccounts, type SignedInUser } from '../accounts/index.ts'
import { registerForPurchase } from '../signup/index.ts'
import { createRouter, signedInOf } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError } from '../platform/index.ts'
import { LAUNCH_DISCOUNT_PERCENT } from './catalogue.ts'
import { launchOfferFor } from './launch-offer.ts'
import { previewCheckout } from './checkout-preview.ts'
import { loadCatalogue } from './catalogue-store.ts'
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
import { getBillingStripe } from './stripe.ts'
import { createSubscription } from './create-subscription.ts'
import { downgradeSubscription } from './downgrade.ts'
import { flipRenewal } from './flip-renewal.ts'
import { calculateProration } from './preview-proration.ts'
import { ownSubscription } from './subscriptions.ts'
import { upgradeSubscription } from './upgrade.ts'
import { reconcileCustomer } from './reconcile.ts'
import { handleStripeWebhook } from './webhook.ts'
import { listInvoices } from './invoices.ts'
import { downloadCreditNotePdf, isCreditNote } from './credit-notes.ts'
import { downloadInvoicePdf } from './invoice-download.ts'
import { downloadFattura } from './einvoice/download-fattura.ts'
import {
  byCustomerEmailRoute,
  byEmailRoute,
  checkoutPreviewRoute,
  configRoute,
  createSubscriptionRoute,
  customerRoute,
  customerAddressRoute,
  customerByEmailRoute,
  customerCreateRoute,
  downgradeRoute,
  flipRoute,
  invoicePdfRoute,
  invoiceXmlRoute,
  invoicesRoute,
  launchOfferRoute,
  notEligibleRoute,
  paymentMethodsRoute,
  priceRoute,
  pricesRoute,
  productRoute,
  productsRoute,
  prorationRoute,
  purchaseSignupRoute,
  refreshRoute,
  setDefaultRoute,
  subscriptionRoute,
  subscriptionEmailRoute,
  updateCardRoute,
  upgradeRoute,
  webhookRoute,
  ownEmail,
  priceOf,
  productOf,
  t,
} from './route-definitions.ts'

async function subscriptionByUser(user: SignedInUser) {
  const row = await currentSubscriptionRow(await getBillingPool(), user.id)
  return row
    ? { subscription: subscriptionBody(row), product: productBody(row) }
    : { subscription: null, product: null }
}

/** The caller's subscription, asked for by an e-mail that must be the caller's own (403 otherwise). */
async function subscriptionByMail(mail: string, user: SignedInUser) {
  ownEmail(mail, user)
  return subscriptionByUser(user)
}

/** The billing routes, mounted by the API at its base path. */
export function billingRoutes() {
  return createRouter()
    .openapi(configRoute, (c) => {
      const { publishableKey, emulator } = getBillingStripe()
      return c.json({ publishableKey, testMode: emulator !== null }, 200)
    })
    .openapi(productsRoute, async (c) => {
      const { items } = await loadCatalogue()
      c.header('cache-control', 'public, max-age=60')
      return c.json(items.map(productOf), 200)
    })
    .openapi(productRoute, async (c) => {
      const { items } = await loadCatalogue()
      const item = items.find((candidate) => candidate.product.id === c.req.valid('param').id)
      if (!item) throw new AppError('not_found', t.productNotFound)
      return c.json(productOf(item), 200)
    })
    .openapi(pricesRoute, async (c) => {
      const { items } = await loadCatalogue()
      c.header('cache-control', 'public, max-age=60')
      return c.json(
        items.map((item) => priceOf(item)),
        200,
      )
    })
    .openapi(priceRoute, async (c) => {
      const { items } = await loadCatalogue()
      const item = items.find((candidate) => candidate.price.id === c.req.valid('param').id)
      if (!item) throw new AppError('not_found', t.priceNotFound)
      return c.json(priceOf(item), 200)
    })
    .openapi(launchOfferRoute, async (c) => {
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
    .openapi(checkoutPreviewRoute, async (c) =>
      c.json(await previewCheckout(c.req.valid('param').priceId, signedInOf(c).user), 200),
    )
    .openapi(webhookRoute, async (c) => {
      const raw = await c.req.text()
      const { outcome } = await handleStripeWebhook(raw, c.req.header('stripe-signature') ?? null)
      return c.json({ received: true as const, outcome }, 200)
    })
    .openapi(byEmailRoute, async (c) =>
      c.json(await subscriptionByMail(c.req.valid('param').mail, signedInOf(c).user), 200),
    )
    .openapi(byCustomerEmailRoute, async (c) =>
      c.json(await subscriptionByMail(c.req.valid('param').mail, signedInOf(c).user), 200),
    )
    .openapi(subscriptionRoute, async (c) => {
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
    .openapi(refreshRoute, async (c) => {
      const user = signedInOf(c).user
      const sub = await ownSubscription(c.req.valid('param').id, user)
      await reconcileCustomer(typeof sub.customer === 'string' ? sub.customer : sub.customer.id)
      return c.json(await subscriptionByUser(user), 200)
    })
    .openapi(flipRoute, async (c) =>
      c.json(await flipRenewal(c.req.valid('param').id, signedInOf(c).user), 200),
    )
    .openapi(createSubscriptionRoute, async (c) =>
      c.json(await createSubscription(c.req.valid('json'), signedInOf(c).user), 200),
    )
    .openapi(prorationRoute, async (c) => {
      const { subscriptionId, productId } = c.req.valid('param')
      return c.json(await calculateProration(subscriptionId, productId, signedInOf(c).user), 200)
    })
    .openapi(upgradeRoute, async (c) => {
      const { subId, productId } = c.req.valid('param')
      return c.json(await upgradeSubscription(subId, productId, signedInOf(c).user), 200)
    })
    .openapi(downgradeRoute, async (c) => {
      const { subId, productId } = c.req.valid('param')
      return c.json(await downgradeSubscription(subId, productId, signedInOf(c).user), 200)
    })
    .openapi(customerCreateRoute, async (c) => {
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
    .openapi(customerByEmailRoute, async (c) => {
      const user = signedInOf(c).user
      ownEmail(c.req.valid('param').mail, user)
      const customer = await findOwnCustomer(user)
      return c.json(customer ? customerBody(customer) : null, 200)
    })
    .openapi(customerRoute, async (c) => {
      const customer = await ownCustomer(c.req.valid('param').id, signedInOf(c).user)
      return c.json(customerBody(customer), 200)
    })
    .openapi(customerAddressRoute, async (c) => {
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
    .openapi(paymentMethodsRoute, async (c) =>
      c.json(await listPaymentMethods(c.req.valid('param').customerId, signedInOf(c).user), 200),
    )
    .openapi(updateCardRoute, async (c) => {
      const { customerId, paymentMethodId } = c.req.valid('param')
      const method = await replaceCard(customerId, paymentMethodId, signedInOf(c).user)
      return c.json({ message: it.billing.cardUpdated, paymentMethod: method }, 200)
    })
    .openapi(setDefaultRoute, async (c) => {
      await setDefaultPaymentMethod(
        c.req.valid('param').customerId,
        c.req.valid('json').paymentMethodId,
        signedInOf(c).user,
      )
      return c.json({ ok: true as const }, 200)
    })
    .openapi(invoicesRoute, async (c) => c.json(await listInvoices(signedInOf(c).user.id), 200))
    .openapi(invoicePdfRoute, async (c) => {
      const id = c.req.valid('param').id
      const user = signedInOf(c).user
      // A credit note is downloaded from the same list, by its refund's id.
      const { fileName, pdf } = (await isCreditNote(id))
        ? await downloadCreditNotePdf({ user, refundId: id })
        : await downloadInvoicePdf({ user, invoiceId: id })
      return c.body(pdf, 200, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `attachment; filename="${fileName}"`,
        'x-content-type-options': 'nosniff',
      })
    })
    .openapi(invoiceXmlRoute, async (c) => {
      const { fileName, xml } = await downloadFattura({
        user: signedInOf(c).user,
        invoiceId: c.req.valid('param').id,
      })
      const body = new TextEncoder().encode(xml)
      return c.body(body, 200, {
        'content-type': 'application/xml; charset=utf-8',
        'content-length': String(body.length),
        'content-disposition': `attachment; filename="${fileName}"`,
        'x-content-type-options': 'nosniff',
      })
    })
    .openapi(subscriptionEmailRoute, async (c) => {
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
    .openapi(purchaseSignupRoute, async (c) => {
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
    .openapi(notEligibleRoute, async (c) => {
      const user = signedInOf(c).user
      const { limiters } = await getAccounts()
      await limiters.mailCallsByUser.hit(user.id, it.accounts.tooManyRequests)
      return c.json(await requestSalesCall(user, c.req.valid('json')), 200)
    })
}
