/**
 * Who may read /metrics: a request from this computer only (the connection,
 * every address a proxy names and the Host are loopback), or one presenting
 * METRICS_TOKEN as `Authorization: Bearer <token>`, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { isLocalRequest } from '../platform/index.ts'

export type MetricsRequest = {
  /** The connection's own address (the socket's, never a header's). */
  remoteAddress: string
  /** The request's headers (Node's lower-case names). */
  headers: Record<string, string | string[] | undefined>
}

/** The token of an `Authorization: Bearer` header, or undefined. */
function bearerToken(headers: MetricsRequest['headers']): string | undefined {
  const value = headers.authorization
  const header = Array.isArray(value) ? value[0] : value
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

/** True when `given` is `expected`, in a time that depends on neither (both digested to the same length first). */
export function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** True when the request may read the metrics: it presents the token, or it comes from this computer only. */
export function mayReadMetrics(token: string | undefined, request: MetricsRequest): boolean {
  const given = bearerToken(request.headers)
  if (token !== undefined && given !== undefined && sameToken(given, token)) return true
  return isLocalRequest(request)
}
