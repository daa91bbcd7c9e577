/** Where a visitor goes after signing in. */

/** The page a signed-in visitor starts from. */
export const HOME_AFTER_LOGIN = '/bancadati'

/**
 * The `returnUrl` of the login page, honoured only for a path of this site:
 * it must start with a single '/' (not '//', not '/\'), hold no control
 * characters and no scheme, and stay on the same origin once resolved.
 * Anything else gives `fallback`.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = HOME_AFTER_LOGIN): string {
  if (typeof value !== 'string') return fallback
  const candidate = value.trim()
  if (candidate.length === 0 || candidate.length > 2000) return fallback
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback
  // Browsers drop tabs and newlines inside URLs and read '\' as '/': '/\t/evil.example' would leave the site.
  if (
    [...candidate].some(
      (character) => character.charCodeAt(0) < 0x20 || character === '\u007f' || character === '\\',
    )
  )
    return fallback
  const base = 'http://portale.invalid'
  let resolved: URL
  try {
    resolved = new URL(candidate, base)
  } catch {
    return fallback
  }
  if (resolved.origin !== base) return fallback
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`
  // No loop back to the login page itself.
  if (/^\/accedi(\/|$|\?|#)/i.test(path)) return fallback
  return path
}
