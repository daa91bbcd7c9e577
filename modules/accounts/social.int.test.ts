/**
 * Google and Facebook sign-in on the real embedded Postgres, against the local
 * OpenID provider (dev/oidc-emulator, approving at once), through the same HTTP entries the
 * browser uses: /api/auth/sign-in/social, the provider's authorization,
 * /api/auth/callback/{provider}, and POST /api/v1/user/setupsocial.
 */
import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oidcEmulatorEnv, startOidcEmulator, type TestIdentity } from '../../dev/oidc-emulator/index.ts'
import { CookieJar } from '../../tests/portal.ts'

// The providers are read from the settings when the auth instance is built: point them at the mock first.
const mock = await startOidcEmulator({ approveAtOnce: true })
Object.assign(process.env, oidcEmulatorEnv(mock.issuer))

const { createApi } = await import('../api/index.ts')
const { bootstrapCms } = await import('../../cms/start.ts')
const { getEnv, getLogger } = await import('../platform/index.ts')
const accounts = await import('./index.ts')
const { CLIENT_IP_HEADER, confirmAddress, configuredSocialProviders, getAccounts, handleAuthRequest } =
  accounts
const { findContact, setHubspotClient } = await import('../contacts/index.ts')

let close: () => Promise<void>
let pool: Pool
const api = createApi({ version: 'test' })
const base = () => getEnv().publicUrl
const unique = () => randomBytes(4).toString('hex')
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

