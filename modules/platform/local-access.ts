/**
 * Who may reach the test tools under /dev/* (embedded mode only, this
 * computer only), and the listen address's reach: loopback addresses and
 * host names, the decision for one /dev request, the warning printed when
 * embedded mode listens beyond this computer.
 */
import type { Env } from './env.ts'
import { isIP } from 'node:net'
import { isLoopbackAddress, isLoopbackHost } from './loopback.ts'
import { isCrossOriginWrite } from './security.ts'

/** The test tools' prefix. */
export const DEV_PREFIX = '/dev/'

/** True for /dev and every path under it. */
export function isDevPath(pathname: string): boolean {
  return pathname === '/dev' || pathname.startsWith(DEV_PREFIX)
}

/** The host name of a Host header (`localhost:4321`, `[::1]:4321`), or undefined when it is not one. */
function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined
  try {
    return new URL(`http://${header}`).hostname
  } catch {
    return undefined
  }
}

/** The addresses a proxy says the request came from (X-Forwarded-For, X-Real-IP, Forwarded's `for=`). */
function forwardedAddresses(headers: DevRequest['headers']): string[] {
  const values = (name: string) => {
    const value = headers[name]
    return value === undefined ? [] : Array.isArray(value) ? value : [value]
  }
  const forwardedFor = values('forwarded').flatMap((value) =>
    [...value.matchAll(/for=("?)([^";,]*)\1/gi)].map((match) => (match[2] ?? '').replace(/:\d+$/, '')),
  )
  return [
    ...values('x-forwarded-for').flatMap((value) => value.split(',')),
    ...values('x-real-ip'),
    ...forwardedFor,
  ]
}

export type DevRequest = {
  method: string
  /** The connection's own address (the socket's, never a header's). */
  remoteAddress: string
  /** The request's headers (Node's lower-case names). */
  headers: Record<string, string | string[] | undefined>
  /** The origins the portal accepts writes from (trustedOrigins). */
  ownOrigins: readonly string[]
}

/**
 * - `allowed`: answer it;
 * - `not-found`: there are no test tools (production mode): /dev/* does not exist;
 * - `not-local`: a client on another computer (or sent on by a proxy), or a page of
 *   another site reaching this computer through its own host name (DNS rebinding);
 * - `cross-origin`: a POST from a page of another site (CSRF).
 */
export type DevAccess = 'allowed' | 'not-found' | 'not-local' | 'cross-origin'

/**
 * The decision for one request to a test tool under /dev/*: they exist only in
 * embedded mode, answer only this computer (the connection, every address a
 * proxy names, and the Host the browser asked for are all loopback), and take a
 * POST only from the portal's own pages.
 */
export function devToolAccess(embedded: boolean, request: DevRequest): DevAccess {
  if (!embedded) return 'not-found'
  if (!isLocalRequest(request)) return 'not-local'
  return isCrossOriginPost(request) ? 'cross-origin' : 'allowed'
}

/**
 * True for a request from this computer only: the connection, every address a
 * proxy names, and the Host the client asked for are all loopback (a proxy on
 * this computer relaying another's request, or a page of another site reaching
 * this computer through its own host name, is not local).
 */
export function isLocalRequest(request: Pick<DevRequest, 'remoteAddress' | 'headers'>): boolean {
  const host = hostName(typeof request.headers.host === 'string' ? request.headers.host : undefined)
  return (
    isLoopbackAddress(request.remoteAddress) &&
    forwardedAddresses(request.headers).every(isLoopbackAddress) &&
    host !== undefined &&
    isLoopbackHost(host)
  )
}

/** True for a POST (or any write) sent by a page of another site: the same rule as the API's CSRF check. */
export function isCrossOriginPost(request: Pick<DevRequest, 'method' | 'headers' | 'ownOrigins'>): boolean {
  const header = (name: string) => {
    const value = request.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const headers: Record<string, string> = {}
  for (const name of ['origin', 'sec-fetch-site']) {
    const value = header(name)
    if (value !== undefined) headers[name] = value
  }
  return isCrossOriginWrite(new Request('http://portal.local/', { method: request.method, headers }), [
    ...request.ownOrigins,
  ])
}

/**
 * The warning for a listen address other computers reach in embedded mode
 * (its demo accounts have a published password), or undefined.
 */
export function exposureWarning(env: Pick<Env, 'embedded' | 'HOST' | 'PORT'>): string | undefined {
  if (!env.embedded || isLoopbackHost(env.HOST)) return undefined
  return (
    `Attenzione: HOST=${env.HOST} rende il portale in modalità incorporata raggiungibile da altri computer ` +
    `sulla porta ${env.PORT}, con gli account dimostrativi e la loro password pubblica (Demo2026!). ` +
    'Gli strumenti di prova /dev/* (posta di prova, orologio di Stripe, rapporti CSP, riepilogo notifiche) ' +
    'rispondono solo alle richieste da questo computer. Per limitare il portale a questo computer ' +
    'togli HOST (predefinito 127.0.0.1).'
  )
}

/** The portal's own address on this computer (its webhooks, the embedded services): loopback when it listens everywhere. */
export function selfUrl(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = ['0.0.0.0', '::', '[::]'].includes(env.HOST) ? '127.0.0.1' : env.HOST
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${env.PORT}`
}
