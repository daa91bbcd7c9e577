/**
 * The browser-facing security rules of every response: the common headers
 * (nosniff, referrer policy, framing, HSTS behind TLS), the Content-Security
 * Policy of the site pages and of the admin, and the cross-origin check of
 * state-changing requests (CSRF).
 */
import { createCache } from './cache.ts'
import type { Env } from './env.ts'

/** Where browsers send Content-Security-Policy violation reports (POST, JSON). */
export const CSP_REPORT_PATH = '/csp-report'

/** One year: the HSTS lifetime browsers and preload lists expect. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/**
 * True when the visitor reached the portal over TLS: the public address is
 * https, or a trusted proxy (TRUST_PROXY or TRUSTED_PROXIES) says the connection was https.
 */
export function isTlsRequest(env: Env, forwardedProto: string | null | undefined): boolean {
  if (env.publicUrl.startsWith('https://')) return true
  if (env.proxyTrust.kind === 'none' || !forwardedProto) return false
  return forwardedProto.split(',')[0]?.trim().toLowerCase() === 'https'
}

/** Headers every response carries. HSTS only behind TLS: on plain http it would be ignored or, worse, stick to a test host. */
export function commonSecurityHeaders(options: { tls: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers without CSP frame-ancestors; the site pages say the same in their policy.
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  }
  if (options.tls) headers['strict-transport-security'] = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`
  return headers
}

/** Outside sources the checkout needs with real Stripe (Stripe.js and its frames); none in emulator mode. */
function stripeSources(env: Env) {
  const live = env.PUBLIC_STRIPE_PUBLISHABLE_KEY !== undefined
  return {
    script: live ? ['https://js.stripe.com'] : [],
    frame: live ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [],
    connect: live ? ['https://api.stripe.com'] : [],
  }
}

/** Reads the source list of one directive from a policy (`script-src 'self' 'sha256-…'` -> the sources). */
function directiveSources(policy: string | null, name: string): string[] {
  if (!policy) return []
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/)
    if (directive === name) return sources
  }
  return []
}

/**
 * The policy of the site pages. Scripts: only the portal's own files and the
 * inline scripts whose hashes Astro computed at build time (`astroPolicy` is
 * the header Astro rendered; it lists them), never `unsafe-inline`. Styles
 * allow inline `style` attributes (the cookie banner, the tour and the
 * captcha set them; a style cannot run script). Frames of the portal are
 * refused everywhere (print views included).
 */
export function sitePolicy(env: Env, astroPolicy: string | null): string {
  // The same few policies come back on every page of a build: each is composed once.
  const stripe = env.PUBLIC_STRIPE_PUBLISHABLE_KEY === undefined ? 'local' : 'stripe'
  return sitePolicies.memo(`${stripe}:${astroPolicy ?? ''}`, () => composeSitePolicy(env, astroPolicy))
}

/** The site policies composed, by Stripe's presence and Astro's policy. */
const sitePolicies = createCache<string>({ name: 'site-policies', max: 500 })

function composeSitePolicy(env: Env, astroPolicy: string | null): string {
  const stripe = stripeSources(env)
  const scripts = new Set(["'self'", ...directiveSources(astroPolicy, 'script-src'), ...stripe.script])
  scripts.delete("'unsafe-inline'")
  return [
    "default-src 'self'",
    `script-src ${[...scripts].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${stripe.connect.join(' ')}`.trim(),
    // The captcha solves its challenge in a worker built from a blob.
    "worker-src 'self' blob:",
    // Mails shown by the embedded mailbox and invoices of the emulator open in the portal's own frames.
    `frame-src 'self' ${stripe.frame.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ')
}

/**
 * The policy of /admin and Payload's API. Looser than the site's: Next.js
 * hydrates the admin with inline scripts that carry no nonce in a custom
 * server, and the code editor (Monaco, served by the portal itself at
 * /cms/api/monaco/vs) evaluates code and runs blob workers; only signed-in
 * editors reach these pages, and everything they render from data is
 * React-escaped. No origin but the portal's own: nothing is loaded from a
 * CDN. Framing is allowed only by the admin itself (live preview).
 */
export function adminPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ')
}

/** Where Payload serves the uploaded files of a collection: `/cms/api/<collection>/file/<name>`. */
const UPLOADED_FILE_PATH = /^\/cms\/api\/(?:media|site-media)\/file\//

/** True for the address of an uploaded file (media and site media), whose answer gets `uploadedFileHeaders`. */
export function isUploadedFilePath(pathname: string): boolean {
  return UPLOADED_FILE_PATH.test(pathname)
}

/** Images and documents drawn by the browser itself: an SVG or any XML may carry script. */
const isScriptable = (name: string, type: string | null | undefined) =>
  /\.(svg|svgz|xml|xsl)$/i.test(name) || /(^|\/)(xml|[^;]*\+xml)(;|$)/i.test((type ?? '').trim())

/**
 * The headers of an uploaded file (media, site media) opened on its own: it
 * runs no script and loads nothing (`script-src 'none'`, `default-src 'none'`);
 * an SVG or XML file is also sandboxed and downloaded instead of shown
 * (`Content-Disposition: attachment`), so it is an image only inside the
 * portal's own pages (`<img>` ignores both). A PDF or a video keeps the
 * browser's viewer (a sandbox would block Chrome's PDF viewer).
 */
export function uploadedFileHeaders(name: string, type?: string | null): Record<string, string> {
  const scriptable = isScriptable(name, type)
  const policy = [
    "default-src 'none'",
    "img-src 'self' data:",
    "media-src 'self'",
    "style-src 'unsafe-inline'",
    "script-src 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    ...(scriptable ? ['sandbox'] : []),
  ].join('; ')
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    // The browser names the download after the address, which is the file's name.
    ...(scriptable ? { 'content-disposition': 'attachment' } : {}),
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * True when a state-changing request comes from another site's page (CSRF).
 * Browsers mark every request with `Sec-Fetch-Site` and send `Origin` on every
 * POST; a request with neither comes from a program, not from a browser page,
 * and carries no ambient credentials worth forging. Same rule as Go's
 * CrossOriginProtection.
 */
export function isCrossOriginWrite(request: Request, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  const site = request.headers.get('sec-fetch-site')
  const origin = request.headers.get('origin')
  if (origin !== null) {
    // `null` is what sandboxed frames and privacy-stripped requests send: never trusted.
    return !allowedOrigins.includes(origin.toLowerCase().replace(/\/$/, ''))
  }
  if (site !== null) return site !== 'same-origin' && site !== 'none'
  return false
}

/** The names a browser on the server's own machine reaches it by. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins whose pages may sign in and change state: the public address,
 * the ones TRUSTED_ORIGINS adds (www and apex), and in embedded mode the
 * server's own loopback names at its port. Never the Host a request names:
 * a page of any site whose name resolves to the server would send that.
 */
export function trustedOrigins(env: Env): string[] {
  const loopback = env.embedded ? LOOPBACK_HOSTS.map((host) => `http://${host}:${env.PORT}`) : []
  return [...new Set([new URL(env.publicUrl).origin.toLowerCase(), ...env.TRUSTED_ORIGINS, ...loopback])]
}

/** The policy of an answer that is not a page: it may not run or frame anything. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * Gives an answer its Content-Security-Policy: pages get the site's policy
 * (keeping the script hashes Astro listed), everything else NON_PAGE_POLICY.
 * Copies the answer when its headers are immutable (Response.redirect).
 */
export function withSecurityPolicy(env: Env, response: Response): Response {
  const html = (response.headers.get('content-type') ?? '').includes('text/html')
  const policy = html ? sitePolicy(env, response.headers.get('content-security-policy')) : NON_PAGE_POLICY
  try {
    response.headers.set('content-security-policy', policy)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.set('content-security-policy', policy)
    return copy
  }
}
