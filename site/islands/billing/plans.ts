/**
 * The plans of the purchase pages' summary, on both sides: the option type,
 * the re-pick of a plan when the plan, the frequency or Studio changes, and
 * the pages' addresses.
 */
import type { PriceFigures } from '#modules/billing'

/** One plan of the summary's selector. */
export type PlanOption = {
  plan: 'premium' | 'professional'
  interval: 'month' | 'year'
  studio: boolean
  productId: string
  priceId: string
  /** The product's name (Stripe). */
  name: string
  /** The price's amounts (its interval is the option's own). */
  figures: Omit<PriceFigures, 'interval'>
}

export type PlanChoice = Pick<PlanOption, 'plan' | 'interval' | 'studio'>

/** The option matching a choice (the price selector re-picks the product, §4); null if none is on sale. */
export function pickOption(options: readonly PlanOption[], choice: PlanChoice): PlanOption | null {
  return (
    options.find(
      (option) =>
        option.plan === choice.plan && option.interval === choice.interval && option.studio === choice.studio,
    ) ?? null
  )
}

/** The purchase pages' address of a plan. */
export function purchasePath(
  step: 'registrati' | 'checkout',
  option: Pick<PlanOption, 'productId' | 'priceId'>,
): string {
  return `/v2/${step}/${encodeURIComponent(option.productId)}/${encodeURIComponent(option.priceId)}`
}
