/**
 * Reconciliation: re-reads from Stripe every customer, subscription, invoice
 * and card and rewrites the mirror, healing whatever a lost or failed webhook
 * left behind. Runs nightly (Payload job `stripeReconciliation`) and on demand.
 */
import type Stripe from 'stripe'
import { assignInvoiceNumber } from './invoice-number.ts'
import { currentSeller } from './seller-settings.ts'
import { syncCustomer, syncInvoice, syncPaymentMethods, syncSubscription } from './mirror.ts'
import { inBillingTransaction } from './runtime.ts'
import { getBillingStripe } from './stripe.ts'

export type ReconcileReport = { customers: number; subscriptions: number; invoices: number }

/** Re-syncs one customer and everything of it. */
export async function reconcileCustomer(
  customerId: string,
  stripe = getBillingStripe().stripe,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { customers: 0, subscriptions: 0, invoices: 0 }
  await inBillingTransaction(async (client) => {
    await syncCustomer({ client, stripe }, customerId)
    await syncPaymentMethods({ client, stripe }, customerId)
  })
  report.customers += 1
  for await (const subscription of stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
  })) {
    await inBillingTransaction((client) => syncSubscription({ client, stripe }, subscription.id))
    report.subscriptions += 1
  }
  const seller = await currentSeller()
  for await (const invoice of stripe.invoices.list({ customer: customerId, limit: 100 })) {
    // A paid invoice whose invoice.paid event was lost gets its number here.
    await inBillingTransaction(async (client) => {
      const synced = await syncInvoice({ client, stripe }, invoice.id as string)
      if (synced) await assignInvoiceNumber(client, synced, seller)
    })
    report.invoices += 1
  }
  return report
}

/** Re-syncs every customer of the Stripe account. */
export async function reconcileAll(stripe: Stripe = getBillingStripe().stripe): Promise<ReconcileReport> {
  const total: ReconcileReport = { customers: 0, subscriptions: 0, invoices: 0 }
  for await (const customer of stripe.customers.list({ limit: 100 })) {
    const report = await reconcileCustomer(customer.id, stripe)
    total.customers += report.customers
    total.subscriptions += report.subscriptions
    total.invoices += report.invoices
  }
  return total
}
