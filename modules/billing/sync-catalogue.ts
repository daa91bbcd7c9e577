/**
 * `syncCatalogue`: creates or updates in Stripe, idempotently, the eight
 * products and their prices (by `lookup_key`), the VAT rate and the launch
 * coupon. A price whose amount or interval changed gets a new price that takes
 * over the lookup key; the old one is archived, as Stripe prices are immutable.
 */
import type Stripe from 'stripe'
import {
  catalogue,
  CURRENCY,
  LAUNCH_COUPON_ID,
  LAUNCH_DISCOUNT_PERCENT,
  VAT_LOOKUP_KEY,
  VAT_PERCENT,
  type CatalogueEntry,
} from './catalogue.ts'

export type SyncReport = { created: string[]; updated: string[]; unchanged: string[] }

function productMetadata(entry: CatalogueEntry): Record<string, string> {
  return {
    catalogue_key: entry.lookupKey,
    plan: entry.plan,
    studio: String(entry.studio),
    interval: entry.interval,
  }
}

const sameMetadata = (a: Record<string, string>, b: Record<string, string>) =>
  Object.entries(b).every(([key, value]) => a[key] === value)

export async function syncCatalogue(stripe: Stripe): Promise<SyncReport> {
  const report: SyncReport = { created: [], updated: [], unchanged: [] }
  const products: Stripe.Product[] = []
  for await (const product of stripe.products.list({ limit: 100 })) products.push(product)
  const prices = await stripe.prices.list({
    lookup_keys: catalogue.map((entry) => entry.lookupKey),
    limit: 100,
  })

  for (const entry of catalogue) {
    let product = products.find((candidate) => candidate.metadata.catalogue_key === entry.lookupKey)
    if (!product) {
      product = await stripe.products.create({
        name: entry.name,
        description: entry.description,
        metadata: productMetadata(entry),
      })
      report.created.push(`product:${entry.lookupKey}`)
    } else if (
      product.name !== entry.name ||
      product.description !== entry.description ||
      !product.active ||
      !sameMetadata(product.metadata, productMetadata(entry))
    ) {
      product = await stripe.products.update(product.id, {
        name: entry.name,
        description: entry.description,
        active: true,
        metadata: productMetadata(entry),
      })
      report.updated.push(`product:${entry.lookupKey}`)
    } else report.unchanged.push(`product:${entry.lookupKey}`)

    const current = prices.data.find((candidate) => candidate.lookup_key === entry.lookupKey)
    const fits =
      current &&
      current.active &&
      current.unit_amount === entry.unitAmount &&
      current.currency === CURRENCY &&
      current.recurring?.interval === entry.interval &&
      (typeof current.product === 'string' ? current.product : current.product.id) === product.id
    let priceId = current?.id
    if (!fits) {
      const created = await stripe.prices.create({
        product: product.id,
        unit_amount: entry.unitAmount,
        currency: CURRENCY,
        recurring: { interval: entry.interval },
        lookup_key: entry.lookupKey,
        transfer_lookup_key: true,
        nickname: entry.name,
        metadata: { catalogue_key: entry.lookupKey },
      })
      if (current?.active) await stripe.prices.update(current.id, { active: false })
      priceId = created.id
      report.created.push(`price:${entry.lookupKey}`)
    } else report.unchanged.push(`price:${entry.lookupKey}`)
    if (priceId && product.default_price !== priceId) {
      await stripe.products.update(product.id, { default_price: priceId })
    }
  }

  const taxRates = await stripe.taxRates.list({ active: true, limit: 100 })
  if (
    !taxRates.data.some(
      (rate) => rate.metadata?.catalogue_key === VAT_LOOKUP_KEY && rate.percentage === VAT_PERCENT,
    )
  ) {
    await stripe.taxRates.create({
      display_name: 'IVA',
      description: `IVA ${VAT_PERCENT}%`,
      percentage: VAT_PERCENT,
      inclusive: false,
      country: 'IT',
      jurisdiction: 'IT',
      metadata: { catalogue_key: VAT_LOOKUP_KEY },
    })
    report.created.push(`tax_rate:${VAT_LOOKUP_KEY}`)
  } else report.unchanged.push(`tax_rate:${VAT_LOOKUP_KEY}`)

  try {
    const coupon = await stripe.coupons.retrieve(LAUNCH_COUPON_ID)
    if (coupon.percent_off !== LAUNCH_DISCOUNT_PERCENT || coupon.duration !== 'once') {
      throw new Error(
        `Il coupon ${LAUNCH_COUPON_ID} esiste con condizioni diverse (${coupon.percent_off}% ${coupon.duration}): va corretto in Stripe`,
      )
    }
    report.unchanged.push(`coupon:${LAUNCH_COUPON_ID}`)
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error
    await stripe.coupons.create({
      id: LAUNCH_COUPON_ID,
      name: 'Offerta di lancio -50%',
      percent_off: LAUNCH_DISCOUNT_PERCENT,
      duration: 'once',
    })
    report.created.push(`coupon:${LAUNCH_COUPON_ID}`)
  }
  return report
}
