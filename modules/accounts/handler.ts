/**
 * The HTTP entry of better-auth at /api/auth/*. Error answers are rewritten
 * into the portal's error shape `{ error: { code, message } }` with Italian
 * messages; successful answers (and every cookie) pass through unchanged.
 */
import type { Pool } from 'pg'
import { it } from '../i18n/index.ts'
import { errorBody, getLogger, isDatabaseUnavailable } from '../platform/index.ts'
import { AUTH_BASE_PATH, AUTH_FLOOD_WINDOW_SECONDS, ownAuthErrorCodes } from './auth.ts'
import { getAccounts } from './runtime.ts'
import { ADDRESS_NOT_CONFIRMED } from './social.ts'

const ownCodes = new Set<string>(Object.values(ownAuthErrorCodes))

const translations: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: it.accounts.login.failed,
  INVALID_EMAIL: it.accounts.fields.emailInvalid,
  INVALID_TOKEN: it.accounts.reset.expired,
  PASSWORD_TOO_SHORT: it.accounts.password.tooShort,
  PASSWORD_TOO_LONG: it.accounts.password.tooLong,
  INVALID_PASSWORD: it.accounts.password.currentWrong,
  // The request came from a page that is not one of the portal's addresses (never a wrong password).
  INVALID_ORIGIN: it.errors.crossOrigin,
  MISSING_OR_NULL_ORIGIN: it.errors.crossOrigin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: it.errors.crossOrigin,
  [ADDRESS_NOT_CONFIRMED]: it.accounts.addressConfirmation.required,
}

/** The Italian message of a better-auth error. */
export function authErrorMessage(
  status: number,
  code: string | undefined,
  message: string | undefined,
): string {
  if (code && translations[code]) return translations[code]
  if (code && ownCodes.has(code) && message) return message
  if (status === 415) return it.errors.unsupportedMediaType
  if (status === 429) return it.accounts.tooManyRequests
  if (status === 401) return it.accounts.notSignedIn
  if (status === 404) return it.errors.routeNotFound
  return it.accounts.genericFailure
}

function parseError(text: string): { code?: string; message?: string } {
  if (!text) return {}
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown }
    return {
      code: typeof body.code === 'string' ? body.code : undefined,
      message: typeof body.message === 'string' ? body.message : undefined,
    }
  } catch {
    // A plain-text answer ('Not Found'): described by its status alone.
    return {}
  }
}

/** True when the database does not answer a trivial query (better-auth hides the cause of its 500s). */
async function databaseUnreachable(pool: Pool): Promise<boolean> {
  try {
    await pool.query('select 1')
    return false
  } catch (error) {
    if (isDatabaseUnavailable(error)) return true
    throw error
  }
}

/** Success answers of better-auth that carry an English `message`, by path: the Italian one. */
const confirmations: Record<string, string> = {
  [`${AUTH_BASE_PATH}/request-password-reset`]: it.accounts.reset.confirmation,
}

/** A success answer with its `message` in Italian (headers and cookies unchanged). */
async function italianSuccess(request: Request, response: Response): Promise<Response> {
  const confirmation = confirmations[new URL(request.url).pathname.toLowerCase()]
  if (!confirmation || !response.headers.get('content-type')?.includes('application/json')) return response
  const body: unknown = await response.json()
  if (typeof body !== 'object' || body === null) return Response.json(body, response)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify({ ...body, message: confirmation }), {
    status: response.status,
    headers,
  })
}

/** Answers one request to /api/auth/*. */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const { auth, pool } = await getAccounts()
  const response = await auth.handler(request)
  if (response.status < 400) return italianSuccess(request, response)
  const { code, message } = parseError(await response.text())
  if (response.status >= 500 && (await databaseUnreachable(pool))) {
    // better-auth answers 500 for any failure: when the database is the cause, the caller may retry.
    return new Response(JSON.stringify(errorBody('service_unavailable', it.errors.unavailable)), {
      status: 503,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': '5',
      },
    })
  }
  if (response.status >= 500) {
    getLogger().error({ status: response.status, code, message }, 'Errore del servizio di autenticazione')
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json; charset=utf-8')
  headers.set('cache-control', 'no-store')
  // better-auth's own flood limit says when to come back in X-Retry-After: every 429 says it in Retry-After.
  if (response.status === 429 && !headers.has('retry-after'))
    headers.set('retry-after', headers.get('x-retry-after') ?? String(AUTH_FLOOD_WINDOW_SECONDS))
  const italian = authErrorMessage(response.status, code, message)
  return new Response(JSON.stringify(errorBody(code ?? `http_${response.status}`, italian)), {
    status: response.status,
    headers,
  })
}
