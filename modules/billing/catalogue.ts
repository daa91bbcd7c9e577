/**
 * The catalogue: the eight plans the portal sells (Premium and Professional,
 * monthly and annual, with and without Studio) at the gross prices of §9, the
 * 22% VAT rate (included in the prices) and the launch offer. Stripe holds
 * them; `syncCatalogue` creates or updates them by `lookup_key`, and nothing
 * else decides a price.
 */
import type { Plan } from '../accounts/index.ts'

export type Interval = 'month' | 'year'

export type CatalogueEntry = {
  /** Stripe price `lookup_key`, also the product's `metadata.catalogue_key`. */
  lookupKey: string
  plan: Plan
  studio: boolean
  interval: Interval
  /** The regular price in cents, VAT included (§9): the Stripe price's amount (`tax_behavior: 'inclusive'`). */
  unitAmount: number
  /** The first period's price in cents with the launch offer, VAT included (§9). */
  launchAmount: number
  /** Product name: contains premium or professional, 'studio' for Studio and 'annuale' for annual (§3). */
  name: string
  /** Contains 'abbonamento': a plan a subscriber can switch to (§3). */
  description: string
}

/** The VAT rate of every invoice, included in the prices (Italian consumer prices are VAT-inclusive). */
export const VAT_PERCENT = 22
export const VAT_LOOKUP_KEY = 'iva_22'
/** The launch offer as advertised ('-50%'): each plan's first period is its `launchAmount`. */
export const LAUNCH_DISCOUNT_PERCENT = 50
export const CURRENCY = 'eur'

const entry = (
  plan: Plan,
  studio: boolean,
  interval: Interval,
  unitAmount: number,
  launchAmount: number,
): CatalogueEntry => {
  const label = plan === 'premium' ? 'Premium' : 'Professional'
  const name = [label, studio ? 'Studio' : null, interval === 'year' ? 'Annuale' : null]
    .filter(Boolean)
    .join(' ')
  const period = interval === 'year' ? 'annuale' : 'mensile'
  const scope =
    plan === 'premium'
      ? 'CCNL e tabelle retributive in vigore, sintesi e quotidiano'
      : 'CCNL in vigore e archivio storico, contrattazione territoriale, sintesi e quotidiano'
  return {
    lookupKey: [plan, studio ? 'studio' : null, interval === 'year' ? 'annual' : 'monthly']
      .filter(Boolean)
      .join('_'),
    plan,
    studio,
    interval,
    unitAmount,
    launchAmount,
    name,
    description: `Abbonamento ${period} ${label}${studio ? ' in formula Studio (3 account)' : ''}: ${scope}.`,
  }
}

/** §9's price list: regular price and first period, VAT included. */
export const catalogue: readonly CatalogueEntry[] = [
  entry('premium', false, 'month', 999, 499),
  entry('premium', false, 'year', 9999, 4998),
  entry('premium', true, 'month', 1699, 849),
  entry('premium', true, 'year', 16999, 8499),
  entry('professional', false, 'month', 1999, 999),
  entry('professional', false, 'year', 19999, 9999),
  // §9 lists 29,98 € 'shown as 29,99 €': what is shown is what is charged.
  entry('professional', true, 'month', 2999, 1499),
  entry('professional', true, 'year', 29999, 14999),
]

/**
 * The launch coupon of a plan: a fixed amount off its first period (duration
 * once), so the first period is exactly `launchAmount` (§9's 49,98 € for a
 * 99,99 € year is no whole percentage). The amount is in the id: coupons are
 * immutable, a new first-period price gets a new coupon.
 */
export function launchCouponId(entry: CatalogueEntry): string {
  return `${launchCouponPrefix(entry)}${entry.unitAmount - entry.launchAmount}`
}

/** What every launch coupon of a plan starts with, whatever its amount (`lancio-professional_monthly-`). */
export const launchCouponPrefix = (entry: CatalogueEntry) => `lancio-${entry.lookupKey}-`

export function catalogueEntry(lookupKey: string): CatalogueEntry | undefined {
  return catalogue.find((candidate) => candidate.lookupKey === lookupKey)
}

/** The entry of a plan, frequency and Studio choice. */
export function entryFor(plan: Plan, interval: Interval, studio: boolean): CatalogueEntry {
  const found = catalogue.find(
    (candidate) => candidate.plan === plan && candidate.interval === interval && candidate.studio === studio,
  )
  if (!found) throw new Error(`Piano sconosciuto: ${plan} ${interval} ${studio}`)
  return found
}

/** Reads plan and Studio from a product name as the specification matches them (§9). */
export function planOfName(name: string): { plan: Plan; studio: boolean; annual: boolean } | null {
  const lower = name.toLowerCase()
  const plan: Plan | null = lower.includes('professional')
    ? 'professional'
    : lower.includes('premium')
      ? 'premium'
      : null
  if (!plan) return null
  return { plan, studio: lower.includes('studio'), annual: lower.includes('annuale') }
}
