/**
 * `previewCheckout`: what the first invoice of a plan will charge the
 * signed-in account, as Stripe computes it (its invoice preview for this
 * customer and price, with the VAT rate and, when `launchOfferForCustomer`
 * grants it, the plan's launch coupon): the checkout's net, VAT and total.
 */
import type { SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { VAT_PERCENT } from './catalogue.ts'
import { loadCatalogue } from './catalogue-store.ts'
import { findOwnCustomer } from './customers.ts'
import { launchOfferForCustomer } from './launch-offer.ts'
import { checkoutStep, getBillingStripe } from './stripe.ts'

export type CheckoutPreview = {
  priceId: string
  /** The launch coupon is on the first invoice. */
  launchOffer: boolean
  /** The regular price, VAT included (cents). */
  subtotal: number
  /** The launch discount (cents). */
  discount: number
  /** Imponibile: the total without its VAT (cents). */
  net: number
  /** The VAT included in the total (cents). */
  vat: number
  vatPercent: number
  /** What the card will be charged (cents). */
  total: number
}

export async function previewCheckout(priceId: string, user: SignedInUser): Promise<CheckoutPreview> {
  const catalogue = await loadCatalogue()
  const item = catalogue.items.find((candidate) => candidate.price.id === priceId)
  if (!item) throw new AppError('not_found', it.billing.errors.priceNotFound, { field: 'priceId' })
  return checkoutStep(async () => {
    const customer = await findOwnCustomer(user)
    const launchOffer = item.couponId !== null && (await launchOfferForCustomer(customer?.id ?? null))
    const { stripe } = getBillingStripe()
    const invoice = await stripe.invoices.createPreview({
      ...(customer ? { customer: customer.id } : {}),
      subscription_details: {
        items: [{ price: priceId }],
        ...(catalogue.taxRateId ? { default_tax_rates: [catalogue.taxRateId] } : {}),
      },
      ...(launchOffer && item.couponId ? { discounts: [{ coupon: item.couponId }] } : {}),
    })
    const sum = (entries: { amount: number }[] | null | undefined) =>
      (entries ?? []).reduce((total, entry) => total + entry.amount, 0)
    const vat = sum(invoice.total_taxes)
    return {
      priceId,
      launchOffer,
      subtotal: invoice.subtotal,
      discount: sum(invoice.total_discount_amounts),
      net: invoice.total_excluding_tax ?? invoice.total - vat,
      vat,
      vatPercent: VAT_PERCENT,
      total: invoice.total,
    }
  })
}
