/**
 * Typed calls from the islands to the REST API (`hono/client`): paths, inputs
 * and answers come from the routes' own zod schemas, so a changed route is a
 * type error here. Only types are imported from the modules.
 */
import { hc, type ClientResponse } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { FeedApi } from '#modules/feed'
import { readAnswer, type CallResult } from './json-client.ts'

/** Every call sends the session cookie and asks for JSON (set apart from `init`, which would replace the JSON content type). */
const options = { headers: { accept: 'application/json' }, init: { credentials: 'same-origin' } } as const

/** The feed's calls: news, favourites' news, notifications and the e-mail subscription. */
export const feedApi = hc<FeedApi>('/api/v1', options)

/** The body of the successful answers among a call's documented answers. */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S> ? (S extends SuccessStatusCode ? T : never) : never

/** A typed call read into the portal's result type; a network failure is a result with status 0. */
export async function resultOf<R extends ClientResponse<unknown>>(
  call: Promise<R>,
): Promise<CallResult<SuccessBody<R>>> {
  let response: R
  try {
    response = await call
  } catch {
    return { ok: false, status: 0 }
  }
  return readAnswer<SuccessBody<R>>(response)
}
