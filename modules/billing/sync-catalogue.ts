/**
 * `syncCatalogue`: creates or updates in Stripe, idempotently, the eight
 * products and their prices (by `lookup_key`, gross amounts with
 * `tax_behavior: 'inclusive'`), the VAT rate (22%, inclusive) and each plan's
 * launch coupon. A price whose amount, interval or tax behaviour changed gets
 * a new price that takes over the lookup key; the old one is archived, as
 * Stripe prices are immutable. A VAT rate of another kind is archived the same
 * way. Running subscriptions then move to the current prices
 * (`moveSubscriptionsToCatalogue`).
 */
import type Stripe from 'stripe'
import {
  catalogue,
  CURRENCY,
  launchCouponId,
  VAT_LOOKUP_KEY,
  VAT_PERCENT,
  type CatalogueEntry,
} from './catalogue.ts'
import { forgetCatalogue, isCatalogueTaxRate } from './catalogue-store.ts'
import { moveSubscriptionsToCatalogue } from './move-subscriptions.ts'

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
      current.tax_behavior === 'inclusive' &&
      current.currency === CURRENCY &&
      current.recurring?.interval === entry.interval &&
      (typeof current.product === 'string' ? current.product : current.product.id) === product.id
    let priceId = current?.id
    if (!fits) {
      const created = await stripe.prices.create({
        product: product.id,
        unit_amount: entry.unitAmount,
        tax_behavior: 'inclusive',
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

  await syncTaxRate(stripe, report)
  for (const entry of catalogue) await syncLaunchCoupon(stripe, entry, report)
  forgetCatalogue()
  report.updated.push(...(await moveSubscriptionsToCatalogue(stripe)).map((id) => `subscription:${id}`))
  return report
}

/** The VAT rate included in the prices; an earlier rate of the catalogue (exclusive, another percentage) is archived. */
async function syncTaxRate(stripe: Stripe, report: SyncReport) {
  const rates = await stripe.taxRates.list({ active: true, limit: 100 })
  for (const rate of rates.data) {
    if (rate.metadata?.catalogue_key === VAT_LOOKUP_KEY && !isCatalogueTaxRate(rate)) {
      await stripe.taxRates.update(rate.id, { active: false })
      report.updated.push(`tax_rate:${rate.id}`)
    }
  }
  if (rates.data.some(isCatalogueTaxRate)) {
    report.unchanged.push(`tax_rate:${VAT_LOOKUP_KEY}`)
    return
  }
  await stripe.taxRates.create({
    display_name: 'IVA',
    description: `IVA ${VAT_PERCENT}% inclusa`,
    percentage: VAT_PERCENT,
    inclusive: true,
    country: 'IT',
    jurisdiction: 'IT',
    metadata: { catalogue_key: VAT_LOOKUP_KEY },
  })
  report.created.push(`tax_rate:${VAT_LOOKUP_KEY}`)
}

/** A plan's launch coupon: the regular price less the first period's, off once. */
async function syncLaunchCoupon(stripe: Stripe, entry: CatalogueEntry, report: SyncReport) {
  const id = launchCouponId(entry)
  const amountOff = entry.unitAmount - entry.launchAmount
  try {
    const coupon = await stripe.coupons.retrieve(id)
    if (coupon.amount_off !== amountOff || coupon.currency !== CURRENCY || coupon.duration !== 'once') {
      throw new Error(
        `Il coupon ${id} esiste con condizioni diverse (${coupon.amount_off} ${coupon.currency} ${coupon.duration}): va corretto in Stripe`,
      )
    }
    report.unchanged.push(`coupon:${id}`)
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error
    await stripe.coupons.create({
      id,
      name: `Offerta di lancio ${entry.name}`,
      amount_off: amountOff,
      currency: CURRENCY,
      duration: 'once',
      metadata: { catalogue_key: entry.lookupKey },
    })
    report.created.push(`coupon:${id}`)
  }
}
