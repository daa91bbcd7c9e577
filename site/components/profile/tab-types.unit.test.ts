import { describe, expect, it } from 'vitest'
import { entitlementsOf } from '#modules/accounts'
import { findTab, tabAllowed, tabHref, tabListed, type ProfileTab } from './tab-types.ts'

const component = () => null
const tabs: ProfileTab[] = [
  { slug: 'account', label: 'Account', component },
  { slug: 'sicurezza', label: 'Sicurezza', component },
  {
    slug: 'abbonamento',
    label: 'Abbonamento',
    component,
    allows: (entitlements) => entitlements.kind !== 'studioSecondary',
  },
]
const now = new Date('2026-11-23T10:00:00Z')

describe('profile tabs', () => {
  it('opens the first tab at /v2/profilo and the others at /v2/profilo/{slug}', () => {
    expect(tabs.map((tab) => tabHref(tabs, tab))).toEqual([
      '/v2/profilo',
      '/v2/profilo/sicurezza',
      '/v2/profilo/abbonamento',
    ])
    expect(findTab(tabs, undefined)?.slug).toBe('account')
    expect(findTab(tabs, 'account')?.slug).toBe('account')
    expect(findTab(tabs, 'Sicurezza/')?.slug).toBe('sicurezza')
    expect(findTab(tabs, 'fatturazione')).toBeUndefined()
  })

  it('lets a tab refuse some accounts (a Studio secondary account)', () => {
    const secondary = entitlementsOf({
      account: { accountType: 'standard', trialEndsAt: null },
      studioOwner: { subscription: { plan: 'premium', studio: true, status: 'active' } },
      now,
    })
    const trial = entitlementsOf({
      account: { accountType: 'trial', trialEndsAt: new Date('2026-11-25T00:00:00Z') },
      now,
    })
    const abbonamento = tabs[2] as ProfileTab
    expect(tabAllowed(abbonamento, secondary)).toBe(false)
    expect(tabAllowed(abbonamento, trial)).toBe(true)
    expect(tabAllowed(tabs[1] as ProfileTab, secondary)).toBe(true)
  })

  it('lists a tab only for the accounts it names, while others may still open it (the Studio tab)', () => {
    const studioTab: ProfileTab = {
      slug: 'gestionestudio',
      label: 'Account secondari',
      component,
      allows: (entitlements) => entitlements.kind !== 'studioSecondary',
      listed: (entitlements) => entitlements.canManageStudio,
    }
    const of = (studio: boolean) =>
      entitlementsOf({
        account: { accountType: 'standard', trialEndsAt: null },
        subscription: { plan: 'professional', studio, status: 'active' },
        now,
      })
    const secondary = entitlementsOf({
      account: { accountType: 'standard', trialEndsAt: null },
      studioOwner: { subscription: { plan: 'professional', studio: true, status: 'active' } },
      now,
    })
    expect(tabListed(studioTab, of(true))).toBe(true)
    expect(tabListed(studioTab, of(false))).toBe(false)
    expect(tabAllowed(studioTab, of(false))).toBe(true)
    expect(tabListed(studioTab, secondary)).toBe(false)
    expect(tabAllowed(studioTab, secondary)).toBe(false)
    expect(tabListed(tabs[0] as ProfileTab, secondary)).toBe(true)
  })
})
