/**
 * What the purchase pages (/v2/registrati/…, /v2/checkout/…) need of the
 * catalogue: the plan a product and price name, and the eight plans the
 * summary's selector moves between, with the figures shown for each.
 */
import { figuresOf, loadCatalogue } from '#modules/billing'
import type { PlanOption } from '../../islands/billing/plans.ts'

export type Purchase = { options: PlanOption[]; current: PlanOption }

/**
 * The plans on sale and the one `productId`/`priceId` name; null when the
 * catalogue cannot be read or the two do not name one of its plans (the page
 * then shows 'Error').
 */
export async function loadPurchase(
  productId: string | undefined,
  priceId: string | undefined,
  { anyPlan = false }: { anyPlan?: boolean } = {},
): Promise<Purchase | null> {
  let items
  try {
    ;({ items } = await loadCatalogue())
  } catch (error) {
    console.error(error)
    return null
  }
  const options = items.map((item) => ({
    plan: item.entry.plan,
    interval: item.entry.interval,
    studio: item.entry.studio,
    productId: item.product.id,
    priceId: item.price.id,
    name: item.product.name,
    figures: figuresOf(item.entry),
  }))
  const current =
    options.find((option) => option.productId === productId && option.priceId === priceId) ??
    (anyPlan ? options[0] : undefined)
  return current ? { options, current } : null
}

/**
 * The plan of the older one-segment sign-up address: a product id, a price
 * lookup key (`premium_studio_annual`) or the plan in words (`premium`,
 * `professional-annuale`, `premium-studio`, `premium-studio-annuale`; monthly
 * unless 'annuale'). Null when none matches or the catalogue cannot be read.
 */
export async function loadPurchaseByName(name: string): Promise<PlanOption | null> {
  const purchase = await loadPurchase(undefined, undefined, { anyPlan: true })
  if (!purchase) return null
  const wanted = name.trim().toLowerCase()
  const byId = purchase.options.find((option) => option.productId.toLowerCase() === wanted)
  if (byId) return byId
  const words = new Set(wanted.split(/[^a-z]+/).filter(Boolean))
  const plan = words.has('professional') ? 'professional' : words.has('premium') ? 'premium' : null
  if (!plan) return null
  const interval = words.has('annuale') || words.has('annual') || words.has('yearly') ? 'year' : 'month'
  const studio = words.has('studio')
  return (
    purchase.options.find(
      (option) => option.plan === plan && option.interval === interval && option.studio === studio,
    ) ?? null
  )
}
