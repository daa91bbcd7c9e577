/**
 * Every price figure of §9 of the specification: what the product shows
 * (`figuresOf`, formatted as the pages format it) and what Stripe charges (a
 * subscription paid in the emulator with the synced catalogue, its VAT rate
 * and the plan's launch coupon, then the renewal's invoice) both equal the
 * listed figure, to the cent.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatEuroCents, it as italian } from '../i18n/index.ts'
import { startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator/index.ts'
import { catalogue, entryFor, launchCouponId, VAT_LOOKUP_KEY } from './catalogue.ts'
import { annualSavingPercent, chargeOf, figuresOf } from './pricing.ts'
import { syncCatalogue } from './sync-catalogue.ts'

/** §9's price list, VAT included: regular price, first period, and for annual plans the month's share (first period, regular). */
const listed: Record<string, { regular: string; first: string; perMonth?: [string, string] }> = {
  premium_monthly: { regular: '9,99 €', first: '4,99 €' },
  premium_annual: { regular: '99,99 €', first: '49,98 €', perMonth: ['4,16 €', '8,33 €'] },
  premium_studio_monthly: { regular: '16,99 €', first: '8,49 €' },
  premium_studio_annual: { regular: '169,99 €', first: '84,99 €', perMonth: ['7,08 €', '14,16 €'] },
  professional_monthly: { regular: '19,99 €', first: '9,99 €' },
  professional_annual: { regular: '199,99 €', first: '99,99 €', perMonth: ['8,33 €', '16,66 €'] },
  // §9: '29.98 (shown as 29,99)': the figure shown is the one charged.
  professional_studio_monthly: { regular: '29,99 €', first: '14,99 €' },
  professional_studio_annual: { regular: '299,99 €', first: '149,99 €', perMonth: ['12,49 €', '24,99 €'] },
}

const euro = (cents: number) => formatEuroCents(cents).replace(/\u00a0/g, ' ')
const t = italian.billing.pricing

let emulator: StripeEmulator
let stripe: Stripe
/** What the emulator charged for each plan: the first invoice (launch coupon) and the renewal. */
const charged = new Map<string, { first: Stripe.Invoice; renewal: Stripe.Invoice }>()

beforeAll(async () => {
  emulator = await startStripeEmulator({
    webhook: async () => 200,
    webhookSecret: 'whsec_pricing',
    publicBase: 'http://localhost:9/dev/stripe',
  })
  stripe = new Stripe(emulator.secretKey, { ...emulator.clientOptions, maxNetworkRetries: 0 })
  await syncCatalogue(stripe)
  const prices = await stripe.prices.list({ lookup_keys: catalogue.map((entry) => entry.lookupKey) })
  const rate = (await stripe.taxRates.list({ active: true })).data.find(
    (candidate) => candidate.metadata?.catalogue_key === VAT_LOOKUP_KEY,
  )
  for (const entry of catalogue) {
    const price = prices.data.find((candidate) => candidate.lookup_key === entry.lookupKey)
    const customer = await stripe.customers.create({ email: `${entry.lookupKey}@esempio.it` })
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price?.id ?? '' }],
      default_payment_method: card.id,
      default_tax_rates: [rate?.id ?? ''],
      discounts: [{ coupon: launchCouponId(entry) }],
      expand: ['latest_invoice'],
    })
    const renewal = await stripe.invoices.createPreview({ customer: customer.id, subscription: sub.id })
    charged.set(entry.lookupKey, { first: sub.latest_invoice as Stripe.Invoice, renewal })
  }
})

afterAll(async () => {
  await emulator.close()
})

const vatOf = (invoice: Stripe.Invoice) =>
  (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0)

