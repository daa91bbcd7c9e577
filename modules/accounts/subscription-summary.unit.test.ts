import { describe, expect, it } from 'vitest'
import { summarizeSubscription } from './subscription-summary.ts'

describe('summarizeSubscription', () => {
  it('has no plan without details or without a subscription', () => {
    const none = { planName: null, periodEnd: null, renews: false, isStudio: false }
    expect(summarizeSubscription(undefined)).toEqual(none)
    expect(summarizeSubscription(null)).toEqual(none)
    expect(summarizeSubscription({ subscription: null, product: { name: 'Premium' } })).toEqual(none)
  })

  it('reads the specification field names', () => {
    expect(
      summarizeSubscription({
        subscription: { id: 'sub_1', currentPeriodEnd: '2027-01-31T10:00:00Z', cancelAtPeriodEnd: false },
        product: { id: 'prod_1', name: 'Premium annuale' },
      }),
    ).toEqual({
      planName: 'Premium annuale',
      periodEnd: new Date('2027-01-31T10:00:00Z'),
      renews: true,
      isStudio: false,
    })
  })

  it("reads Stripe's objects: Unix seconds, cancel_at_period_end, the period on the first item", () => {
    expect(
      summarizeSubscription({
        subscription: { id: 'sub_1', cancel_at_period_end: true, current_period_end: 1_800_000_000 },
        product: { name: 'Professional Studio' },
      }),
    ).toEqual({
      planName: 'Professional Studio',
      periodEnd: new Date(1_800_000_000 * 1000),
      renews: false,
      isStudio: true,
    })
    const fromItem = summarizeSubscription({
      subscription: { cancel_at_period_end: false, items: { data: [{ current_period_end: 1_800_000_000 }] } },
      product: { name: 'Premium' },
    })
    expect(fromItem.periodEnd).toEqual(new Date(1_800_000_000 * 1000))
    expect(fromItem.renews).toBe(true)
  })

  it('tells a Studio plan by the word studio in any case', () => {
    expect(
      summarizeSubscription({ subscription: {}, product: { name: 'Premium STUDIO mensile' } }).isStudio,
    ).toBe(true)
  })

  it('ignores unreadable dates instead of failing', () => {
    const summary = summarizeSubscription({
      subscription: { currentPeriodEnd: 'non una data' },
      product: { name: 'Premium' },
    })
    expect(summary.periodEnd).toBeNull()
    expect(summary.planName).toBe('Premium')
  })
})
