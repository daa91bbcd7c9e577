/**
 * Every figure the portal shows about a price, from the catalogue's gross
 * (VAT-included) amounts of §9: the struck regular price and the
 * first-period price, the per-month equivalent of annual plans, the annual
 * saving, and the net and VAT inside a price. The VAT is computed as Stripe
 * computes an inclusive tax rate (on the amount after the discount: VAT =
 * amount − amount / 1.22, rounded to the cent), so what is shown is what is
 * charged. The checkout shows Stripe's own invoice preview (`previewCheckout`).
 */
import { VAT_PERCENT, type CatalogueEntry, type Interval } from './catalogue.ts'

export type Charge = {
  /** Net amount (cents): the total without its VAT. */
  net: number
  /** VAT included in the total (cents). */
  vat: number
  /** What the card is charged (cents), VAT included. */
  total: number
  /** Discount (cents) off the regular price. */
  discount: number
}

export type PriceFigures = {
  interval: Interval
  /** The regular price in cents, VAT included: the Stripe price's amount. */
  unitAmount: number
  /** Regular price: struck on the pricing page, charged from the second period. */
  regular: Charge
  /** First period, with the launch offer when it applies: the price shown and charged first. */
  firstPeriod: Charge
  /** For annual plans: the regular and first-period price per month (cents, rounded down). */
  perMonth: { regular: number; firstPeriod: number } | null
}

/** What an invoice of one line charges: the gross amount less the discount, with the VAT it includes. */
export function chargeOf(gross: number, discount = 0, vatPercent = VAT_PERCENT): Charge {
  const total = gross - discount
  const vat = Math.round(total - total / (1 + vatPercent / 100))
  return { net: total - vat, vat, total, discount }
}

/**
 * The figures of a plan. `launchOffer: false` (a customer who already paid
 * a first period, see `launchOfferFor`) makes the first period the regular one.
 */
export function figuresOf(
  entry: Pick<CatalogueEntry, 'unitAmount' | 'launchAmount' | 'interval'>,
  { launchOffer = true }: { launchOffer?: boolean } = {},
): PriceFigures {
  const regular = chargeOf(entry.unitAmount)
  const firstPeriod = launchOffer
    ? chargeOf(entry.unitAmount, entry.unitAmount - entry.launchAmount)
    : regular
  return {
    interval: entry.interval,
    unitAmount: entry.unitAmount,
    regular,
    firstPeriod,
    perMonth:
      entry.interval === 'year'
        ? { regular: Math.floor(regular.total / 12), firstPeriod: Math.floor(firstPeriod.total / 12) }
        : null,
  }
}

/** The saving of paying a year at once instead of twelve months (percent, rounded), from the gross prices. */
export function annualSavingPercent(monthlyAmount: number, annualAmount: number): number {
  const monthly = monthlyAmount * 12
  return Math.round(((monthly - annualAmount) / monthly) * 100)
}
