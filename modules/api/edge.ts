/**
 * The guards every /api/v1 request passes before its route, in one chain:
 * a request id, the client address for the rate limits, cross-site writes
 * refused (CSRF) but for Stripe's webhook, and the Content-Security-Policy of
 * every answer (errors and 404s included).
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import { CLIENT_IP_HEADER } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import {
  clientAddressOf,
  errorBody,
  getEnv,
  isCrossOriginWrite,
  trustedOrigins,
  withSecurityPolicy,
} from '../platform/index.ts'
import type { ApiEnv } from '../http/index.ts'

/** Stripe's webhook is called by Stripe's servers and proves itself with its signature, not with an origin. */
const WEBHOOK_PATH = '/api/v1/stripe/webhook'

/** The request id the server gave the request (or a new one), for the logs. */
export const requestIdOf: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.set('requestId', c.req.header('x-request-id') ?? randomUUID())
  await next()
}

/**
 * The client address for the rate limits: the connection's (behind
 * configured proxies, the X-Forwarded-For entry the outermost of them wrote,
 * counted from the right: platform's client-address.ts), replacing any value
 * the client sent. A request answered in-process (no connection: the
 * integration tests) keeps the address its caller named.
 */
export const recordClientAddress: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming) {
    const connection = incoming.socket.remoteAddress ?? ''
    c.req.raw.headers.set(
      CLIENT_IP_HEADER,
      clientAddressOf(getEnv().proxyTrust, c.req.header('x-forwarded-for') ?? null, connection),
    )
  }
  await next()
}

/** Every answer carries its Content-Security-Policy, and a write from another site's page is refused (403). */
export const securedEdge: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const env = getEnv()
  const pathname = new URL(c.req.url).pathname.toLowerCase().replace(/\/+$/, '')
  if (pathname !== WEBHOOK_PATH && isCrossOriginWrite(c.req.raw, trustedOrigins(env))) {
    c.header('cache-control', 'no-store')
    return withSecurityPolicy(env, c.json(errorBody('forbidden', it.errors.crossOrigin), 403))
  }
  await next()
  const secured = withSecurityPolicy(env, c.res)
  if (secured !== c.res) c.res = secured
  return undefined
}
