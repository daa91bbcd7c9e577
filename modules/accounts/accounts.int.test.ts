/**
 * Accounts on the real embedded Postgres, through the same HTTP entries the
 * browser uses (/api/auth/* and /api/v1): trial sign-up, duplicate e-mails,
 * failed-login limits, single session, remember me, password reset, the
 * session routes and the demo personas.
 */
import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessOf } from '../access/index.ts'
import { DEMO_PERSONA_PASSWORD, ensureDemoPersonas } from '../../dev/demo/index.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import {
  CLIENT_IP_HEADER,
  getAccounts,
  handleAuthRequest,
  loginThrottlePolicy,
  resetTokenUsable,
  sessionOf,
} from './index.ts'
import { findContact, setHubspotClient } from '../contacts/index.ts'

let close: () => Promise<void>
let pool: Pool
const api = createApi({ version: 'test' })
const base = () => getEnv().publicUrl

const unique = () => randomBytes(4).toString('hex')
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

type Call = { method?: string; body?: unknown; cookie?: string; ip?: string; userAgent?: string }

function request(path: string, call: Call = {}): Request {
  const headers = new Headers({ origin: base(), [CLIENT_IP_HEADER]: call.ip ?? randomIp() })
  if (call.body !== undefined) headers.set('content-type', 'application/json')
  if (call.cookie) headers.set('cookie', call.cookie)
  if (call.userAgent) headers.set('user-agent', call.userAgent)
  return new Request(`${base()}${path}`, {
    method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
}

const auth = (path: string, call: Call = {}) => handleAuthRequest(request(`/api/auth${path}`, call))
const v1 = (path: string, call: Call = {}) => api.fetch(request(`/api/v1${path}`, call))

/** The Cookie header that sends back the cookies a response set. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
}

function sessionCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith('bancadati.session_token='))
}

const signIn = (email: string, password: string, call: Omit<Call, 'body'> & { rememberMe?: boolean } = {}) =>
  auth('/sign-in/email', {
    ...call,
    body: { email, password, ...(call.rememberMe === undefined ? {} : { rememberMe: call.rememberMe }) },
  })

async function signUp(email: string, overrides: Record<string, unknown> = {}) {
  return v1('/user/trial-signup', {
    body: { nome: 'Maria', cognome: 'Verdi', email, professione: 'professionista', ...overrides },
  })
}

/** A trial account signed up and then signed in with its mailed password: the session's cookie. */
async function signedUp(email: string): Promise<string> {
  expect((await signUp(email)).status).toBe(201)
  const password = String((await mailsTo(email))[0]?.data?.password)
  const signedIn = await signIn(email, password)
  expect(signedIn.status).toBe(200)
  return cookiesOf(signedIn)
}

async function mailsTo(email: string) {
  const result = await pool.query<{
    template: string
    data: Record<string, unknown> | null
    dedupe_key: string
  }>('select template, data, dedupe_key from mail_outbox where recipient = $1 order by id', [email])
  return result.rows
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = (await getAccounts()).pool
  setHubspotClient(null)
})

afterAll(async () => {
  setHubspotClient(undefined)
  await close()
})

describe('trial sign-up', () => {
  it('creates a 7-day trial account and enqueues exactly one welcome mail whose password signs in', async () => {
    const email = `prova-${unique()}@esempio.it`
    const before = Date.now()
    const response = await signUp(email.toUpperCase())
    expect(response.status).toBe(201)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toEqual({
      email,
      trialEndsAt: expect.any(String),
      message: expect.stringContaining(`abbiamo inviato a ${email} l’email con la password`),
      redirectTo: '/accedi',
    })
    // Nobody is signed in by the sign-up: the password arrives by mail.
    expect(response.headers.getSetCookie()).toEqual([])

    const user = await pool.query('select * from auth_users where email = $1', [email])
    expect(user.rows).toHaveLength(1)
    expect(user.rows[0]).toMatchObject({
      name: 'Maria Verdi',
      first_name: 'Maria',
      last_name: 'Verdi',
      profession: 'professionista',
      account_type: 'trial',
    })
    const trialMs = (user.rows[0].trial_ends_at as Date).getTime() - before
    expect(trialMs).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000)
    expect(trialMs).toBeLessThan(7 * 24 * 3600 * 1000 + 60_000)

    const mails = await mailsTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ template: 'welcome', dedupe_key: `welcome:${user.rows[0].id}` })
    const password = String(mails[0]?.data?.password)
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(password.replace(/\D/g, '').length).toBeGreaterThanOrEqual(2)

    // The mailed password signs in: an HttpOnly, SameSite session of a running trial.
    const signedIn = await signIn(email, password)
    expect(signedIn.status).toBe(200)
    expect(sessionCookie(signedIn)).toMatch(/HttpOnly/i)
    expect(sessionCookie(signedIn)).toMatch(/SameSite=Lax/i)
    const state = (await (await v1('/abbonamenti', { cookie: cookiesOf(signedIn) })).json()) as Record<
      string,
      unknown
    >
    expect(state).toMatchObject({ isAuthenticated: true, isTrial: true, isTrialExpired: false })

    const contact = await findContact(email)
    expect(contact).toMatchObject({
      email,
      name: 'Maria Verdi',
      profession: 'Professionista',
      source: 'trial-signup',
    })
  })

  it('answers an existing e-mail exactly as a new one, leaves the account untouched, mails its owner instead and still updates the contact', async () => {
    const email = `doppio-${unique()}@esempio.it`
    const fresh = `nuovo-${unique()}@esempio.it`
    expect((await signUp(email)).status).toBe(201)
    const before = await pool.query(
      'select u.*, a.password from auth_users u join auth_accounts a on a.user_id = u.id where u.email = $1',
      [email],
    )

    const again = await signUp(email, { nome: 'Altro', cognome: 'Nome', professione: 'lavoratore' })
    const first = await signUp(fresh, { nome: 'Altro', cognome: 'Nome', professione: 'lavoratore' })
    // Same status, same headers, same body but for the address itself.
    expect(again.status).toBe(first.status)
    expect(again.headers.getSetCookie()).toEqual(first.headers.getSetCookie())
    expect([...again.headers.keys()].sort()).toEqual([...first.headers.keys()].sort())
    const shape = async (response: Response, address: string) =>
      JSON.stringify(await response.json())
        .replaceAll(address, '<email>')
        .replace(/"trialEndsAt":"[^"]+"/, '"trialEndsAt":"<date>"')
    expect(await shape(again, email)).toBe(await shape(first, fresh))

    const after = await pool.query(
      'select u.*, a.password from auth_users u join auth_accounts a on a.user_id = u.id where u.email = $1',
      [email],
    )
    expect(after.rows).toEqual(before.rows)
    // The profession still reaches the marketing contact, as the specification asks.
    expect(await findContact(email)).toMatchObject({ profession: 'Lavoratore', name: 'Altro Nome' })
    // The owner is told, once a day however often the form is sent; no new password is mailed.
    await signUp(email)
    const mails = await mailsTo(email)
    expect(mails.map((mail) => mail.template)).toEqual(['welcome', 'notice'])
    expect(mails[1]?.data).toMatchObject({
      subject: 'Richiesta di prova gratuita con il tuo indirizzo',
      button: { url: '/accedi' },
    })
    expect(JSON.stringify(mails[1]?.data)).not.toMatch(/password":/)
  })

  it('validates the form with Italian messages naming the field, and lets the default profession pass', async () => {
    const missing = await signUp(`x-${unique()}@esempio.it`, { nome: '  ' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ error: { field: 'nome' } })

    const badEmail = await signUp('senza-chiocciola')
    expect(badEmail.status).toBe(400)
    expect(((await badEmail.json()) as { error: { message: string } }).error.message).toContain(
      'email valido',
    )

    const email = `default-${unique()}@esempio.it`
    expect((await signUp(email, { professione: 'default' })).status).toBe(201)
    const user = await pool.query('select profession from auth_users where email = $1', [email])
    expect(user.rows[0]?.profession).toBeNull()
  })
})

