/**
 * What a visitor may see: one pure function of the visitor's access state.
 * Pages and API routes ask it; nothing else decides access.
 *
 * The state comes from the account (trial or standard, trial end) and, once
 * billing and Studio exist, from the subscription mirrored from Stripe and the
 * Studio link; they only have to fill `subscription` and `studioOwner`.
 */

/** The paid plans. */
export type Plan = 'premium' | 'professional'

/** Stripe's subscription statuses (the billing mirror keeps them as they are). */
export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused'

/** The part of a subscription access depends on. */
export type SubscriptionAccess = {
  plan: Plan
  /** Studio formula: the owner may link two more accounts. */
  studio: boolean
  status: SubscriptionStatus
}

/** Everything the decision depends on. */
export type AccessState = {
  /** The signed-in account, or null for a visitor without a session. */
  account: {
    accountType: 'trial' | 'standard'
    /** End of the free trial (trial accounts). */
    trialEndsAt: Date | null
  } | null
  /** The account's own subscription (filled by billing). */
  subscription?: SubscriptionAccess | null
  /** For an active secondary account of a Studio: the owner's subscription (filled by Studio management). */
  studioOwner?: { subscription: SubscriptionAccess | null } | null
  /** The moment of the decision. */
  now: Date
}

/**
 * The kinds of visitor: the seven of the specification, plus `registered`, a
 * signed-in account with neither trial nor subscription (an account created
 * on the way to checkout and not paid, or a subscription that has ended).
 */
export type VisitorKind =
  | 'anonymous'
  | 'trial'
  | 'trialExpired'
  | 'premium'
  | 'professional'
  | 'studioPrimary'
  | 'studioSecondary'
  | 'registered'

export type Entitlements = {
  kind: VisitorKind
  isAuthenticated: boolean
  /** The plan the visitor's access comes from (own or the Studio's). */
  plan: Plan | null
  /** Contracts, texts and pay tables in force, full news articles. */
  canReadInForce: boolean
  /** The historical archive of contract texts (Professional). */
  canReadArchive: boolean
  /** Territorial and company bargaining (Professional). */
  canReadTerritorial: boolean
  /** Summaries, classifications and the other tools beyond the trial. */
  canReadSummaries: boolean
  /** News attachments. */
  canDownloadAttachments: boolean
  /** Search inside a document. */
  canSearchInDocument: boolean
  /** The interactive guides of the help centre (a subscription, not the trial). */
  canUseGuides: boolean
  /** Favourites, notifications and the help centre (any signed-in account). */
  canUseFavourites: boolean
  /** Purchase, trial and plan links are shown (hidden for subscribers of a plan and Studio secondary accounts). */
  showsPurchaseLinks: boolean
  /** The profile's subscription management (own subscription holders). */
  canManageSubscription: boolean
  /** The Studio management tab (Studio primary accounts). */
  canManageStudio: boolean
  /** Print views carry the trial watermark. */
  trialWatermark: boolean
}

/** Statuses that keep a subscription's content open (past_due: Stripe is still retrying the payment). */
const grantingStatuses: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due'])

/** True when the subscription currently opens the content. */
export function grantsAccess(subscription: SubscriptionAccess | null | undefined): boolean {
  return subscription != null && grantingStatuses.has(subscription.status)
}

const closed: Omit<Entitlements, 'kind' | 'isAuthenticated'> = {
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
}

function subscribed(kind: VisitorKind, plan: Plan, own: boolean): Entitlements {
  const professional = plan === 'professional'
  return {
    kind,
    isAuthenticated: true,
    plan,
    canReadInForce: true,
    canReadArchive: professional,
    canReadTerritorial: professional,
    canReadSummaries: true,
    canDownloadAttachments: true,
    canSearchInDocument: true,
    canUseGuides: true,
    canUseFavourites: true,
    showsPurchaseLinks: false,
    canManageSubscription: own,
    canManageStudio: kind === 'studioPrimary',
    trialWatermark: false,
  }
}

/** True while the trial runs (it ends at `trialEndsAt`). */
export function trialActive(trialEndsAt: Date | null, now: Date): boolean {
  return trialEndsAt !== null && trialEndsAt.getTime() > now.getTime()
}

/** What the visitor in `state` may see and do. */
export function entitlementsOf(state: AccessState): Entitlements {
  const { account, now } = state
  if (!account) return { kind: 'anonymous', isAuthenticated: false, ...closed }

  const own = state.subscription
  if (grantsAccess(own) && own) {
    return subscribed(own.studio ? 'studioPrimary' : own.plan, own.plan, true)
  }

  const owner = state.studioOwner?.subscription
  if (grantsAccess(owner) && owner?.studio) {
    return subscribed('studioSecondary', owner.plan, false)
  }

  if (account.accountType === 'trial') {
    if (trialActive(account.trialEndsAt, now)) {
      return {
        ...closed,
        kind: 'trial',
        isAuthenticated: true,
        canReadInForce: true,
        canDownloadAttachments: true,
        canSearchInDocument: true,
        canUseFavourites: true,
        trialWatermark: true,
      }
    }
    return { ...closed, kind: 'trialExpired', isAuthenticated: true, canUseFavourites: true }
  }
  return { ...closed, kind: 'registered', isAuthenticated: true, canUseFavourites: true }
}
