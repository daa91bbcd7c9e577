/**
 * `moveSubscriptionsToCatalogue`: running subscriptions on a price the
 * catalogue has replaced (an archived price of the same plan, e.g. the former
 * net prices with VAT added on top) or on another VAT rate move to the plan's
 * current price and the VAT rate included in it, from their next renewal: no
 * proration, nothing charged now. A subscription with a pending plan change
 * (a schedule) keeps it and is left alone.
 */
import type Stripe from 'stripe'
import { catalogue } from './catalogue.ts'
import { isCatalogueTaxRate } from './catalogue-store.ts'

const RUNNING = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due'])

/** Moves them; returns the ids of the subscriptions moved. */
export async function moveSubscriptionsToCatalogue(stripe: Stripe): Promise<string[]> {
  const prices = await stripe.prices.list({
    lookup_keys: catalogue.map((entry) => entry.lookupKey),
    active: true,
    limit: 100,
  })
  const currentPrice = new Map(prices.data.map((price) => [price.lookup_key, price]))
  const rate = (await stripe.taxRates.list({ active: true, limit: 100 })).data.find(isCatalogueTaxRate)
  if (!rate) return []
  const moved: string[] = []
  for await (const sub of stripe.subscriptions.list({ limit: 100 })) {
    const item = sub.items.data[0]
    if (!RUNNING.has(sub.status) || sub.schedule || !item) continue
    const key = item.price.metadata?.catalogue_key ?? item.price.lookup_key
    const target = key ? currentPrice.get(key) : undefined
    if (!target) continue
    const samePrice = item.price.id === target.id
    const rates = (sub.default_tax_rates ?? []).map((candidate) => candidate.id)
    if (samePrice && rates.length === 1 && rates[0] === rate.id) continue
    await stripe.subscriptions.update(sub.id, {
      ...(samePrice ? {} : { items: [{ id: item.id, price: target.id }] }),
      proration_behavior: 'none',
      default_tax_rates: [rate.id],
    })
    moved.push(sub.id)
  }
  return moved
}