describe('failed logins', () => {
  it('refuses the 6th attempt on one account from one address with 429, also with the right password, and lets the owner in from another', async () => {
    const email = `limite-${unique()}@esempio.it`
    const response = await signUp(email)
    const password = String((await mailsTo(email))[0]?.data?.password)
    expect(response.status).toBe(201)

    const attacker = randomIp()
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const failed = await signIn(email, 'sbagliata1', { ip: attacker })
      expect(failed.status).toBe(401)
    }
    const blocked = await signIn(email, password, { ip: attacker })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = (await blocked.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('TOO_MANY_ATTEMPTS')
    expect(body.error.message).toMatch(/Troppi tentativi di accesso non riusciti da questa rete/)
    expect((await signIn(email, password, { ip: randomIp() })).status).toBe(200)
  })

  it('counts 60 wrong passwords sent at once before checking them: at most 5 reach the password check', async () => {
    const email = `raffica-parallela-${unique()}@esempio.it`
    expect((await signUp(email)).status).toBe(201)
    const password = String((await mailsTo(email))[0]?.data?.password)
    const attacker = randomIp()
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => signIn(email, `sbagliata-${index}`, { ip: attacker })),
    )
    const statuses = answers.map((answer) => answer.status)
    // 401 is a password that was checked and found wrong; 429 an attempt refused before the check.
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([])
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      loginThrottlePolicy.failuresPerAccountAndAddress,
    )
    for (const refused of answers.filter((answer) => answer.status === 429))
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // The guesser stays refused, the right password included; the owner elsewhere gets in.
    expect((await signIn(email, password, { ip: attacker })).status).toBe(429)
    expect((await signIn(email, password, { ip: randomIp() })).status).toBe(200)
  })

  it('refuses an address that failed on too many accounts, whatever the e-mail', async () => {
    const ip = randomIp()
    for (let attempt = 1; attempt <= loginThrottlePolicy.failuresPerAddress; attempt += 1) {
      expect((await signIn(`nessuno-${unique()}@esempio.it`, 'qualsiasi1', { ip })).status).toBe(401)
    }
    expect((await signIn(`nessuno-${unique()}@esempio.it`, 'qualsiasi1', { ip })).status).toBe(429)
    // Another address is not affected.
    expect((await signIn(`nessuno-${unique()}@esempio.it`, 'qualsiasi1', { ip: randomIp() })).status).toBe(
      401,
    )
  })

  it('forgets every failure on the account when its password is reset', async () => {
    const email = `ripristino-${unique()}@esempio.it`
    expect((await signUp(email)).status).toBe(201)
    const ip = randomIp()
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await signIn(email, 'sbagliata1', { ip })).status).toBe(401)
    expect((await signIn(email, 'sbagliata1', { ip })).status).toBe(429)

    expect((await auth('/request-password-reset', { body: { email } })).status).toBe(200)
    const mail = (await mailsTo(email)).find((row) => row.template === 'passwordReset')
    const token = new URL(String(mail?.data?.resetUrl)).searchParams.get('oobCode') ?? ''
    expect((await auth('/reset-password', { body: { token, newPassword: 'NuovaPass2026' } })).status).toBe(
      200,
    )
    expect((await signIn(email, 'NuovaPass2026', { ip })).status).toBe(200)
  })

  it('stops a sign-in flood from one address: past the per-minute limit even the right password is refused', async () => {
    const email = `raffica-${unique()}@esempio.it`
    expect((await signUp(email)).status).toBe(201)
    const password = String((await mailsTo(email))[0]?.data?.password)
    const ip = randomIp()
    const limit = getEnv().AUTH_SIGN_INS_PER_MINUTE
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await signIn(email, password, { ip })).status).toBe(200)
    }
    const blocked = await signIn(email, password, { ip })
    expect(blocked.status).toBe(429)
    expect(
      Number(blocked.headers.get('x-retry-after') ?? blocked.headers.get('retry-after')),
    ).toBeGreaterThan(0)
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toBe(
      'Hai effettuato troppe richieste in poco tempo. Riprova tra qualche minuto.',
    )
    // Another address signs in.
    expect((await signIn(email, password, { ip: randomIp() })).status).toBe(200)
  })

  it('answers an unknown e-mail exactly as a wrong password, in about the same time', async () => {
    const email = `esiste-${unique()}@esempio.it`
    expect((await signUp(email)).status).toBe(201)

    const timed = async (address: string) => {
      const started = performance.now()
      const response = await signIn(address, 'Sbagliata9')
      return { ms: performance.now() - started, status: response.status, body: await response.text() }
    }
    const wrong: number[] = []
    const unknown: number[] = []
    let wrongAnswer = { status: 0, body: '' }
    let unknownAnswer = { status: 0, body: '' }
    for (let round = 0; round < 3; round += 1) {
      const a = await timed(email)
      const b = await timed(`mai-registrato-${unique()}@esempio.it`)
      wrong.push(a.ms)
      unknown.push(b.ms)
      wrongAnswer = { status: a.status, body: a.body }
      unknownAnswer = { status: b.status, body: b.body }
    }
    expect(wrongAnswer).toEqual(unknownAnswer)
    expect(JSON.parse(wrongAnswer.body)).toEqual({
      error: {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Accesso non riuscito: Verifica che username e password siano corretti.',
      },
    })
    // Both run the password hash: neither answer is markedly faster.
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[1] as number
    const ratio = median(wrong) / median(unknown)
    expect(ratio).toBeGreaterThan(0.4)
    expect(ratio).toBeLessThan(2.5)
  })
})

