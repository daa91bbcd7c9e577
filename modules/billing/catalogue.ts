/**
 * The catalogue: the eight plans the portal sells (Premium and Professional,
 * monthly and annual, with and without Studio), the 22% VAT rate and the
 * launch offer. Stripe holds them; `syncCatalogue` creates or updates them by
 * `lookup_key`, and nothing else decides a price.
 */
import type { Plan } from '../accounts/index.ts'

export type Interval = 'month' | 'year'

export type CatalogueEntry = {
  /** Stripe price `lookup_key`, also the product's `metadata.catalogue_key`. */
  lookupKey: string
  plan: Plan
  studio: boolean
  interval: Interval
  /** Net amount in cents (VAT excluded), as Stripe charges it. */
  unitAmount: number
  /** Product name: contains premium or professional, 'studio' for Studio and 'annuale' for annual (§3). */
  name: string
  /** Contains 'abbonamento': a plan a subscriber can switch to (§3). */
  description: string
}

/** The VAT rate applied to every invoice (exclusive: prices are net). */
export const VAT_PERCENT = 22
export const VAT_LOOKUP_KEY = 'iva_22'
/** The launch offer: -50% on the first period of any plan. */
export const LAUNCH_COUPON_ID = 'lancio-50'
export const LAUNCH_DISCOUNT_PERCENT = 50
export const CURRENCY = 'eur'

const entry = (plan: Plan, studio: boolean, interval: Interval, unitAmount: number): CatalogueEntry => {
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
    name,
    description: `Abbonamento ${period} ${label}${studio ? ' in formula Studio (3 account)' : ''}: ${scope}.`,
  }
}

/**
 * Net amounts chosen so that the gross price (net + 22% VAT, rounded to the
 * cent) is the regular price of §9 and the first period is what §9 shows
 * wherever a net amount in cents allows it (see README, "Figures").
 */
export const catalogue: readonly CatalogueEntry[] = [
  entry('premium', false, 'month', 819),
  entry('premium', false, 'year', 8196),
  entry('premium', true, 'month', 1393),
  entry('premium', true, 'year', 13934),
  entry('professional', false, 'month', 1638),
  entry('professional', false, 'year', 16393),
  entry('professional', true, 'month', 2458),
  entry('professional', true, 'year', 24589),
]

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
