/**
 * Every 429 of the portal says when to come back: the limits the third
 * attack round found answering without `Retry-After` (data export, trial
 * sign-up, contact calls, deletion codes) and better-auth's own refusals,
 * through the HTTP entries the browser uses, on the real embedded Postgres.
 */
import { describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER, handleAuthRequest } from '../accounts/index.ts'
import { newAccount, pool, request, unique, useBilling, v1 as call } from '../billing/fixtures/harness.ts'
import { getEnv } from '../platform/index.ts'

useBilling()

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

/** A call from the client address `ip` (a random one unless told). */
const v1 = (path: string, options: { body?: unknown; cookie?: string; ip?: string; method?: string } = {}) =>
  call(path, { ...options, headers: { [CLIENT_IP_HEADER]: options.ip ?? randomIp() } })
const auth = (path: string, body: unknown) => handleAuthRequest(request(`/api/auth${path}`, { body }))

/** A confirmed account with a password (or, with `password: false`, signed in through Google only), signed in. */
async function signedInAccount(options: { password: boolean }) {
  const account = await newAccount('limiti')
  if (!options.password)
    await pool.query(
      `update auth_accounts set provider_id = 'google', account_id = $2, password = null where user_id = $1`,
      [account.id, `google-${unique()}`],
    )
  return account
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
    for (let index = 0; index < 4; index += 1) answers.push(await auth('/request-password-reset', { email }))
    expect(answers.slice(0, 3).map((response) => response.status)).toEqual([200, 200, 200])
    await expectRetryAfter(answers[3] as Response)
  })
})
