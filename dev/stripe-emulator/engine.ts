/**
 * The emulator's behaviour: Stripe's billing rules for the objects the portal
 * uses, one file per resource. Every operation runs on the store, records the
 * events Stripe would send, and leaves delivery to the caller (see `delivery.ts`).
 */
import { createCore, type EngineOptions } from './core.ts'
import { createCatalogue } from './catalogue.ts'
import { createCustomers } from './customers.ts'
import { createSubscriptionItems } from './subscription-items.ts'
import { createPaymentIntents } from './payment-intents.ts'
import { createRefunds } from './refunds.ts'
import { createInvoices } from './invoices.ts'
import { createProration } from './proration.ts'
import { createSubscriptions } from './subscriptions.ts'
import { createTestClock } from './test-clock.ts'

export { API_VERSION, StripeApiError, type EngineOptions, type FailedPaymentOutcome } from './core.ts'

export function createEngine(options: EngineOptions) {
  const core = createCore(options)
  const catalogue = createCatalogue(core)
  const customers = createCustomers(core)
  const subscriptionItems = createSubscriptionItems(core)
  const refunds = createRefunds(core)
  const paymentIntents = createPaymentIntents(core, customers, subscriptionItems, refunds)
  const invoices = createInvoices(core, customers, paymentIntents)
  const proration = createProration(core, invoices, subscriptionItems)
  const subscriptions = createSubscriptions(core, customers, invoices, subscriptionItems, proration)
  const testClock = createTestClock(core, invoices, subscriptionItems, subscriptions)
  return {
    now: core.now,
    advance: testClock.advance,
    takeEvents: core.takeEvents,
    load: core.load,
    createProduct: catalogue.createProduct,
    updateProduct: catalogue.updateProduct,
    createPrice: catalogue.createPrice,
    updatePrice: catalogue.updatePrice,
    listPrices: catalogue.listPrices,
    createCoupon: catalogue.createCoupon,
    updateCoupon: catalogue.updateCoupon,
    createTaxRate: catalogue.createTaxRate,
    updateTaxRate: catalogue.updateTaxRate,
    createCustomer: customers.createCustomer,
    updateCustomer: customers.updateCustomer,
    listCustomers: customers.listCustomers,
    createPaymentMethod: customers.createPaymentMethod,
    attachPaymentMethod: customers.attachPaymentMethod,
    detachPaymentMethod: customers.detachPaymentMethod,
    listPaymentMethods: customers.listPaymentMethods,
    retrievePaymentIntent: paymentIntents.retrievePaymentIntent,
    confirmPaymentIntent: paymentIntents.confirmPaymentIntent,
    completeChallenge: paymentIntents.completeChallenge,
    createRefund: refunds.createRefund,
    listRefunds: refunds.listRefunds,
    listInvoicePayments: refunds.listInvoicePayments,
    payInvoice: invoices.payInvoice,
    voidInvoice: invoices.voidInvoice,
    listInvoices: invoices.listInvoices,
    previewInvoice: proration.previewInvoice,
    createSubscription: subscriptions.createSubscription,
    updateSubscription: subscriptions.updateSubscription,
    cancelSubscription: subscriptions.cancelSubscription,
    listSubscriptions: subscriptions.listSubscriptions,
    createSchedule: subscriptions.createSchedule,
    updateSchedule: subscriptions.updateSchedule,
    releaseSchedule: subscriptions.releaseSchedule,
  }
}

export type Engine = ReturnType<typeof createEngine>
