/** The tabs of the account area (/v2/profilo/{tab}): what one tab declares. */
import type { Entitlements, SignedInUser } from '#modules/accounts'
import type { SubscriptionInfo } from '#modules/access'

/** What every tab's component receives. */
export type ProfileTabProps = {
  user: SignedInUser
  entitlements: Entitlements
  subscription: SubscriptionInfo
  viewer: App.Viewer
}

export type ProfileTab = {
  /** The URL segment (/v2/profilo/{slug}); the first tab is also /v2/profilo. */
  slug: string
  label: string
  /** The Astro component that renders the tab's panel. */
  component: (props: ProfileTabProps) => unknown
  /** Who may open the tab; the others neither see it nor open it. Default: every signed-in account. */
  allows?: (entitlements: Entitlements) => boolean
  /** Whether the tab shows among the tabs; default: whenever it is allowed. */
  listed?: (entitlements: Entitlements) => boolean
}

/** The address of a tab (the first one lives at /v2/profilo). */
export function tabHref(tabs: readonly ProfileTab[], tab: ProfileTab): string {
  return tabs[0]?.slug === tab.slug ? '/v2/profilo' : `/v2/profilo/${tab.slug}`
}

/** The tab a path segment names ('' is the first tab); undefined when no tab has that slug. */
export function findTab(tabs: readonly ProfileTab[], segment: string | undefined): ProfileTab | undefined {
  const slug = (segment ?? '').replace(/\/+$/, '').toLowerCase()
  return slug === '' ? tabs[0] : tabs.find((tab) => tab.slug === slug)
}

/** True when the account may open the tab. */
export function tabAllowed(tab: ProfileTab, entitlements: Entitlements): boolean {
  return tab.allows ? tab.allows(entitlements) : true
}

/** True when the tab shows among the account's tabs (allowed, and listed for it). */
export function tabListed(tab: ProfileTab, entitlements: Entitlements): boolean {
  return tabAllowed(tab, entitlements) && (tab.listed ? tab.listed(entitlements) : true)
}