describe('marketing contacts', () => {
  it('refuses the 31st contact call from one address within an hour, counting both calls together', async () => {
    const ip = randomIp()
    for (let call = 0; call < 30; call += 1) {
      const email = `contatto-${unique()}@esempio.it`
      const response =
        call % 2 === 0
          ? await v1('/contacts/create-hs-contact', {
              ip,
              body: { email, name: 'Anna Gialli', product: 'Premium' },
            })
          : await v1('/contacts/update-hs-profession', { ip, body: { email, professione: 'altro' } })
      expect(response.status).toBe(200)
    }
    const blocked = await v1('/contacts/create-hs-contact', {
      ip,
      body: { email: `contatto-${unique()}@esempio.it`, name: 'Anna Gialli' },
    })
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Troppe richieste da questa rete in poco tempo. Riprova più tardi.',
      },
    })
    // Another address is not affected.
    const other = await v1('/contacts/update-hs-profession', {
      body: { email: `contatto-${unique()}@esempio.it`, professione: 'altro' },
    })
    expect(other.status).toBe(200)
  })
})

describe('sessions', () => {
  it('ends the first session when the same account signs in again elsewhere', async () => {
    const email = `singola-${unique()}@esempio.it`
    await signUp(email)
    const password = String((await mailsTo(email))[0]?.data?.password)

    const first = await signIn(email, password, { userAgent: 'Ufficio' })
    const firstCookie = cookiesOf(first)
    expect((await v1('/user/validatesession', { cookie: firstCookie })).status).toBe(200)

    const second = await signIn(email, password, { userAgent: 'Casa' })
    const secondCookie = cookiesOf(second)
    const ended = await v1('/user/validatesession', { cookie: firstCookie })
    expect(ended.status).toBe(401)
    expect(await ended.json()).toEqual({
      error: { code: 'unauthorized', message: 'Accesso richiesto: effettua il login per continuare.' },
    })
    expect((await v1('/user/validatesession', { cookie: secondCookie })).status).toBe(200)

    const confirmed = await v1('/user/authenticatenewsession', { cookie: secondCookie })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({ valid: true, revokedSessions: 0 })
    const sessions = await pool.query(
      'select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = $1',
      [email],
    )
    expect(sessions.rows[0]?.n).toBe(1)
  })

  it("closes better-auth's own account-changing endpoints: the portal's routes apply the rules", async () => {
    const email = `endpoint-${unique()}@esempio.it`
    await signUp(email)
    const password = String((await mailsTo(email))[0]?.data?.password)
    const cookie = cookiesOf(await signIn(email, password))
    for (const [path, body] of [
      ['/update-user', { name: 'Altro Nome', image: 'https://esempio.invalid/x.png' }],
      ['/change-email', { newEmail: `altro-${unique()}@esempio.it` }],
      ['/change-password', { currentPassword: password, newPassword: 'NuovaPass2026' }],
      ['/delete-user', {}],
    ] as const) {
      expect((await auth(path, { cookie, body })).status, path).toBe(404)
    }
    const user = await pool.query('select name, image, email from auth_users where email = $1', [email])
    expect(user.rows[0]).toMatchObject({ name: 'Maria Verdi', image: null, email })
  })

  it('gives a persistent cookie with remember me and a browser-session cookie without', async () => {
    const email = `ricordami-${unique()}@esempio.it`
    await signUp(email)
    const password = String((await mailsTo(email))[0]?.data?.password)

    const remembered = sessionCookie(await signIn(email, password, { rememberMe: true }))
    expect(remembered).toMatch(/Max-Age=2592000/)
    const forgotten = sessionCookie(await signIn(email, password, { rememberMe: false }))
    expect(forgotten).toBeDefined()
    expect(forgotten).not.toMatch(/Max-Age|Expires/i)
  })

  it('reads no session and runs no query for a request without a session cookie', async () => {
    const lookup = await sessionOf(new Request(`${base()}/bancadati`))
    expect(lookup).toEqual({ session: null, setCookies: [] })
  })

  it('answers 401 to anonymous callers of private routes before reading their input', async () => {
    expect((await v1('/user/validatesession')).status).toBe(401)
    expect((await v1('/user/trial-expire')).status).toBe(401)
    const mail = await v1('/user/sendwelcomeemail', { body: { email: 'altro@esempio.it', password: 'x' } })
    expect(mail.status).toBe(401)
    const state = await v1('/abbonamenti')
    expect(state.status).toBe(200)
    expect(await state.json()).toMatchObject({ isAuthenticated: false, user: null, isTrial: false })
  })
})

