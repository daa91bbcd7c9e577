/** What the site shell shows to each kind of visitor. */

type Viewer = App.Viewer

/** True for every signed-in visitor. */
export function isSignedIn(viewer: Viewer): boolean {
  return viewer.kind !== 'anonymous'
}

/** The free-trial call to action: only for visitors without an account. */
export function offersTrial(viewer: Viewer): boolean {
  return viewer.kind === 'anonymous'
}

/** The purchase call to action: never for subscribers or secondary Studio accounts. */
export function offersPurchase(viewer: Viewer): boolean {
  return viewer.kind === 'anonymous' || viewer.kind === 'trial' || viewer.kind === 'trialExpired'
}

/** The 'feature not available' modal's audience. */
export function featureUnavailableAudience(viewer: Viewer): 'anonymous' | 'trialExpired' | undefined {
  if (viewer.kind === 'anonymous') return 'anonymous'
  if (viewer.kind === 'trialExpired') return 'trialExpired'
  return undefined
}

/** One or two letters for the avatar, from the display name or the e-mail. */
export function initials(viewer: Viewer): string {
  const source = viewer.displayName?.trim() || viewer.email?.trim() || ''
  const words = source.split(/[\s@._-]+/).filter(Boolean)
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0]?.slice(0, 2) ?? '')
  return letters.toUpperCase() || '?'
}

/** True when `href` is the current page or (for sections) one of its sub-pages. */
export function isCurrent(pathname: string, href: string, section = false): boolean {
  const clean = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') : value).toLowerCase()
  const path = clean(pathname)
  const target = clean(href)
  return path === target || (section && path.startsWith(`${target}/`))
}
