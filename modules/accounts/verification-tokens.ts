/**
 * The one-time secrets of `auth_verifications` are stored as digests, never
 * as the token a mail carries: a copy of the database (a backup, a dump, a
 * replica) then holds no usable reset link, e-mail undo code or deletion
 * code. better-auth hashes its own identifiers (`storeIdentifier: 'hashed'`
 * in auth.ts: SHA-256, base64url without padding); the portal's own rows use
 * the same digest, so one lookup rule serves the whole table.
 */
import { createHash, createHmac } from 'node:crypto'
import type { Env } from '../platform/index.ts'

/** The stored form of a verification identifier, as better-auth's `storeIdentifier: 'hashed'` writes it. */
export function storedIdentifier(identifier: string): string {
  return createHash('sha256').update(identifier).digest('base64url')
}

/** A digest of a token for keys that must stay unique per token without holding it (mail dedupe keys). */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The stored form of a short code (six digits): a digest anyone could
 * reverse by trying the million codes, so it is keyed with a secret derived
 * from the portal's own, which the database never holds.
 */
export function keyedCodeDigest(env: Pick<Env, 'payloadSecret'>, scope: string, code: string): string {
  const key = createHmac('sha256', env.payloadSecret).update('bancadati:verification-codes').digest()
  return createHmac('sha256', key).update(`${scope}:${code}`).digest('hex')
}
