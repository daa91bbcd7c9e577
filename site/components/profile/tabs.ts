/**
 * The tabs of the account area, in order: adding a tab is one entry here (its
 * slug, label, component and, when not everyone may open it, `allows`).
 */
import { it } from '#modules/i18n'
import AccountTab from './AccountTab.astro'
import SecurityTab from './SecurityTab.astro'
import SubscriptionTab from './SubscriptionTab.astro'
import BillingTab from './BillingTab.astro'
import StudioTab from './StudioTab.astro'
import type { ProfileTab } from './tab-types.ts'

export const profileTabs: readonly ProfileTab[] = [
  { slug: 'account', label: it.accounts.area.tabs.account, component: AccountTab },
  { slug: 'sicurezza', label: it.accounts.area.tabs.sicurezza, component: SecurityTab },
  // A Studio secondary account sees only account and security (§6).
  {
    slug: 'abbonamento',
    label: it.accounts.area.tabs.abbonamento,
    component: SubscriptionTab,
    allows: (entitlements) => entitlements.kind !== 'studioSecondary',
  },
  {
    slug: 'fatturazione',
    label: it.accounts.area.tabs.fatturazione,
    component: BillingTab,
    allows: (entitlements) => entitlements.kind !== 'studioSecondary',
  },
  {
    slug: 'gestionestudio',
    label: it.studio.tab,
    component: StudioTab,
    // A secondary account may not open it; any other account opens it (and reads whether it holds a Studio),
    // but only a Studio owner sees it among the tabs.
    allows: (entitlements) => entitlements.kind !== 'studioSecondary',
    listed: (entitlements) => entitlements.canManageStudio,
  },
]
