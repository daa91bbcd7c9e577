/**
 * Print tokens: short-lived (10 minutes), signed by the server, valid only
 * for the print view of one document and carrying the account's id. A print
 * page opened in a new tab reads its identity from the token, never from
 * anything else the client sends. Tokens are never logged (the server logs
 * paths without query strings).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv } from '../platform/index.ts'

export const PRINT_TOKEN_MINUTES = 10

type Claims = { u: string; t: string; r: string; e: number; s: 'print' }

const secret = () => `${getEnv().payloadSecret}:print-token`
const sign = (body: string) => createHmac('sha256', secret()).update(body).digest('base64url')

/** A token letting `userId` print document `type`/`ref` for the next minutes. */
export function createPrintToken(userId: string, type: string, ref: string, now = Date.now()): string {
  const claims: Claims = {
    u: userId,
    t: type.toLowerCase(),
    r: ref,
    e: now + PRINT_TOKEN_MINUTES * 60_000,
    s: 'print',
  }
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${sign(body)}`
}

/**
 * A pass for the session that opened a print view with a valid token: kept in
 * a cookie of that print path, it lets the same session open the view again
 * (a reload, after the token left the address bar) until the session ends. It
 * is bound to the session cookie's value, so another browser or a later
 * session cannot use it.
 */
export function createPrintPass(sessionKey: string, type: string, ref: string): string {
  return sign(`pass:${sessionKey}:${type.toLowerCase()}:${ref}`)
}

/** True when `pass` was made by `createPrintPass` for this session and document. */
export function verifyPrintPass(pass: string, sessionKey: string, type: string, ref: string): boolean {
  const expected = Buffer.from(createPrintPass(sessionKey, type, ref))
  const given = Buffer.from(pass)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The account id of a valid token for this document, or null (bad signature, expired, other document). */
export function verifyPrintToken(token: string, type: string, ref: string, now = Date.now()): string | null {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return null
  const expected = Buffer.from(sign(body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let claims: Claims
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims
  } catch {
    return null
  }
  if (claims.s !== 'print' || claims.t !== type.toLowerCase() || claims.r !== ref) return null
  if (typeof claims.e !== 'number' || claims.e < now) return null
  return typeof claims.u === 'string' && claims.u ? claims.u : null
}
