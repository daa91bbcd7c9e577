/**
 * Every figure the portal shows about a price, from the catalogue's net
 * amount: the struck regular price and the first-period price VAT included,
 * the per-month equivalent of annual plans, the annual saving, and the
 * checkout's net, VAT and total lines. The first period is computed exactly as
 * it is charged (discount rounded per line, VAT on the discounted amount), so
 * what is shown is what is paid.
 */
import { LAUNCH_DISCOUNT_PERCENT, VAT_PERCENT, type Interval } from './catalogue.ts'

export type Charge = {
  /** Net amount (cents), after the discount. */
  net: number
  /** VAT (cents). */
  vat: number
  /** What the card is charged (cents). */
  total: number
  /** Discount (cents). */
  discount: number
}

export type PriceFigures = {
  interval: Interval
  /** The catalogue's net amount (cents): what the checkout shows as the plan's price. */
  unitAmount: number
  /** Regular price VAT included (cents): struck on the pricing page, charged from the second period. */
  regular: Charge
  /** First period (cents), with the launch offer when it applies: the price shown and charged first. */
  firstPeriod: Charge
  /** For annual plans: the regular and first-period price per month (cents, rounded down). */
  perMonth: { regular: number; firstPeriod: number } | null
}

const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100)

/** What an invoice of one line charges: discount, then VAT on the discounted net, each rounded to the cent. */
export function chargeOf(unitAmount: number, discountPercent = 0, vatPercent = VAT_PERCENT): Charge {
  const discount = percentOf(unitAmount, discountPercent)
  const net = unitAmount - discount
  const vat = percentOf(net, vatPercent)
  return { net, vat, total: net + vat, discount }
}

/**
 * The figures of a price. `launchOffer: false` (a customer who already paid
 * a first period, see `launchOfferFor`) makes the first period the regular one.
 */
export function figuresOf(
  unitAmount: number,
  interval: Interval,
  { launchOffer = true }: { launchOffer?: boolean } = {},
): PriceFigures {
  const regular = chargeOf(unitAmount)
  const firstPeriod = launchOffer ? chargeOf(unitAmount, LAUNCH_DISCOUNT_PERCENT) : regular
  return {
    interval,
    unitAmount,
    regular,
    firstPeriod,
    perMonth:
      interval === 'year'
        ? { regular: Math.floor(regular.total / 12), firstPeriod: Math.floor(firstPeriod.total / 12) }
        : null,
  }
}

/** The saving of paying a year at once instead of twelve months (percent, rounded). */
export function annualSavingPercent(monthlyUnitAmount: number, annualUnitAmount: number): number {
  const monthly = chargeOf(monthlyUnitAmount).total * 12
  const annual = chargeOf(annualUnitAmount).total
  return Math.round(((monthly - annual) / monthly) * 100)
}
