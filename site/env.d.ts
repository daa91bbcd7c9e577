/// <reference types="astro/client" />

declare namespace App {
  /** The kinds of visitor the portal tells apart (see the specification's visitor states). */
  type ViewerKind = 'anonymous' | 'trial' | 'trialExpired' | 'subscriber' | 'studioSecondary'

  /** Who is looking at the page, as decided by the middleware from the session. */
  type Viewer = {
    kind: ViewerKind
    displayName?: string
    email?: string
    plan?: 'premium' | 'professional'
    /** The server's message about the trial's end, shown in the top bar. */
    trialExpiryMessage?: string
  }

  interface Locals {
    viewer: Viewer
  }
}