function request(url: string, jar: CookieJar, init: { method?: string; body?: unknown } = {}): Request {
  const headers = new Headers({ origin: base(), [CLIENT_IP_HEADER]: randomIp() })
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  const cookie = jar.header()
  if (cookie) headers.set('cookie', cookie)
  return new Request(url.startsWith('http') ? url : `${base()}${url}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

const callbacks = {
  callbackURL: '/bancadati',
  newUserCallbackURL: '/registrati/setupsocial',
  errorCallbackURL: '/registrati',
}

/** The whole round trip of a browser: the button, the provider (approves at once), the callback. */
async function socialSignIn(
  provider: 'google' | 'facebook',
  identity: TestIdentity,
  jar = new CookieJar(),
  extra: Record<string, unknown> = {},
) {
  mock.setIdentity(identity)
  const start = await handleAuthRequest(
    request('/api/auth/sign-in/social', jar, { body: { provider, ...callbacks, ...extra } }),
  )
  expect(start.status).toBe(200)
  jar.take(start)
  const { url } = (await start.json()) as { url: string }
  expect(url.startsWith(mock.issuer)).toBe(true)
  const authorization = await fetch(url, { redirect: 'manual' })
  expect(authorization.status).toBe(302)
  const back = authorization.headers.get('location') ?? ''
  expect(back).toContain(`/api/auth/callback/${provider}?`)
  const callback = await handleAuthRequest(request(back, jar))
  jar.take(callback)
  const sessionCookie = callback.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('bancadati.session_token='))
  return { location: callback.headers.get('location') ?? '', status: callback.status, jar, sessionCookie }
}

const v1 = (path: string, jar: CookieJar, body?: unknown) =>
  api.fetch(request(`/api/v1${path}`, jar, body === undefined ? {} : { body }))

async function userByEmail(email: string) {
  const result = await pool.query('select * from auth_users where email = $1', [email])
  return result.rows[0] as Record<string, unknown> | undefined
}

async function providersOf(userId: unknown) {
  const result = await pool.query<{ provider_id: string }>(
    'select provider_id from auth_accounts where user_id = $1 order by provider_id',
    [userId],
  )
  return result.rows.map((row) => row.provider_id)
}

async function mailsTo(email: string) {
  const result = await pool.query<{ template: string; data: Record<string, unknown>; dedupe_key: string }>(
    'select template, data, dedupe_key from mail_outbox where recipient = $1 order by id',
    [email],
  )
  return result.rows
}

/** Confirms the address with the link of its welcome mail, as its owner does. */
async function confirmWelcomeAddress(email: string) {
  const welcome = (await mailsTo(email)).find((mail) => mail.template === 'welcome')
  const token = new URL(String(welcome?.data.confirmUrl)).searchParams.get('token')
  expect(await confirmAddress(token)).toEqual({ status: 'confirmed' })
}

const person = (email: string): TestIdentity => ({
  email,
  name: 'Giulia Bianchi',
  givenName: 'Giulia',
  familyName: 'Bianchi',
  emailVerified: true,
})

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = (await getAccounts()).pool
  setHubspotClient(null)
})

afterAll(async () => {
  setHubspotClient(undefined)
  await close()
  await mock.stop()
})

describe('configuration', () => {
  it('offers the providers whose client id and secret are set', () => {
    expect(configuredSocialProviders()).toEqual(['google', 'facebook'])
    const env = { ...getEnv(), FACEBOOK_CLIENT_ID: undefined, FACEBOOK_CLIENT_SECRET: undefined }
    expect(configuredSocialProviders(env)).toEqual(['google'])
    expect(
      configuredSocialProviders({ ...env, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined }),
    ).toEqual([])
  })
})

describe('a first sign-in with Google', () => {
  it('creates a 7-day trial account that must complete its registration, signed in', async () => {
    const email = `social-${unique()}@esempio.it`
    const before = Date.now()
    const { location, status, jar, sessionCookie } = await socialSignIn('google', person(email.toUpperCase()))
    expect(status).toBe(302)
    expect(location).toBe('/registrati/setupsocial')

    const user = await userByEmail(email)
    expect(user).toMatchObject({
      name: 'Giulia Bianchi',
      first_name: 'Giulia',
      last_name: 'Bianchi',
      email_verified: true,
      account_type: 'trial',
      profession: null,
      social_setup_pending: true,
    })
    const trialMs = (user?.trial_ends_at as Date).getTime() - before
    expect(Math.abs(trialMs - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000)
    expect(await providersOf(user?.id)).toEqual(['google'])

    // Signed in, with a persistent cookie of 30 days (the 'remember me' default).
    expect(sessionCookie).toMatch(/Max-Age=2592000/i)
    expect(sessionCookie).toMatch(/HttpOnly/i)
    expect((await v1('/user/validatesession', jar)).status).toBe(200)
    const state = (await (await v1('/abbonamenti', jar)).json()) as Record<string, unknown>
    expect(state).toMatchObject({ isAuthenticated: true, isTrial: true })
    // No mail and no contact before the registration is completed.
    expect(await mailsTo(email)).toHaveLength(0)
  })

  it('completes on /registrati/setupsocial: profession, contact, one welcome mail', async () => {
    const email = `setup-${unique()}@esempio.it`
    const { jar } = await socialSignIn('google', person(email))

    // The placeholder and unknown professions are refused with the field named.
    for (const professione of ['default', 'astronauta', 'avvocato']) {
      const refused = await v1('/user/setupsocial', jar, { professione })
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({
        error: {
          message: 'Seleziona la tua professione per completare la registrazione.',
          field: 'professione',
        },
      })
    }
    expect((await userByEmail(email))?.social_setup_pending).toBe(true)

    const done = await v1('/user/setupsocial', jar, { professione: 'azienda-hr' })
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ completed: true, redirectTo: '/bancadati' })
    const user = await userByEmail(email)
    expect(user).toMatchObject({ profession: 'azienda-hr', social_setup_pending: false })

    const contact = await findContact(email)
    expect(contact).toMatchObject({
      email,
      name: 'Giulia Bianchi',
      profession: 'Azienda/HR',
      product: 'Prova gratuita',
      source: 'social-signup',
    })

    const mails = await mailsTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ template: 'notice', dedupe_key: `welcome:${String(user?.id)}` })
    expect(JSON.stringify(mails[0]?.data)).toContain('Accedi con Google')

    // Again: nothing is written twice.
    const again = await v1('/user/setupsocial', jar, { professione: 'lavoratore' })
    expect(await again.json()).toEqual({ completed: false, redirectTo: '/bancadati' })
    expect((await userByEmail(email))?.profession).toBe('azienda-hr')
    expect(await mailsTo(email)).toHaveLength(1)
  })

  it('answers 401 to the set-up call without a session, before reading the input', async () => {
    const response = await v1('/user/setupsocial', new CookieJar(), { nonsense: true })
    expect(response.status).toBe(401)
  })

  it('goes straight in on the next sign-in, ending the earlier session', async () => {
    const email = `ritorno-${unique()}@esempio.it`
    const first = await socialSignIn('google', person(email))
    await v1('/user/setupsocial', first.jar, { professione: 'professionista' })

    const second = await socialSignIn('google', person(email))
    expect(second.location).toBe('/bancadati')
    const user = await userByEmail(email)
    expect(user?.social_setup_pending).toBe(false)
    expect(await providersOf(user?.id)).toEqual(['google'])
    expect((await v1('/user/validatesession', second.jar)).status).toBe(200)
    // Single session: the first browser is signed out.
    expect((await v1('/user/validatesession', first.jar)).status).toBe(401)
  })
})

describe("'Ricordami' on the login page", () => {
  it('unticked: a browser-session cookie and a session that ends within a day; ticked again: 30 days', async () => {
    const email = `ricordami-${unique()}@esempio.it`
    const jar = new CookieJar()
    const forgotten = await socialSignIn('google', person(email), jar, {
      additionalData: { rememberMe: false },
    })
    expect(forgotten.sessionCookie).toBeDefined()
    expect(forgotten.sessionCookie).not.toMatch(/Max-Age/i)
    const user = await userByEmail(email)
    const sessions = await pool.query<{ expires_at: Date }>(
      'select expires_at from auth_sessions where user_id = $1',
      [user?.id],
    )
    expect(sessions.rows).toHaveLength(1)
    expect(sessions.rows[0]!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000)

    const remembered = await socialSignIn('google', person(email), jar)
    expect(remembered.sessionCookie).toMatch(/Max-Age=2592000/i)
    const renewed = await pool.query<{ expires_at: Date }>(
      'select expires_at from auth_sessions where user_id = $1',
      [user?.id],
    )
    expect(renewed.rows[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000)
  })
})

describe('an e-mail already registered', () => {
  it('once its address is confirmed, signs into the same account and links the provider, without the set-up step', async () => {
    const email = `esistente-${unique()}@esempio.it`
    const trialJar = new CookieJar()
    const signup = await v1('/user/trial-signup', trialJar, {
      nome: 'Marco',
      cognome: 'Neri',
      email,
      professione: 'lavoratore',
    })
    expect(signup.status).toBe(201)
    // Signed in with the mailed password (the sign-up signs nobody in).
    const password = String((await mailsTo(email))[0]?.data?.password)
    const signedIn = await handleAuthRequest(
      request('/api/auth/sign-in/email', trialJar, { body: { email, password } }),
    )
    expect(signedIn.status).toBe(200)
    trialJar.take(signedIn)
    const userId = (await userByEmail(email))?.id
    await confirmWelcomeAddress(email)

    const { location, jar } = await socialSignIn('google', person(email))
    expect(location).toBe('/bancadati')
    const user = await userByEmail(email)
    expect(user).toMatchObject({
      id: userId,
      // The account keeps its own name and profession.
      name: 'Marco Neri',
      profession: 'lavoratore',
      social_setup_pending: false,
      email_verified: true,
    })
    expect(await providersOf(userId)).toEqual(['credential', 'google'])
    expect((await pool.query('select 1 from auth_users where email = $1', [email])).rowCount).toBe(1)
    expect((await v1('/user/validatesession', jar)).status).toBe(200)
    expect((await v1('/user/validatesession', trialJar)).status).toBe(401)
    // Only the sign-up's welcome mail.
    expect((await mailsTo(email)).map((mail) => mail.template)).toEqual(['welcome'])
  })

  it('never links to an address nobody has proved (a sign-up not confirmed yet, an e-mail change)', async () => {
    const email = `cambiata-${unique()}@esempio.it`
    const signup = await v1('/user/trial-signup', new CookieJar(), {
      nome: 'Anna',
      cognome: 'Rossi',
      email,
      professione: 'altro',
    })
    expect(signup.status).toBe(201)
    const userId = (await userByEmail(email))?.id

    const { location, status } = await socialSignIn('google', person(email))
    expect(status).toBe(302)
    expect(location).toBe('/registrati?error=account_not_linked')
    expect(await providersOf(userId)).toEqual(['credential'])
    expect((await userByEmail(email))?.email_verified).toBe(false)
  })

  it('never links Facebook, which does not vouch for the address, to an existing account (third attack round)', async () => {
    const email = `doppio-${unique()}@esempio.it`
    const google = await socialSignIn('google', person(email))
    await v1('/user/setupsocial', google.jar, { professione: 'altro' })
    const user = await userByEmail(email)
    expect(user?.email_verified).toBe(true)
    // Even with the account's own address confirmed, Facebook's word is not enough: the password first.
    const facebook = await socialSignIn('facebook', person(email))
    expect(facebook.status).toBe(302)
    expect(facebook.location).toBe('/registrati?error=account_not_linked')
    expect(facebook.sessionCookie).toBeUndefined()
    expect(await providersOf(user?.id)).toEqual(['google'])
  })

  it('links Google only when its id_token says the address is verified', async () => {
    const email = `verificata-${unique()}@esempio.it`
    const signup = await v1('/user/trial-signup', new CookieJar(), {
      nome: 'Sara',
      cognome: 'Galli',
      email,
      professione: 'altro',
    })
    expect(signup.status).toBe(201)
    // The sign-up answers every address alike, without naming the account: find it by its address.
    const userId = (await userByEmail(email))?.id
    expect(userId).toBeTruthy()
    await confirmWelcomeAddress(email)
    const unverified = await socialSignIn('google', { ...person(email), emailVerified: false })
    expect(unverified.location).toBe('/registrati?error=account_not_linked')
    expect(await providersOf(userId)).toEqual(['credential'])
    const verified = await socialSignIn('google', person(email))
    expect(verified.location).toBe('/bancadati')
    expect(await providersOf(userId)).toEqual(['credential', 'google'])
  })
})

describe('a first sign-in with Facebook', () => {
  it('creates the trial account from the Graph profile and names Facebook in the welcome mail', async () => {
    const email = `fb-${unique()}@esempio.it`
    const { location, jar } = await socialSignIn('facebook', {
      email,
      name: 'Luca Gialli',
      givenName: 'Luca',
      familyName: 'Gialli',
    })
    expect(location).toBe('/registrati/setupsocial')
    expect(await userByEmail(email)).toMatchObject({
      name: 'Luca Gialli',
      first_name: 'Luca',
      last_name: 'Gialli',
      account_type: 'trial',
      social_setup_pending: true,
    })
    // Facebook does not vouch for the address: the account confirms it with the welcome mail's link.
    expect((await userByEmail(email))?.email_verified).toBe(false)
    await v1('/user/setupsocial', jar, { professione: 'associazione-sindacato' })
    const mails = await mailsTo(email)
    expect(JSON.stringify(mails[0]?.data)).toContain('Accedi con Facebook')
    const button = (mails[0]?.data as { button?: { url?: string } }).button
    const token = new URL(String(button?.url)).searchParams.get('token')
    expect(await confirmAddress(token)).toEqual({ status: 'confirmed' })
    expect((await userByEmail(email))?.email_verified).toBe(true)
  })

  it('sends the browser back to the sign-up page when the provider gives no e-mail', async () => {
    const { location, status } = await socialSignIn('facebook', { email: '', name: 'Senza Email' })
    expect(status).toBe(302)
    expect(location).toMatch(/^\/registrati\?error=/)
    expect((await pool.query(`select 1 from auth_users where name = 'Senza Email'`)).rowCount).toBe(0)
  })
})
