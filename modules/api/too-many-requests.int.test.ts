/**
 * Every 429 of the portal says when to come back: the limits the third
 * attack round found answering without `Retry-After` (data export, trial
 * sign-up, contact calls, deletion codes) and better-auth's own refusals,
 * through the HTTP entries the browser uses, on the real embedded Postgres.
 */
import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  getAccountsPool,
  handleAuthRequest,
  hashPassword,
  inTransaction,
  insertAccount,
} from '../accounts/index.ts'
import { setHubspotClient } from '../contacts/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import { pageRequest, randomIp, type PageCall } from '../../tests/page-request.ts'
import { createApi } from './index.ts'

let close: () => Promise<void>
let pool: Pool
const api = createApi({ version: 'test' })
const unique = () => randomBytes(4).toString('hex')
const PASSWORD = 'Prova2026!'

const v1 = (path: string, call: PageCall = {}) => api.fetch(pageRequest(`/api/v1${path}`, call))
const auth = (path: string, call: PageCall = {}) => handleAuthRequest(pageRequest(`/api/auth${path}`, call))

/** A confirmed account with a password (or none), signed in: its id, address and cookie. */
async function signedInAccount(options: { password: boolean }) {
  const email = `limiti-${unique()}@esempio.it`
  const id = await inTransaction(async (client) =>
    insertAccount(client, {
      email,
      firstName: 'Rita',
      lastName: 'Conti',
      profession: null,
      accountType: 'standard',
      trialEndsAt: null,
      emailVerified: true,
      passwordHash: await hashPassword(PASSWORD),
    }),
  )
  if (!id) throw new Error('account non creato')
  const signedIn = await auth('/sign-in/email', { body: { email, password: PASSWORD } })
  expect(signedIn.status).toBe(200)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .join('; ')
  if (!options.password)
    await pool.query(
      `update auth_accounts set provider_id = 'google', account_id = $2, password = null where user_id = $1`,
      [id, `google-${unique()}`],
    )
  return { id, email, cookie }
}

/** A refusal as the edge answers it: 429, the portal's error shape, and a whole number of seconds to wait. */
async function expectRetryAfter(response: Response) {
  expect(response.status).toBe(429)
  const seconds = Number(response.headers.get('retry-after'))
  expect(Number.isInteger(seconds)).toBe(true)
  expect(seconds).toBeGreaterThan(0)
  const body = (await response.json()) as { error: { message: string } }
  expect(body.error.message.length).toBeGreaterThan(10)
  return seconds
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = await getAccountsPool()
  setHubspotClient(null)
})

afterAll(async () => {
  setHubspotClient(undefined)
  await close()
})

describe('every 429 carries Retry-After', () => {
  it('the data export: one request an hour, the next told to wait up to an hour', async () => {
    const account = await signedInAccount({ password: true })
    expect((await v1('/user/esportazione-dati', { cookie: account.cookie, method: 'POST' })).status).toBe(202)
    const seconds = await expectRetryAfter(
      await v1('/user/esportazione-dati', { cookie: account.cookie, method: 'POST' }),
    )
    expect(seconds).toBeLessThanOrEqual(3600)
  })

  it('the trial sign-up beyond the sign-ups of one address', async () => {
    const ip = randomIp()
    for (let index = 0; index < getEnv().AUTH_SIGN_UPS_PER_HOUR; index += 1) {
      const response = await v1('/user/trial-signup', {
        ip,
        body: { nome: 'Rita', cognome: 'Conti', email: `firma-${unique()}@esempio.it`, professione: 'altro' },
      })
      expect(response.status).toBe(201)
    }
    await expectRetryAfter(
      await v1('/user/trial-signup', {
        ip,
        body: { nome: 'Rita', cognome: 'Conti', email: `firma-${unique()}@esempio.it`, professione: 'altro' },
      }),
    )
  }, 240_000)

  it('the marketing-contact calls beyond 30 an hour', async () => {
    const ip = randomIp()
    for (let index = 0; index < 30; index += 1) {
      const response = await v1('/contacts/update-hs-profession', {
        ip,
        body: { email: `contatto-${unique()}@esempio.it`, professione: 'altro' },
      })
      expect(response.status).toBe(200)
    }
    await expectRetryAfter(
      await v1('/contacts/update-hs-profession', {
        ip,
        body: { email: `contatto-${unique()}@esempio.it`, professione: 'altro' },
      }),
    )
  })

  it('the deletion codes: the fourth code of the hour and the sixth wrong code', async () => {
    const account = await signedInAccount({ password: false })
    for (let index = 0; index < 3; index += 1) {
      const sent = await v1('/user/elimina-account/codice', { cookie: account.cookie, method: 'POST' })
      expect(sent.status).toBe(200)
    }
    await expectRetryAfter(
      await v1('/user/elimina-account/codice', { cookie: account.cookie, method: 'POST' }),
    )

    const attempt = () =>
      v1('/user/elimina-account', {
        cookie: account.cookie,
        body: { code: '000000', subscriptionEnd: 'now', confirm: true },
      })
    const answers: number[] = []
    for (let index = 0; index < 5; index += 1) answers.push((await attempt()).status)
    expect(answers.filter((status) => status !== 400)).toEqual([])
    await expectRetryAfter(await attempt())
  })

  it('better-auth’s password-reset limit', async () => {
    const email = `reset-${unique()}@esempio.it`
    const answers: Response[] = []
    for (let index = 0; index < 4; index += 1)
      answers.push(await auth('/request-password-reset', { body: { email } }))
    expect(answers.slice(0, 3).map((response) => response.status)).toEqual([200, 200, 200])
    await expectRetryAfter(answers[3] as Response)
  })
})
