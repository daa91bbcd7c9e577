/**
 * What the billing pages show of an account: its billing data (the Stripe
 * customer), its card and its invoices. Read on the server, from Stripe for
 * the customer and cards and from the mirror for the invoices.
 */
import type { SignedInUser } from '#modules/accounts'
import {
  customerBody,
  findOwnCustomer,
  listInvoices,
  listPaymentMethods,
  type AccountInvoice,
} from '#modules/billing'

export type BillingCustomer = ReturnType<typeof customerBody>
export type SavedCard = Awaited<ReturnType<typeof listPaymentMethods>>[number]

export type BillingOverview = {
  customer: BillingCustomer | null
  /** The card renewals are charged to (the default one, else the only one). */
  card: SavedCard | null
  invoices: AccountInvoice[]
}

export async function billingOverview(user: SignedInUser): Promise<BillingOverview> {
  const [customer, invoices] = await Promise.all([findOwnCustomer(user), listInvoices(user.id)])
  const cards = customer ? await listPaymentMethods(customer.id, user) : []
  return {
    customer: customer ? customerBody(customer) : null,
    card: cards.find((card) => card.isDefault) ?? cards[0] ?? null,
    invoices,
  }
}
