/**
 * The proof-of-work captcha of the support form (ALTCHA): challenges signed
 * with a secret derived from the portal's secret, solutions verified on the
 * server and each accepted once (table `captcha_solutions`, kept until the
 * challenge expires).
 */
import { createHmac } from 'node:crypto'
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { Pool } from 'pg'
import { z } from 'zod'
import { getEnv } from '../platform/index.ts'

/** A challenge is valid for this long after it is issued. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000
/** PBKDF2 iterations per attempt: about a second of work in a browser. */
const COST = 2_000

function secret(): string {
  return createHmac('sha256', getEnv().payloadSecret || 'bancadati')
    .update('altcha-captcha')
    .digest('hex')
}

/** A new signed challenge for the widget. */
export async function createCaptchaChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    deriveKey,
    hmacSignatureSecret: secret(),
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
  })
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({ nonce: z.string().min(8).max(200), expiresAt: z.number().optional() })
      .passthrough(),
    signature: z.string().optional(),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(1000),
    time: z.number().optional(),
  }),
})

/** Why a captcha was refused. */
export type CaptchaOutcome = 'ok' | 'missing' | 'invalid' | 'expired' | 'reused'

/**
 * Verifies the widget's payload (base64 JSON of challenge and solution) and
 * marks the challenge used, so the same solution is refused the second time.
 */
export async function verifyCaptcha(pool: Pool, payload: string | null | undefined): Promise<CaptchaOutcome> {
  if (!payload) return 'missing'
  let parsed: z.infer<typeof payloadSchema>
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')))
  } catch {
    return 'invalid'
  }
  const result = await verifySolution({
    challenge: parsed.challenge as unknown as Challenge,
    solution: parsed.solution as Solution,
    deriveKey,
    hmacSignatureSecret: secret(),
  })
  if (result.expired) return 'expired'
  if (!result.verified) return 'invalid'
  const expiresAt = new Date(
    (parsed.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CHALLENGE_TTL_MS,
  )
  await pool.query('delete from captcha_solutions where expires_at < now()')
  const inserted = await pool.query(
    'insert into captcha_solutions (challenge_id, expires_at) values ($1, $2) on conflict do nothing',
    [parsed.challenge.parameters.nonce, expiresAt],
  )
  return inserted.rowCount === 1 ? 'ok' : 'reused'
}
