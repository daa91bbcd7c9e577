/**
 * Typed calls from the islands to the REST API (`hono/client`): paths, inputs
 * and answers come from the routes' own zod schemas, so a changed route is a
 * type error here. Only types are imported, from the API that mounts the routes.
 */
import { hc, type ClientResponse } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type {
  AccountsApi,
  BillingApi,
  CcnlApi,
  ErasureApi,
  FeedApi,
  PrivacyApi,
  SignupApi,
  StudioApi,
  SupportApi,
} from '#modules/api'
import { readAnswer, type CallResult } from './json-client.ts'

/** Every call sends the session cookie and asks for JSON (set apart from `init`, which would replace the JSON content type). */
const options = { headers: { accept: 'application/json' }, init: { credentials: 'same-origin' } } as const

/** The account calls: profile, password and e-mail changes, the address confirmation. */
export const accountsApi = hc<AccountsApi>('/api/v1', options)

/** The sign-up calls: the trial sign-up and the completion of a Google or Facebook sign-up. */
export const signupApi = hc<SignupApi>('/api/v1', options)

/** The billing calls (pay-prefix `stripe/`): figures, customer, subscription, cards. */
export const billingApi = hc<BillingApi>('/api/v1', options)

/** The feed's calls: news, favourites' news, notifications and the e-mail subscription. */
export const feedApi = hc<FeedApi>('/api/v1', options)

/** The Studio calls: linked accounts, invitations. */
export const studioApi = hc<StudioApi>('/api/v1', options)

/** The contract database's calls used by the islands (the filters' contract list). */
export const ccnlApi = hc<CcnlApi>('/api/v1', options)

/** Deleting the account: the form's facts, the mailed code, the deletion. */
export const erasureApi = hc<ErasureApi>('/api/v1', options)

/** The help centre's support report. */
export const supportApi = hc<SupportApi>('/api/v1', options)

/** The request of the account's personal data (Profilo › Sicurezza). */
export const privacyApi = hc<PrivacyApi>('/api/v1', options)

/** A path parameter as the URL carries it (hono/client puts it in the path as given). */
export const segment = (value: string) => encodeURIComponent(value)

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
