/**
 * The access state of a request: who is signed in, what the entitlements
 * function grants them (trial, own subscription, Studio owner's), and how
 * the site shell shows them.
 */
import {
  entitlementsOf,
  trialExpiryMessage,
  viewerCache,
  type Entitlements,
  type Plan,
  type SignedInUser,
} from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { lookupSubscription, type SubscriptionInfo, type SubscriptionLookup } from './subscription.ts'

async function subscriptionInfo(user: SignedInUser, lookup: SubscriptionLookup): Promise<SubscriptionInfo> {
  return viewerCache.get(`subscription:${user.id}:${user.email}`, () =>
    lookup({ id: user.id, email: user.email }),
  )
}

/** How the site shell shows the visitor (the `App.Viewer` of the site). */
export type ViewerSummary = {
  kind: 'anonymous' | 'trial' | 'trialExpired' | 'subscriber' | 'studioSecondary'
  displayName?: string
  email?: string
  /** Address of the profile picture (the top bar's user menu). */
  image?: string
  plan?: Plan
  trialExpiryMessage?: string
  /** The renewal of the account's own subscription failed and is being retried: the shell asks for a new card. */
  paymentIssue?: boolean
}

/** The access of one request. */
export type Access = {
  user: SignedInUser | null
  entitlements: Entitlements
  viewer: ViewerSummary
  subscription: SubscriptionInfo
}

/** The shell's view of a visitor with these entitlements. */
export function viewerOf(entitlements: Entitlements, user: SignedInUser | null, now: Date): ViewerSummary {
  if (!user || !entitlements.isAuthenticated) return { kind: 'anonymous' }
  const who = {
    displayName: user.name || undefined,
    email: user.email,
    ...(user.image ? { image: user.image } : {}),
  }
  switch (entitlements.kind) {
    case 'trial':
    case 'trialExpired':
      return {
        kind: entitlements.kind,
        ...who,
        trialExpiryMessage: trialExpiryMessage(user.trialEndsAt, now),
      }
    case 'premium':
    case 'professional':
    case 'studioPrimary':
      return { kind: 'subscriber', ...who, ...(entitlements.plan ? { plan: entitlements.plan } : {}) }
    case 'studioSecondary':
      return { kind: 'studioSecondary', ...who, ...(entitlements.plan ? { plan: entitlements.plan } : {}) }
    default:
      // Signed in without trial or subscription: shown like an ended trial (no content, purchase offered).
      return { kind: 'trialExpired', ...who, trialExpiryMessage: it.accounts.noSubscriptionNotice }
  }
}

/** The entitlements of an account (null: an anonymous visitor) with its subscription side, at `now`. */
export function entitlementsWith(
  account: Pick<SignedInUser, 'accountType' | 'trialEndsAt'> | null,
  subscription: SubscriptionInfo,
  now: Date,
): Entitlements {
  return entitlementsOf({
    account: account ? { accountType: account.accountType, trialEndsAt: account.trialEndsAt } : null,
    subscription: subscription.subscription ?? null,
    studioOwner: subscription.studioOwner ?? null,
    now,
  })
}

/** The access of a signed-in account (or of an anonymous visitor when `user` is null). */
export async function accessOf(
  user: SignedInUser | null,
  now = new Date(),
  lookup: SubscriptionLookup = lookupSubscription,
): Promise<Access> {
  const subscription = user ? await subscriptionInfo(user, lookup) : {}
  const entitlements = entitlementsWith(user, subscription, now)
  const viewer = viewerOf(entitlements, user, now)
  // Access stays while Stripe retries a failed renewal; the owner is asked to replace the card.
  if (subscription.subscription?.status === 'past_due' && entitlements.kind !== 'studioSecondary')
    viewer.paymentIssue = true
  return { user, entitlements, viewer, subscription }
}