describe('the price figures of §9', () => {
  it('cover the eight plans of the catalogue', () => {
    expect(Object.keys(listed).sort()).toEqual(catalogue.map((entry) => entry.lookupKey).sort())
  })

  for (const [key, row] of Object.entries(listed)) {
    it(`${key}: shows and charges ${row.regular}, first period ${row.first}`, () => {
      const entry = catalogue.find((candidate) => candidate.lookupKey === key)
      if (!entry) throw new Error(key)
      const figures = figuresOf(entry)
      expect([euro(figures.regular.total), euro(figures.firstPeriod.total)]).toEqual([row.regular, row.first])
      const invoices = charged.get(key)
      if (!invoices) throw new Error(key)
      expect(invoices.first.status).toBe('paid')
      expect([euro(invoices.renewal.total), euro(invoices.first.amount_paid)]).toEqual([
        row.regular,
        row.first,
      ])
      // The net and VAT shown are Stripe's: the VAT inside the discounted amount, the rest net.
      expect([figures.firstPeriod.net, figures.firstPeriod.vat]).toEqual([
        invoices.first.total_excluding_tax,
        vatOf(invoices.first),
      ])
      expect([figures.regular.net, figures.regular.vat]).toEqual([
        invoices.renewal.total_excluding_tax,
        vatOf(invoices.renewal),
      ])
      expect(figures.firstPeriod.net + figures.firstPeriod.vat).toBe(figures.firstPeriod.total)
      if (row.perMonth) {
        expect(
          figures.perMonth && [euro(figures.perMonth.firstPeriod), euro(figures.perMonth.regular)],
        ).toEqual(row.perMonth)
      } else expect(figures.perMonth).toBeNull()
    })
  }

  it('shows a returning customer the regular price as the first period', () => {
    const figures = figuresOf(entryFor('premium', 'year', false), { launchOffer: false })
    expect(figures.firstPeriod).toEqual(figures.regular)
    expect(euro(figures.firstPeriod.total)).toBe('99,99 €')
  })

  it('computes the VAT inside a price as Stripe does for an inclusive rate', () => {
    // 49,98 €: VAT round(4998 − 4998 / 1,22) = 9,01 €, net 40,97 €.
    expect(chargeOf(9999, 5001)).toEqual({ net: 4097, vat: 901, total: 4998, discount: 5001 })
    expect(chargeOf(1999)).toEqual({ net: 1639, vat: 360, total: 1999, discount: 0 })
  })

  it('gives the advertised prices: from 9,99 € a month; Premium 4,99 € then 9,99 €; Professional 9,99 € then 19,99 €', () => {
    const premium = figuresOf(entryFor('premium', 'month', false))
    const professional = figuresOf(entryFor('professional', 'month', false))
    expect([euro(premium.firstPeriod.total), t.thenMonthly(euro(premium.regular.total))]).toEqual([
      '4,99 €',
      'poi 9,99 € al mese',
    ])
    expect([euro(professional.firstPeriod.total), t.thenMonthly(euro(professional.regular.total))]).toEqual([
      '9,99 €',
      'poi 19,99 € al mese',
    ])
    const cheapest = Math.min(
      ...catalogue.filter((e) => e.interval === 'month').map((e) => figuresOf(e).regular.total),
    )
    expect(euro(cheapest)).toBe('9,99 €')
    expect(t.description).toContain(euro(cheapest))
  })

  it('saves up to 17% a year on every plan', () => {
    const savings = (['premium', 'professional'] as const).flatMap((plan) =>
      [false, true].map((studio) =>
        annualSavingPercent(
          entryFor(plan, 'month', studio).unitAmount,
          entryFor(plan, 'year', studio).unitAmount,
        ),
      ),
    )
    expect(Math.max(...savings)).toBe(17)
    expect(Math.min(...savings)).toBeGreaterThanOrEqual(16)
  })

  it('names the products as §3 matches them', () => {
    for (const entry of catalogue) {
      const name = entry.name.toLowerCase()
      expect(name).toContain(entry.plan)
      expect(name.includes('studio')).toBe(entry.studio)
      expect(name.includes('annuale')).toBe(entry.interval === 'year')
      expect(entry.description.toLowerCase()).toContain('abbonamento')
    }
  })
})
