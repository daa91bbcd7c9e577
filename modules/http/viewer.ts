/**
 * The caller of an API request: the session and the entitlements, read once
 * per request by `readViewer` into the request context. Route handlers read
 * them from there (`viewerOf(c)`, `signedInOf(c)`), never from the session.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { accessOf, type Access } from '../access/index.ts'
import { sessionOf, type CurrentSession, type SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { errorBody } from '../platform/index.ts'

/** Who calls: the session (null for an anonymous caller) and what the entitlements function grants. */
export type Viewer = { session: CurrentSession | null; access: Access }

/** A signed-in caller. */
export type SignedIn = { session: CurrentSession; user: SignedInUser; access: Access }

/** The variables every API request carries in its context. */
export type ApiVariables = { requestId: string; viewer: Viewer }

type ViewerContext = Context<{ Variables: ApiVariables }>

/**
 * Reads the session and the entitlements once, before any route; a refreshed or
 * cleared session cookie goes out with the answer. Costs nothing without a session cookie.
 */
export const readViewer: MiddlewareHandler<{ Variables: ApiVariables }> = async (c, next) => {
  const { session, setCookies } = await sessionOf(c.req.raw)
  c.set('viewer', { session, access: await accessOf(session?.user ?? null) })
  await next()
  if (setCookies.length === 0) return
  // Whatever answered (a route, the gate's 401, an error), including an answer built as a plain Response.
  const answer = new Response(c.res.body, c.res)
  for (const cookie of setCookies) answer.headers.append('set-cookie', cookie)
  c.res = undefined
  c.res = answer
}

/** The caller of the request. */
export function viewerOf(c: ViewerContext): Viewer {
  return c.get('viewer')
}

/**
 * The signed-in caller. Every operation that is not public refused anonymous
 * callers before its route (gate.ts), so a route that calls this has one.
 */
export function signedInOf(c: ViewerContext): SignedIn {
  const { session, access } = c.get('viewer')
  if (!session) throw new Error('Operazione riservata raggiunta senza sessione: manca in public-operations?')
  return { session, user: session.user, access }
}

/** A route for signed-in callers only: its answer is personal, never stored by a cache (401 without a session). */
export const signedInOnly: MiddlewareHandler<{ Variables: ApiVariables }> = async (c, next) => {
  if (!c.get('viewer').session) return c.json(errorBody('unauthorized', it.accounts.notSignedIn), 401)
  c.header('cache-control', 'no-store')
  await next()
  return undefined
}
