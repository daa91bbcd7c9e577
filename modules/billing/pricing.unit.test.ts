/**
 * Every price figure of §9 of the specification, shown and charged, against
 * what the product computes from its catalogue. Where §9 cannot be both shown
 * and charged, what is charged wins (README, "Figures").
 */
import { describe, expect, it } from 'vitest'
import { formatEuroCents } from '../i18n/index.ts'
import { catalogue, entryFor } from './catalogue.ts'
import { annualSavingPercent, figuresOf } from './pricing.ts'

type Row = {
  key: string
  /** §9: regular price shown, VAT included. */
  specRegular: string
  /** §9: first-period price shown. */
  specFirst: string
  /** §9: per month (annual plans): first period, regular. */
  specPerMonth?: [string, string]
  /** What the product shows and charges. */
  shownRegular: string
  shownFirst: string
  shownPerMonth?: [string, string]
}

const table: Row[] = [
  {
    key: 'premium_monthly',
    specRegular: '9,99 €',
    specFirst: '4,99 €',
    shownRegular: '9,99 €',
    shownFirst: '4,99 €',
  },
  {
    key: 'premium_annual',
    specRegular: '99,99 €',
    specFirst: '49,98 €',
    specPerMonth: ['4,16 €', '8,33 €'],
    shownRegular: '99,99 €',
    // Half of 81,96 € net is 40,98 €, plus 9,02 € VAT: 50,00 € charged. 49,98 € would need a regular price of 99,97 €.
    shownFirst: '50,00 €',
    shownPerMonth: ['4,16 €', '8,33 €'],
  },
  {
    key: 'premium_studio_monthly',
    specRegular: '16,99 €',
    specFirst: '8,49 €',
    shownRegular: '16,99 €',
    shownFirst: '8,49 €',
  },
  {
    key: 'premium_studio_annual',
    specRegular: '169,99 €',
    specFirst: '84,99 €',
    specPerMonth: ['7,08 €', '14,16 €'],
    shownRegular: '169,99 €',
    // Half of 139,34 € net is 69,67 €, plus 15,33 € VAT: 85,00 € charged.
    shownFirst: '85,00 €',
    shownPerMonth: ['7,08 €', '14,16 €'],
  },
  {
    key: 'professional_monthly',
    specRegular: '19,99 €',
    specFirst: '9,99 €',
    // No net amount in cents gives 19,99 € with 22% VAT: 16,38 € → 19,98 €, 16,39 € → 20,00 €. 16,38 € keeps the first month at 9,99 €.
    shownRegular: '19,98 €',
    shownFirst: '9,99 €',
  },
  {
    key: 'professional_annual',
    specRegular: '199,99 €',
    specFirst: '99,99 €',
    specPerMonth: ['8,33 €', '16,66 €'],
    shownRegular: '199,99 €',
    shownFirst: '99,99 €',
    shownPerMonth: ['8,33 €', '16,66 €'],
  },
  {
    key: 'professional_studio_monthly',
    // §9: 29,98 €, shown as 29,99 €: the product shows and charges 29,99 €.
    specRegular: '29,98 €',
    specFirst: '14,99 €',
    shownRegular: '29,99 €',
    shownFirst: '14,99 €',
  },
  {
    key: 'professional_studio_annual',
    specRegular: '299,99 €',
    specFirst: '149,99 €',
    specPerMonth: ['12,49 €', '24,99 €'],
    shownRegular: '299,99 €',
    shownFirst: '149,99 €',
    shownPerMonth: ['12,49 €', '24,99 €'],
  },
]

const euro = (cents: number) => formatEuroCents(cents).replace(/\u00a0/g, ' ')

describe('the price figures of §9', () => {
  it('cover the eight plans of the catalogue', () => {
    expect(table.map((row) => row.key).sort()).toEqual(catalogue.map((entry) => entry.lookupKey).sort())
  })

  for (const row of table) {
    it(`${row.key}: shows and charges ${row.shownRegular}, first period ${row.shownFirst}`, () => {
      const entry = catalogue.find((candidate) => candidate.lookupKey === row.key)
      if (!entry) throw new Error(row.key)
      const figures = figuresOf(entry.unitAmount, entry.interval)
      expect(euro(figures.regular.total)).toBe(row.shownRegular)
      expect(euro(figures.firstPeriod.total)).toBe(row.shownFirst)
      // The charge is the net plus the VAT: the checkout's lines add up to what the card pays.
      expect(figures.firstPeriod.net + figures.firstPeriod.vat).toBe(figures.firstPeriod.total)
      expect(figures.firstPeriod.net).toBe(entry.unitAmount - figures.firstPeriod.discount)
      if (row.shownPerMonth) {
        expect(
          figures.perMonth && [euro(figures.perMonth.firstPeriod), euro(figures.perMonth.regular)],
        ).toEqual(row.shownPerMonth)
        expect(row.shownPerMonth).toEqual(row.specPerMonth)
      } else expect(figures.perMonth).toBeNull()
      // Where the product differs from §9, the test names the case (README, "Figures").
      const differs = row.shownRegular !== row.specRegular || row.shownFirst !== row.specFirst
      expect(differs).toBe(
        [
          'premium_annual',
          'premium_studio_annual',
          'professional_monthly',
          'professional_studio_monthly',
        ].includes(row.key),
      )
    })
  }

  it('gives the advertised prices: from 9,99 € a month; Premium 4,99 € then 9,99 €; Professional 9,99 € then 19,98 € (charged; §9 says 19,99 €)', () => {
    const premium = figuresOf(entryFor('premium', 'month', false).unitAmount, 'month')
    const professional = figuresOf(entryFor('professional', 'month', false).unitAmount, 'month')
    expect([euro(premium.firstPeriod.total), euro(premium.regular.total)]).toEqual(['4,99 €', '9,99 €'])
    expect([euro(professional.firstPeriod.total), euro(professional.regular.total)]).toEqual([
      '9,99 €',
      '19,98 €',
    ])
    const cheapest = Math.min(
      ...catalogue
        .filter((e) => e.interval === 'month')
        .map((e) => figuresOf(e.unitAmount, 'month').regular.total),
    )
    expect(euro(cheapest)).toBe('9,99 €')
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
