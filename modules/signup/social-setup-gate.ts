/**
 * Where an account that signed up through Google or Facebook may go before it
 * completes its registration: the set-up page itself, signing out, the legal
 * pages, and the calls pages make (better-auth, the API, the session check).
 * Any other page sends it to /registrati/setupsocial.
 */
import { HOME_AFTER_LOGIN, SOCIAL_SETUP_PATH } from '../accounts/index.ts'

const allowedPages = new Set([
  SOCIAL_SETUP_PATH,
  '/esci',
  '/termini-e-condizioni',
  '/privacy-policy',
  '/cookie-policy',
])
const allowedPrefixes = ['/api/', '/dev/', '/_']

/**
 * The page to send a not yet completed social account to, or null when
 * `pathname` may be shown. The page asked for (`pathname` and `search`) is
 * kept as `returnUrl`: the set-up continues there (a checkout, for one).
 */
export function socialSetupRedirect(
  user: { socialSetupPending: boolean } | null | undefined,
  pathname: string,
  search = '',
): string | null {
  if (!user?.socialSetupPending) return null
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (allowedPages.has(path.toLowerCase())) return null
  if (allowedPrefixes.some((prefix) => path.startsWith(prefix))) return null
  if (path === '/' || path === HOME_AFTER_LOGIN) return SOCIAL_SETUP_PATH
  return `${SOCIAL_SETUP_PATH}?returnUrl=${encodeURIComponent(`${pathname}${search}`)}`
}
