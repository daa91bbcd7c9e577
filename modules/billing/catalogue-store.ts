/**
 * The catalogue as Stripe holds it (products, prices, the VAT rate included in
 * them, each plan's launch coupon), read by lookup key and kept for a minute.
 */
import type Stripe from 'stripe'
import { catalogue, launchCouponId, VAT_LOOKUP_KEY, VAT_PERCENT, type CatalogueEntry } from './catalogue.ts'
import { getBillingStripe } from './stripe.ts'

export type CatalogueItem = {
  entry: CatalogueEntry
  product: Stripe.Product
  price: Stripe.Price
  /** The plan's launch coupon (first period at `entry.launchAmount`), null when Stripe has none. */
  couponId: string | null
}
export type LoadedCatalogue = { items: CatalogueItem[]; taxRateId: string | null }

let cached: { at: number; value: LoadedCatalogue; stripe: Stripe } | null = null
const TTL_MS = 60_000

/** The catalogue's VAT rate: 22%, included in the prices. */
export function isCatalogueTaxRate(rate: Stripe.TaxRate): boolean {
  return (
    rate.active &&
    rate.metadata?.catalogue_key === VAT_LOOKUP_KEY &&
    rate.percentage === VAT_PERCENT &&
    rate.inclusive
  )
}

export async function loadCatalogue(): Promise<LoadedCatalogue> {
  const { stripe } = getBillingStripe()
  if (cached && cached.stripe === stripe && Date.now() - cached.at < TTL_MS) return cached.value
  const prices = await stripe.prices.list({
    lookup_keys: catalogue.map((entry) => entry.lookupKey),
    active: true,
    expand: ['data.product'],
    limit: 100,
  })
  const coupons = new Set<string>()
  for await (const coupon of stripe.coupons.list({ limit: 100 })) if (coupon.valid) coupons.add(coupon.id)
  const items: CatalogueItem[] = []
  for (const entry of catalogue) {
    const price = prices.data.find((candidate) => candidate.lookup_key === entry.lookupKey)
    if (price && typeof price.product === 'object' && !price.product.deleted) {
      const couponId = launchCouponId(entry)
      items.push({
        entry,
        product: price.product,
        price: { ...price, product: price.product.id },
        couponId: coupons.has(couponId) ? couponId : null,
      })
    }
  }
  const rates = await stripe.taxRates.list({ active: true, limit: 100 })
  const taxRateId = rates.data.find(isCatalogueTaxRate)?.id ?? null
  const value = { items, taxRateId }
  cached = { at: Date.now(), value, stripe }
  return value
}

/** Forgets the cached catalogue (after a sync). */
export function forgetCatalogue(): void {
  cached = null
}
