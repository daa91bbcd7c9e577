/**
 * The catalogue as Stripe holds it (products, prices, VAT rate, launch
 * coupon), read by lookup key and kept for a minute.
 */
import type Stripe from 'stripe'
import { catalogue, LAUNCH_COUPON_ID, VAT_LOOKUP_KEY, type CatalogueEntry } from './catalogue.ts'
import { getBillingStripe } from './stripe.ts'

export type CatalogueItem = { entry: CatalogueEntry; product: Stripe.Product; price: Stripe.Price }
export type LoadedCatalogue = { items: CatalogueItem[]; taxRateId: string | null; couponId: string | null }

let cached: { at: number; value: LoadedCatalogue; stripe: Stripe } | null = null
const TTL_MS = 60_000

export async function loadCatalogue(): Promise<LoadedCatalogue> {
  const { stripe } = getBillingStripe()
  if (cached && cached.stripe === stripe && Date.now() - cached.at < TTL_MS) return cached.value
  const prices = await stripe.prices.list({
    lookup_keys: catalogue.map((entry) => entry.lookupKey),
    active: true,
    expand: ['data.product'],
    limit: 100,
  })
  const items: CatalogueItem[] = []
  for (const entry of catalogue) {
    const price = prices.data.find((candidate) => candidate.lookup_key === entry.lookupKey)
    if (price && typeof price.product === 'object' && !price.product.deleted) {
      items.push({ entry, product: price.product, price: { ...price, product: price.product.id } })
    }
  }
  const rates = await stripe.taxRates.list({ active: true, limit: 100 })
  const taxRateId = rates.data.find((rate) => rate.metadata?.catalogue_key === VAT_LOOKUP_KEY)?.id ?? null
  let couponId: string | null = LAUNCH_COUPON_ID
  try {
    await stripe.coupons.retrieve(LAUNCH_COUPON_ID)
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error
    couponId = null
  }
  const value = { items, taxRateId, couponId }
  cached = { at: Date.now(), value, stripe }
  return value
}

/** Forgets the cached catalogue (after a sync). */
export function forgetCatalogue(): void {
  cached = null
}
