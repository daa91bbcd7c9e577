/**
 * Requests to the portal's entries answered in-process (the API's `fetch`,
 * better-auth's `handleAuthRequest`), as a page of the portal sends them:
 * its origin, a client address (a random one unless told), a session cookie
 * and a JSON body when given.
 */
import { CLIENT_IP_HEADER } from '../modules/accounts/index.ts'
import { getEnv } from '../modules/platform/index.ts'

/** A client address of the 10.0.0.0/8 range, new each time. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

export type PageCall = { body?: unknown; cookie?: string; ip?: string; method?: string }

/** A request to `path` of the portal as its own page sends it. */
export function pageRequest(path: string, call: PageCall = {}): Request {
  const base = getEnv().publicUrl
  const headers = new Headers({ origin: base, [CLIENT_IP_HEADER]: call.ip ?? randomIp() })
  if (call.body !== undefined) headers.set('content-type', 'application/json')
  if (call.cookie) headers.set('cookie', call.cookie)
  return new Request(`${base}${path}`, {
    method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
}