describe('password reset', () => {
  it('mails a link to /reimposta-password that sets a new password once and ends the old sessions', async () => {
    const email = `reset-${unique()}@esempio.it`
    const oldCookie = await signedUp(email)

    const requested = await auth('/request-password-reset', { body: { email } })
    expect(requested.status).toBe(200)
    const mail = (await mailsTo(email)).find((row) => row.template === 'passwordReset')
    const link = new URL(String(mail?.data?.resetUrl))
    expect(link.pathname).toBe('/reimposta-password/')
    const token = link.searchParams.get('oobCode') ?? ''
    expect(await resetTokenUsable(token)).toBe(true)

    const spaced = await auth('/reset-password', { body: { token, newPassword: 'con spazi 1' } })
    expect(spaced.status).toBe(400)
    expect(await spaced.json()).toMatchObject({ error: { message: 'La password non può contenere spazi.' } })

    const done = await auth('/reset-password', { body: { token, newPassword: 'NuovaPass2026' } })
    expect(done.status).toBe(200)
    expect(await resetTokenUsable(token)).toBe(false)
    expect((await v1('/user/validatesession', { cookie: oldCookie })).status).toBe(401)
    const signedIn = await signIn(email, 'NuovaPass2026')
    expect(signedIn.status).toBe(200)
    // The link reached the address: the address counts as confirmed, as the welcome mail's link would.
    const state = await v1('/abbonamenti', { cookie: cookiesOf(signedIn) })
    expect(await state.json()).toMatchObject({ user: { email, emailVerified: true } })

    const reused = await auth('/reset-password', { body: { token, newPassword: 'AltraPass2026' } })
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({
      error: { code: 'INVALID_TOKEN', message: expect.stringContaining('è scaduto o è già stato usato') },
    })
  })

  it("keeps the link's token out of the database: no stored identifier is a usable token (issue 31, point 2)", async () => {
    const email = `digest-${unique()}@esempio.it`
    await signUp(email)
    const userId = (await pool.query<{ id: string }>('select id from auth_users where email = $1', [email]))
      .rows[0]!.id
    expect((await auth('/request-password-reset', { body: { email } })).status).toBe(200)
    const mail = (await mailsTo(email)).find((row) => row.template === 'passwordReset')
    const token = new URL(String(mail?.data?.resetUrl)).searchParams.get('oobCode') ?? ''
    expect(token).not.toBe('')
    // Neither the verification rows nor the outbox's keys hold the token a copy of the database could use.
    const rows = await pool.query<{ identifier: string }>(
      'select identifier from auth_verifications where value = $1',
      [userId],
    )
    expect(rows.rowCount).toBe(1)
    expect(rows.rows[0]?.identifier).not.toContain(token)
    expect(mail?.dedupe_key).not.toContain(token)
    // What an attacker with a copy would try: every stored identifier of the account, as a token.
    for (const { identifier } of rows.rows) {
      const candidate = identifier.replace(/^reset-password:/, '')
      const tried = await auth('/reset-password', { body: { token: candidate, newPassword: 'Rubata2026' } })
      expect(tried.status).toBe(400)
    }
    // The mailed link still works, once.
    const done = await auth('/reset-password', { body: { token, newPassword: 'NuovaPass2026' } })
    expect(done.status).toBe(200)
    expect((await signIn(email, 'NuovaPass2026')).status).toBe(200)
  })

  it('leaves no token written in clear before the migration usable after it', async () => {
    const { hashedVerificationsV1 } = await import('./sql.ts')
    const { mailOutboxTokenKeysV1 } = await import('../mail/index.ts')
    const email = `prima-${unique()}@esempio.it`
    await signUp(email)
    const userId = (await pool.query<{ id: string }>('select id from auth_users where email = $1', [email]))
      .rows[0]!.id
    // A reset link as the portal stored it before: the token in clear, also in the mail's dedupe key.
    const token = randomBytes(24).toString('base64url')
    await pool.query(
      `insert into auth_verifications (id, identifier, value, expires_at)
       values ($1, $2, $3, now() + interval '1 hour')`,
      [unique(), `reset-password:${token}`, userId],
    )
    await pool.query(
      `insert into mail_outbox (recipient, template, subject, status, dedupe_key)
       values ($1, 'passwordReset', 'Reimposta la password', 'sent', $2)`,
      [email, `password-reset:${token}`],
    )
    await pool.query(hashedVerificationsV1.up)
    await pool.query(mailOutboxTokenKeysV1.up)
    const tried = await auth('/reset-password', { body: { token, newPassword: 'Rubata2026' } })
    expect(tried.status).toBe(400)
    expect(await resetTokenUsable(token)).toBe(false)
    const keys = await pool.query('select 1 from mail_outbox where position($1 in dedupe_key) > 0', [token])
    expect(keys.rowCount).toBe(0)
  })

  it('answers an unknown e-mail like a known one and sends nothing', async () => {
    const email = `sconosciuto-${unique()}@esempio.it`
    const response = await auth('/request-password-reset', { body: { email } })
    expect(response.status).toBe(200)
    expect(await mailsTo(email)).toHaveLength(0)
  })
})

