import { describe, expect, it } from 'vitest'
import { entitlementsOf, type SignedInUser } from '#modules/accounts'
import { type SubscriptionInfo } from '#modules/access'
import { profileSummary } from './summary.ts'

const now = new Date('2026-11-23T10:00:00Z')
const user = (overrides: Partial<SignedInUser> = {}): SignedInUser => ({
  id: 'u1',
  email: 'maria@esempio.it',
  emailVerified: true,
  name: 'Maria Verdi',
  firstName: 'Maria',
  lastName: 'Verdi',
  profession: null,
  accountType: 'standard',
  trialEndsAt: null,
  image: null,
  socialSetupPending: false,
  createdAt: now,
  ...overrides,
})

function summaryOf(account: SignedInUser, subscription: SubscriptionInfo = {}) {
  const entitlements = entitlementsOf({
    account: { accountType: account.accountType, trialEndsAt: account.trialEndsAt },
    subscription: subscription.subscription ?? null,
    studioOwner: subscription.studioOwner ?? null,
    now,
  })
  return profileSummary({ user: account, entitlements, subscription, now })
}

const hrefs = (summary: ReturnType<typeof profileSummary>) => summary.links.map((link) => link.href)

describe('profileSummary', () => {
  it('shows a running trial with plan Nessuno, the trial end and the purchase notice', () => {
    const summary = summaryOf(user({ accountType: 'trial', trialEndsAt: new Date('2026-11-28T09:00:00Z') }))
    expect(summary).toMatchObject({
      email: 'maria@esempio.it',
      plan: 'Nessuno',
      end: null,
      trial: 'attiva fino al 28/11/2026',
      showsNoSubscription: true,
      studioSecondary: false,
    })
    expect(hrefs(summary)).toEqual(['/v2/profilo', '/profilo/modifica-password'])
  })

  it('shows an ended trial as ended', () => {
    const summary = summaryOf(user({ accountType: 'trial', trialEndsAt: new Date('2026-11-20T09:00:00Z') }))
    expect(summary.trial).toBe('terminata il 20/11/2026')
    expect(summary.plan).toBe('Nessuno')
  })

  it('shows the plan name, the end date renewing, and the manage-subscription link', () => {
    const summary = summaryOf(user(), {
      subscription: { plan: 'premium', studio: false, status: 'active' },
      details: {
        subscription: { currentPeriodEnd: '2026-12-23T10:00:00Z', cancelAtPeriodEnd: false },
        product: { name: 'Premium mensile' },
      },
    })
    expect(summary).toMatchObject({
      plan: 'Premium mensile',
      end: { date: '23/12/2026', note: 'in rinnovo automatico' },
      trial: null,
      showsNoSubscription: false,
    })
    expect(hrefs(summary)).toEqual(['/v2/profilo', '/profilo/modifica-password', '/gestione-abbonamento'])
  })

  it("says 'in scadenza' when the renewal is off, and adds the Studio link for a Studio plan", () => {
    const summary = summaryOf(user(), {
      subscription: { plan: 'professional', studio: true, status: 'active' },
      details: {
        subscription: { current_period_end: 1_798_000_000, cancel_at_period_end: true },
        product: { name: 'Professional Studio annuale' },
      },
    })
    expect(summary.end?.note).toBe('in scadenza')
    expect(hrefs(summary)).toEqual([
      '/v2/profilo',
      '/profilo/modifica-password',
      '/gestione-abbonamento',
      '/gestione-abbonamento/studio',
    ])
  })

  it('labels a Studio secondary account and hides the subscription links', () => {
    const summary = summaryOf(user(), {
      studioOwner: { subscription: { plan: 'premium', studio: true, status: 'active' } },
    })
    expect(summary).toMatchObject({ plan: 'Premium', studioSecondary: true, showsNoSubscription: false })
    expect(hrefs(summary)).toEqual(['/v2/profilo', '/profilo/modifica-password'])
  })

  it('shows Nessuno for an ended subscription even when billing still returns its objects', () => {
    const summary = summaryOf(user(), {
      subscription: { plan: 'premium', studio: false, status: 'canceled' },
      details: { subscription: { currentPeriodEnd: '2026-10-01T00:00:00Z' }, product: { name: 'Premium' } },
    })
    expect(summary).toMatchObject({ plan: 'Nessuno', end: null, showsNoSubscription: true })
  })
})
