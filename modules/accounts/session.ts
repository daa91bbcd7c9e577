/**
 * Reading and ending sessions. A request without a session cookie costs
 * nothing; with one, the session and its account are read in one indexed
 * query (better-auth joins them).
 */
import { COOKIE_PREFIX, authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'
import { viewerCache } from './viewer-cache.ts'

/** The signed-in account, as pages and routes see it. */
export type SignedInUser = {
  id: string
  email: string
  /** The address has been confirmed (its link opened, or proved by a provider or an invitation). */
  emailVerified: boolean
  /** Display name. */
  name: string
  firstName: string | null
  lastName: string | null
  profession: string | null
  accountType: 'trial' | 'standard'
  trialEndsAt: Date | null
  image: string | null
  createdAt: Date
  /** Created through Google or Facebook and not yet completed on /registrati/setupsocial. */
  socialSetupPending: boolean
}

export type CurrentSession = {
  sessionId: string
  expiresAt: Date
  user: SignedInUser
}

/** A session lookup, with the cookies the response must carry (a refreshed or cleared session cookie). */
export type SessionLookup = { session: CurrentSession | null; setCookies: string[] }

const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`

/** True when the Cookie header carries a session cookie (with or without the `__Secure-` prefix). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((part) => {
    const name = part.split('=')[0]?.trim()
    return name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`
  })
}

type RawUser = Record<string, unknown> & { id: string; email: string; name: string }

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value
  if (typeof value === 'string' || typeof value === 'number') return new Date(value)
  return null
}

function toUser(raw: RawUser): SignedInUser {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)
  return {
    id: raw.id,
    email: raw.email,
    emailVerified: raw.emailVerified === true,
    name: raw.name,
    firstName: text(raw.firstName),
    lastName: text(raw.lastName),
    profession: text(raw.profession),
    accountType: raw.accountType === 'standard' ? 'standard' : 'trial',
    trialEndsAt: toDate(raw.trialEndsAt),
    image: text(raw.image),
    createdAt: toDate(raw.createdAt) ?? new Date(0),
    socialSetupPending: raw.socialSetupPending === true,
  }
}

const lookups = new WeakMap<Request, Promise<SessionLookup>>()

/** The session cookie's value (with or without the `__Secure-` prefix), or null: it changes with every new session. */
export function sessionCookieValue(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    const name = part.slice(0, separator).trim()
    if (separator > 0 && (name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`))
      return part.slice(separator + 1).trim()
  }
  return null
}

async function lookup(headers: Headers): Promise<SessionLookup> {
  const token = sessionCookieValue(headers.get('cookie'))
  if (!token) return { session: null, setCookies: [] }
  // A found session whose cookie needs no refresh is reused for a few seconds (viewer-cache.ts).
  return viewerCache.get(
    `session:${token}`,
    () => readSession(headers),
    (found) => found.session !== null && found.setCookies.length === 0,
  )
}

async function readSession(headers: Headers): Promise<SessionLookup> {
  const { auth } = await getAccounts()
  const result = await auth.api.getSession({ headers, returnHeaders: true })
  const setCookies = result.headers?.getSetCookie() ?? []
  const found = result.response
  if (!found) return { session: null, setCookies }
  return {
    session: {
      sessionId: found.session.id,
      expiresAt: new Date(found.session.expiresAt),
      user: toUser(found.user as RawUser),
    },
    setCookies,
  }
}

/** The session of a request (read once per request object, however many callers ask). */
export function sessionOf(request: Request): Promise<SessionLookup> {
  const known = lookups.get(request)
  if (known) return known
  const pending = lookup(request.headers)
  lookups.set(request, pending)
  return pending
}

/** The session a Cookie header names (the server's fast paths, before a Request exists). */
export function sessionOfCookie(cookieHeader: string): Promise<SessionLookup> {
  return lookup(new Headers({ cookie: cookieHeader }))
}

/** Ends every session of the account except `keepSessionId` (single-session rule). */
export async function revokeOtherSessions(userId: string, keepSessionId: string): Promise<number> {
  const { pool } = await getAccounts()
  const result = await pool.query(`delete from ${authTables.session} where user_id = $1 and id <> $2`, [
    userId,
    keepSessionId,
  ])
  return result.rowCount ?? 0
}

/** Ends every session of an account (operators, a compromised account). */
export async function revokeAllSessions(userId: string): Promise<number> {
  const { pool } = await getAccounts()
  const result = await pool.query(`delete from ${authTables.session} where user_id = $1`, [userId])
  return result.rowCount ?? 0
}

/** Signs the request's session out; returns the cookies that clear it in the browser. */
export async function signOut(request: Request): Promise<string[]> {
  if (!hasSessionCookie(request.headers.get('cookie'))) return []
  const { auth } = await getAccounts()
  const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true })
  return result.headers?.getSetCookie() ?? []
}
