/**
 * The editors' sign-in at /cms/api/users/login (and /admin, which calls it)
 * throttled like the subscribers' (modules/accounts login-throttle.ts)
 * instead of Payload's lock of the whole account: the address that keeps
 * failing on an account waits, the account under attack is slowed down, a
 * password reset forgets the failures. Each attempt is counted as a failure
 * before Payload checks its password, so sign-ins sent at once cannot all be
 * tried; a right password, or an attempt that failed for another reason,
 * gives its count back.
 */
import {
  APIError,
  type CollectionAfterErrorHook,
  type CollectionAfterLoginHook,
  type CollectionAfterOperationHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'
import {
  clientIpOf,
  editorLoginThrottle,
  pause,
  type LoginAttempt,
} from '../../../../modules/accounts/index.ts'
import { poolOf } from '../../../../modules/cms/index.ts'
import { it } from '../../../../modules/i18n/index.ts'

/** Where the attempt of a login request is kept between the hooks of that request. */
const ATTEMPT_KEY = 'editorLoginAttempt'

const throttleOf = (req: PayloadRequest) => editorLoginThrottle(poolOf(req.payload))

const attemptOf = (req: PayloadRequest) => req.context[ATTEMPT_KEY] as LoginAttempt | undefined

/** Before the password is checked: the attempt is counted; an address that keeps failing on the account is refused, an account under attack waits. */
export const throttleLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const email = (args as { data?: { email?: unknown } }).data?.email
  const attempt: LoginAttempt = { email: typeof email === 'string' ? email : '', ip: clientIpOf(req.headers) }
  const decision = await throttleOf(req).begin(attempt)
  if (decision.kind === 'refuse') {
    req.responseHeaders = new Headers({ 'retry-after': String(decision.retryAfterSeconds) })
    throw new APIError(it.accounts.login.tooManyAttempts, 429, undefined, true)
  }
  await pause(decision.delayMs)
  req.context[ATTEMPT_KEY] = attempt
  return args
}

/**
 * A wrong password or an unknown editor (Payload answers both 401) stays counted; any other failure
 * of an attempt let through (a malformed request) was no guess and gives its count back.
 */
export const countFailedLogin: CollectionAfterErrorHook = async ({ error, req }) => {
  const attempt = attemptOf(req)
  if (!attempt) return
  req.context[ATTEMPT_KEY] = undefined
  if ((error as { status?: number }).status !== 401) await throttleOf(req).abandoned(attempt)
}

/** The right password: the attempt was no failure, and the failures of this address on the account are forgotten. */
export const clearLoginFailures: CollectionAfterLoginHook = async ({ req }) => {
  const attempt = attemptOf(req)
  if (!attempt) return
  req.context[ATTEMPT_KEY] = undefined
  await throttleOf(req).succeeded(attempt)
}

/** A password reset: every failure on the account is forgotten. */
export const forgetFailuresOnReset: CollectionAfterOperationHook = async ({ operation, result, req }) => {
  if (operation !== 'resetPassword') return result
  const email = (result as { user?: { email?: unknown } } | undefined)?.user?.email
  if (typeof email === 'string') await throttleOf(req).forgetAccount(email)
  return result
}
