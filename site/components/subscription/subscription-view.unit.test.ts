import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { catalogue, type CatalogueItem } from '#modules/billing'
import { planOptions, subscriptionView } from './subscription-view.ts'

const items: CatalogueItem[] = catalogue.map((entry) => ({
  entry,
  product: {
    id: `prod_${entry.lookupKey}`,
    name: entry.name,
    description: entry.description,
  } as Stripe.Product,
  price: { id: `price_${entry.lookupKey}` } as Stripe.Price,
  couponId: null,
}))

const body = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  status: 'active',
  plan: 'professional',
  studio: false,
  interval: 'month',
  currentPeriodStart: '2026-11-01T10:00:00.000Z',
  currentPeriodEnd: '2026-12-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  cancelAt: null,
  canceledAt: null,
  items: [{ plan: { productId: 'prod_professional_monthly' }, price: { unitAmount: 1999 } }],
  paymentIssue: false,
  pendingChange: null,
  nextRenewal: { date: '2026-12-01T10:00:00.000Z', amount: 1999 },
  ...overrides,
})

const info = (subscription: unknown) => ({
  details: { subscription, product: { name: 'Professional' } },
})

describe('the subscription pages', () => {
  it('offers the eight plans with their regular price VAT included', () => {
    const options = planOptions(items)
    expect(options).toHaveLength(8)
    expect(options.find((option) => option.productId === 'prod_premium_monthly')?.total).toBe(999)
    expect(options.find((option) => option.productId === 'prod_professional_annual')?.total).toBe(19999)
  })

  it('shows a renewing subscription with its next renewal, and a pending downgrade at the renewal price', () => {
    const view = subscriptionView(info(body()), items)
    expect(view).toMatchObject({ planName: 'Professional', renewing: true, total: 1999, manageable: true })
    expect(view?.nextRenewal).toEqual({ date: '2026-12-01T10:00:00.000Z', amount: 1999 })
    const pending = subscriptionView(
      info(body({ pendingChange: { priceId: 'price_premium_monthly', from: '2026-12-01T10:00:00.000Z' } })),
      items,
    )
    expect(pending?.pendingChange).toEqual({ planName: 'Premium', from: '2026-12-01T10:00:00.000Z' })
    expect(pending?.nextRenewal?.amount).toBe(999)
  })

  it('has no In futuro while cancelling, and offers switching on when canceled_at is set', () => {
    const view = subscriptionView(
      info(
        body({
          cancelAtPeriodEnd: true,
          canceledAt: '2026-11-10T10:00:00.000Z',
          nextRenewal: null,
        }),
      ),
      items,
    )
    expect(view).toMatchObject({ renewing: false, nextRenewal: null, canceledAt: '2026-11-10T10:00:00.000Z' })
    expect(view?.endsAt).toBe('2026-12-01T10:00:00.000Z')
  })

  it('keeps a failed renewal manageable with the payment issue, an unpaid one shown but not changeable, an ended one as none', () => {
    expect(subscriptionView(info(body({ status: 'past_due', paymentIssue: true })), items)).toMatchObject({
      manageable: true,
      paymentIssue: true,
    })
    expect(subscriptionView(info(body({ status: 'unpaid' })), items)?.manageable).toBe(false)
    expect(subscriptionView(info(body({ status: 'canceled' })), items)).toBeNull()
    expect(subscriptionView({ details: null }, items)).toBeNull()
  })
})