describe('compatibility welcome mail', () => {
  it('never repeats the welcome mail of the sign-up and writes only to the caller', async () => {
    const email = `benvenuto-${unique()}@esempio.it`
    const cookie = await signedUp(email)
    const response = await v1('/user/sendwelcomeemail', {
      cookie,
      body: { email: 'vittima@esempio.it', password: 'scelta-da-altri', nome: 'X' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ sent: false })
    expect(await mailsTo(email)).toHaveLength(1)
    expect(await mailsTo('vittima@esempio.it')).toHaveLength(0)
  })
})

describe('demo personas', () => {
  it('creates the six personas once, with the trial states kept, and signs them in with Demo2026!', async () => {
    await ensureDemoPersonas()
    expect(await ensureDemoPersonas()).toEqual([])
    const rows = await pool.query<{ email: string; account_type: string; trial_ends_at: Date | null }>(
      "select email, account_type, trial_ends_at from auth_users where email like '%@demo.local' order by email",
    )
    expect(rows.rows.map((row) => row.email)).toEqual([
      'collega@demo.local',
      'premium@demo.local',
      'professional@demo.local',
      'prova@demo.local',
      'scaduto@demo.local',
      'studio@demo.local',
    ])
    const signedIn = await signIn('prova@demo.local', DEMO_PERSONA_PASSWORD)
    expect(signedIn.status).toBe(200)
    const lookup = await sessionOf(request('/bancadati', { cookie: cookiesOf(signedIn) }))
    expect((await accessOf(lookup.session?.user ?? null)).entitlements.kind).toBe('trial')

    const expired = await signIn('scaduto@demo.local', DEMO_PERSONA_PASSWORD)
    const expiredLookup = await sessionOf(request('/bancadati', { cookie: cookiesOf(expired) }))
    const access = await accessOf(expiredLookup.session?.user ?? null)
    expect(access.entitlements.kind).toBe('trialExpired')
    expect(access.viewer.trialExpiryMessage).toBe('Il tuo periodo di prova gratuita è terminato.')
  })
})
