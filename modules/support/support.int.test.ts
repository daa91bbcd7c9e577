/**
 * Support reports on the real embedded Postgres: the captcha (solved as the
 * widget solves it, accepted once), the report stored for operators and mailed
 * to support, and the route's 401 and 400 answers.
 */
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER } from '../accounts/index.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getCms, poolOf } from '../cms/index.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import { createCaptchaChallenge, submitSupportReport, verifyCaptcha } from './index.ts'

let close: () => Promise<void>
let pool: Pool
const api = createApi({ version: 'test' })

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = poolOf(cms.payload)
})

afterAll(async () => {
  await close()
})

async function solvedPayload(): Promise<string> {
  const challenge = await createCaptchaChallenge()
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('sfida non risolta')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

describe('captcha', () => {
  it('accepts a solution once', async () => {
    const payload = await solvedPayload()
    expect(await verifyCaptcha(pool, payload)).toBe('ok')
    expect(await verifyCaptcha(pool, payload)).toBe('reused')
  })

  it('refuses a missing, malformed or tampered payload', async () => {
    expect(await verifyCaptcha(pool, undefined)).toBe('missing')
    expect(await verifyCaptcha(pool, 'non-base64!')).toBe('invalid')
    const decoded = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString('utf8')) as {
      solution: { counter: number }
    }
    decoded.solution.counter += 1
    expect(await verifyCaptcha(pool, Buffer.from(JSON.stringify(decoded)).toString('base64'))).toBe('invalid')
  })
})

describe('support reports', () => {
  it('stores the report for operators and mails it to support', async () => {
    const text = `Tabella mancante ${Date.now()}`
    const id = await submitSupportReport({
      pool,
      reporter: { id: 'utente-1', name: 'Giulia Bianchi', email: 'giulia@esempio.it' },
      body: { tipoRichiesta: 'suggerimenti', corpoRichiesta: text },
    })
    const payload = await getCms()
    const stored = await payload.findByID({ collection: 'support-reports', id, overrideAccess: true })
    expect(stored).toMatchObject({
      email: 'giulia@esempio.it',
      type: 'suggerimenti',
      status: 'new',
      body: text,
    })
    const mail = await pool.query<{ recipient: string; subject: string }>(
      'select recipient, subject from mail_outbox where dedupe_key = $1',
      [`support-report:${id}`],
    )
    expect(mail.rows[0]).toEqual({
      recipient: getEnv().SUPPORT_EMAIL,
      subject: 'Segnalazione (Suggerimenti) da giulia@esempio.it',
    })
  })

  it('answers 401 to an anonymous caller before reading the body', async () => {
    const response = await api.fetch(
      new Request(`${getEnv().publicUrl}/api/v1/user/invia-segnalazione`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: '10.1.1.1' },
        body: '{not json',
      }),
    )
    expect(response.status).toBe(401)
  })

  it('serves signed challenges that expire', async () => {
    const response = await api.fetch(new Request(`${getEnv().publicUrl}/api/v1/captcha/challenge`))
    expect(response.status).toBe(200)
    const challenge = (await response.json()) as { parameters: { expiresAt: number }; signature: string }
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now())
  })
})
