import type { APIContext, MiddlewareNext } from 'astro'
import { defineMiddleware } from 'astro:middleware'
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, sessionOf } from '#modules/accounts'
import { socialSetupRedirect } from '#modules/signup'
import { accessOf } from '#modules/access'
import { pageCacheRule } from '#modules/site-content'
import { it } from '#modules/i18n'
import {
  clientAddressOf,
  errorBody,
  getEnv,
  isCrossOriginWrite,
  isDatabaseUnavailable,
  nullByteInRequest,
  nullByteResponse,
  trustedOrigins,
  withSecurityPolicy,
} from '#modules/platform'

/** Every answer carries its Content-Security-Policy. */
const secured = (response: Response) => withSecurityPolicy(getEnv(), response)

/** Astro's server islands (`server:defer`): the personal parts of a page, fetched by the browser. */
const SERVER_ISLANDS_PREFIX = '/_server-islands/'

/** The connection's address, as Astro took it from the socket. */
function clientAddress(context: { clientAddress: string }): string {
  try {
    return context.clientAddress
  } catch {
    // Not available for this request (a prerendered page): counted as one unknown client.
    return ''
  }
}

/** Adds cookies to a response, copying it when its headers are immutable (Response.redirect). */
function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response
  try {
    for (const cookie of cookies) response.headers.append('set-cookie', cookie)
    return response
  } catch {
    const copy = new Response(response.body, response)
    for (const cookie of cookies) copy.headers.append('set-cookie', cookie)
    return copy
  }
}

/**
 * For every request: records the client address for the rate limits (any
 * value the client sent in that header is replaced), reads the session once
 * (nothing for visitors without a session cookie) and sets `locals.viewer`,
 * `locals.user` and `locals.entitlements` from the entitlements function,
 * and sends an account that has not completed its social sign-up to
 * /registrati/setupsocial. State-changing requests from another site's page
 * are refused (CSRF), so is a NUL byte in a request (400 naming the field),
 * and every answer carries its Content-Security-Policy.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  context.request.headers.set(
    CLIENT_IP_HEADER,
    clientAddressOf(
      getEnv().proxyTrust,
      context.request.headers.get('x-forwarded-for'),
      clientAddress(context),
    ),
  )
  if (isCrossOriginWrite(context.request, trustedOrigins(getEnv()))) {
    return secured(
      Response.json(errorBody('forbidden', it.errors.crossOrigin), {
        status: 403,
        headers: { 'cache-control': 'no-store' },
      }),
    )
  }
  // NUL bytes in sign-in, sign-up and the site's forms (the REST API, served by the server, checks its own).
  const nullByteField = await nullByteInRequest(context.request)
  if (nullByteField) return secured(nullByteResponse(nullByteField))
  if (context.url.pathname.startsWith(`${AUTH_BASE_PATH}/`)) {
    // better-auth reads the session itself.
    context.locals.viewer = { kind: 'anonymous' }
    try {
      return secured(await next())
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      return secured(
        Response.json(errorBody('service_unavailable', it.errors.unavailable), {
          status: 503,
          headers: { 'cache-control': 'no-store', 'retry-after': '5' },
        }),
      )
    }
  }
  try {
    return await renderPage(context, next)
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    // The database is down or restarting: the 503 page, rendered without a session (it needs none).
    context.locals.viewer = { kind: 'anonymous' }
    context.locals.databaseUnavailable = true
    const page = await next('/500')
    const headers = new Headers(page.headers)
    headers.set('cache-control', 'no-store')
    headers.set('retry-after', '5')
    return secured(new Response(page.body, { status: 503, headers }))
  }
})

/**
 * A page: the session and the entitlements in `locals`, the social sign-up
 * redirect, and the route caching of the pages of `pageCacheRule` (Astro's
 * cache provider keeps them per access class; the personal parts are server
 * islands, never cached).
 */
async function renderPage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { session, setCookies } = await sessionOf(context.request)
  const access = await accessOf(session?.user ?? null)
  context.locals.viewer = access.viewer
  context.locals.user = access.user ?? undefined
  context.locals.entitlements = access.entitlements
  context.locals.subscription = access.subscription
  // An account created through Google or Facebook completes its registration before anything else.
  const setup =
    context.request.method === 'GET'
      ? socialSetupRedirect(session?.user, context.url.pathname, context.url.search)
      : null
  if (setup) return secured(withCookies(context.redirect(setup), setCookies))
  const rule = context.url.search === '' ? pageCacheRule(context.url.pathname) : undefined
  if (rule) context.cache.set(rule)
  // The policy is set before the provider keeps the page, so a page answered from the cache carries it too.
  const response = secured(await next())
  if (context.url.pathname.startsWith(SERVER_ISLANDS_PREFIX))
    return withCookies(serverIslandAnswer(response), setCookies)
  return withCookies(response, setCookies)
}

/**
 * A server island's answer: one visitor's part of a page, which no browser or
 * proxy keeps. Astro refuses a malformed island request (a tampered or stale
 * address) with an empty 400: it gets the portal's error shape in Italian.
 */
function serverIslandAnswer(response: Response): Response {
  if (response.status < 400 || response.status >= 500 || response.headers.has('content-type')) {
    response.headers.set('cache-control', 'private, no-store')
    return response
  }
  return secured(
    Response.json(errorBody('bad_request', it.errors.serverIsland), {
      status: response.status,
      headers: { 'cache-control': 'private, no-store' },
    }),
  )
}
