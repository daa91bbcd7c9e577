import { describe, expect, it } from 'vitest'
import { entitlementsOf, grantsAccess, type AccessState, type SubscriptionAccess } from './entitlements.ts'

const now = new Date('2026-11-22T10:00:00Z')
const day = 24 * 60 * 60 * 1000
const trialAccount = (offsetDays: number) => ({
  accountType: 'trial' as const,
  trialEndsAt: new Date(now.getTime() + offsetDays * day),
})
const standard = { accountType: 'standard' as const, trialEndsAt: null }
const sub = (
  plan: 'premium' | 'professional',
  studio = false,
  status: SubscriptionAccess['status'] = 'active',
) => ({
  plan,
  studio,
  status,
})
const of = (state: Omit<AccessState, 'now'>) => entitlementsOf({ ...state, now })

describe('entitlements of the seven kinds of visitor', () => {
  it('anonymous: nothing beyond the public pages, purchase and trial offered', () => {
    expect(of({ account: null })).toEqual({
      kind: 'anonymous',
      isAuthenticated: false,
      plan: null,
      canReadInForce: false,
      canReadArchive: false,
      canReadTerritorial: false,
      canReadSummaries: false,
      canDownloadAttachments: false,
      canSearchInDocument: false,
      canUseGuides: false,
      canUseFavourites: false,
      showsPurchaseLinks: true,
      canManageSubscription: false,
      canManageStudio: false,
      trialWatermark: false,
    })
  })

  it('trial: content in force, attachments and favourites; no archive, territorial data or guides; watermark', () => {
    expect(of({ account: trialAccount(3) })).toEqual({
      kind: 'trial',
      isAuthenticated: true,
      plan: null,
      canReadInForce: true,
      canReadArchive: false,
      canReadTerritorial: false,
      canReadSummaries: false,
      canDownloadAttachments: true,
      canSearchInDocument: true,
      canUseGuides: false,
      canUseFavourites: true,
      showsPurchaseLinks: true,
      canManageSubscription: false,
      canManageStudio: false,
      trialWatermark: true,
    })
  })

  it('trial expired: signed in, no content, purchase offered', () => {
    const result = of({ account: trialAccount(-1) })
    expect(result).toMatchObject({
      kind: 'trialExpired',
      isAuthenticated: true,
      canReadInForce: false,
      canDownloadAttachments: false,
      canUseFavourites: true,
      showsPurchaseLinks: true,
    })
  })

  it('the trial ends exactly at trialEndsAt', () => {
    expect(of({ account: trialAccount(0) }).kind).toBe('trialExpired')
    expect(of({ account: { accountType: 'trial', trialEndsAt: new Date(now.getTime() + 1) } }).kind).toBe(
      'trial',
    )
    expect(of({ account: { accountType: 'trial', trialEndsAt: null } }).kind).toBe('trialExpired')
  })

  it('Premium: everything in force, guides and subscription management; no archive or territorial data', () => {
    expect(of({ account: standard, subscription: sub('premium') })).toEqual({
      kind: 'premium',
      isAuthenticated: true,
      plan: 'premium',
      canReadInForce: true,
      canReadArchive: false,
      canReadTerritorial: false,
      canReadSummaries: true,
      canDownloadAttachments: true,
      canSearchInDocument: true,
      canUseGuides: true,
      canUseFavourites: true,
      showsPurchaseLinks: false,
      canManageSubscription: true,
      canManageStudio: false,
      trialWatermark: false,
    })
  })

  it('Professional: adds the historical archive and territorial bargaining', () => {
    expect(of({ account: standard, subscription: sub('professional') })).toMatchObject({
      kind: 'professional',
      plan: 'professional',
      canReadArchive: true,
      canReadTerritorial: true,
      canManageSubscription: true,
      canManageStudio: false,
    })
  })

  it('Studio primary: the plan of the Studio subscription and the Studio management', () => {
    expect(of({ account: standard, subscription: sub('professional', true) })).toMatchObject({
      kind: 'studioPrimary',
      plan: 'professional',
      canReadArchive: true,
      canManageSubscription: true,
      canManageStudio: true,
      showsPurchaseLinks: false,
    })
    expect(of({ account: standard, subscription: sub('premium', true) })).toMatchObject({
      kind: 'studioPrimary',
      plan: 'premium',
      canReadArchive: false,
    })
  })

  it("Studio secondary: the owner's plan, no subscription or Studio management, no purchase links", () => {
    expect(of({ account: standard, studioOwner: { subscription: sub('professional', true) } })).toEqual({
      kind: 'studioSecondary',
      isAuthenticated: true,
      plan: 'professional',
      canReadInForce: true,
      canReadArchive: true,
      canReadTerritorial: true,
      canReadSummaries: true,
      canDownloadAttachments: true,
      canSearchInDocument: true,
      canUseGuides: true,
      canUseFavourites: true,
      showsPurchaseLinks: false,
      canManageSubscription: false,
      canManageStudio: false,
      trialWatermark: false,
    })
  })
})

describe('edges between kinds', () => {
  it('a trial account that subscribes is a subscriber, whatever its trial date', () => {
    expect(of({ account: trialAccount(-30), subscription: sub('premium') }).kind).toBe('premium')
    expect(of({ account: trialAccount(3), subscription: sub('professional') }).kind).toBe('professional')
  })

  it('only active, trialing and past-due subscriptions open the content', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(grantsAccess(sub('premium', false, status))).toBe(true)
    }
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const) {
      expect(grantsAccess(sub('premium', false, status))).toBe(false)
      expect(of({ account: standard, subscription: sub('premium', false, status) }).kind).toBe('registered')
    }
  })

  it('a secondary account whose Studio has lapsed keeps nothing from it', () => {
    expect(
      of({ account: standard, studioOwner: { subscription: sub('professional', true, 'canceled') } }).kind,
    ).toBe('registered')
    // A link to a subscription that is not a Studio one grants nothing either.
    expect(of({ account: standard, studioOwner: { subscription: sub('professional', false) } }).kind).toBe(
      'registered',
    )
  })

  it('an own subscription wins over a Studio link', () => {
    expect(
      of({
        account: standard,
        subscription: sub('premium'),
        studioOwner: { subscription: sub('professional', true) },
      }).kind,
    ).toBe('premium')
  })

  it('a standard account without subscription is registered: signed in, no content, purchase offered', () => {
    expect(of({ account: standard })).toMatchObject({
      kind: 'registered',
      isAuthenticated: true,
      canReadInForce: false,
      canUseFavourites: true,
      showsPurchaseLinks: true,
    })
  })
})
