/// <reference types="astro/client" />
import type { Entitlements, SignedInUser } from '#modules/accounts'
import type { SubscriptionInfo } from '#modules/access'

declare global {
  namespace App {
    /** The kinds of visitor the portal tells apart (see the specification's visitor states). */
    type ViewerKind = 'anonymous' | 'trial' | 'trialExpired' | 'subscriber' | 'studioSecondary'

    /** Who is looking at the page, as decided by the middleware from the session. */
    type Viewer = {
      kind: ViewerKind
      displayName?: string
      email?: string
      /** Address of the profile picture, when the account has one. */
      image?: string
      plan?: 'premium' | 'professional'
      /** The server's message about the trial's end, shown in the top bar. */
      trialExpiryMessage?: string
      /** The renewal of the own subscription failed and is retried: a banner asks to update the card. */
      paymentIssue?: boolean
    }

    interface Locals {
      viewer: Viewer
      /** The signed-in account (absent for anonymous visitors and on /api/auth). */
      user?: SignedInUser
      /** What the visitor may see: the entitlements function's answer (absent on /api/auth). */
      entitlements?: Entitlements
      /** What billing knows of the account's subscription (the lookup's answer; absent on /api/auth). */
      subscription?: SubscriptionInfo
      /** The database did not answer: the page shown is the 503 one (set by the middleware). */
      databaseUnavailable?: boolean
    }
  }
}

export {}
