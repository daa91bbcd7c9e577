/**
 * The signed-in account's own settings on the real embedded Postgres, through
 * the HTTP entries the browser uses: password change, display name, e-mail
 * change and its undo link, profile pictures; the trial-expiry reminders with
 * a clock; the operators' subscriber lookup and the admin-only session ending.
 */
import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import type { PayloadRequest } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminServices } from '../../cms/admin-services.ts'
import { accessOf } from '../access/index.ts'
import { endSubscriberSessions } from '../../cms/endpoints/endSubscriberSessions.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import {
  CLIENT_IP_HEADER,
  confirmAddress,
  findSubscribers,
  getAccounts,
  handleAuthRequest,
  pendingEmailUndo,
  sendTrialReminders,
  trialReminderKey,
  undoEmailChange,
  type SignedInUser,
} from './index.ts'
import { setHubspotClient } from '../contacts/index.ts'

let close: () => Promise<void>
let pool: Pool
let payload: Awaited<ReturnType<typeof bootstrapCms>>['payload']
const api = createApi({ version: 'test' })
const base = () => getEnv().publicUrl
const unique = () => randomBytes(4).toString('hex')
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

type Call = { method?: string; body?: unknown; cookie?: string; form?: FormData; raw?: string }

function request(path: string, call: Call = {}): Request {
  const headers = new Headers({ origin: base(), [CLIENT_IP_HEADER]: randomIp(), 'user-agent': 'Prova/1.0' })
  if (call.body !== undefined || call.raw !== undefined) headers.set('content-type', 'application/json')
  if (call.cookie) headers.set('cookie', call.cookie)
  const body =
    call.form ??
    (call.raw !== undefined ? call.raw : call.body === undefined ? undefined : JSON.stringify(call.body))
  return new Request(`${base()}${path}`, {
    method: call.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  })
}

const v1 = (path: string, call: Call = {}) => api.fetch(request(`/api/v1${path}`, call))

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
}

const signIn = (email: string, password: string) =>
  handleAuthRequest(request('/api/auth/sign-in/email', { body: { email, password } }))

/**
 * A new trial account: its e-mail, id, generated password and the cookie of a
 * sign-in with that password; its address confirmed with the welcome mail's link unless `confirmed` is false.
 */
async function newAccount({ confirmed = true } = {}) {
  const email = `profilo-${unique()}@esempio.it`
  const response = await v1('/user/trial-signup', {
    body: { nome: 'Maria', cognome: 'Verdi', email, professione: 'professionista' },
  })
  expect(response.status).toBe(201)
  const mail = await pool.query<{ user_id: string; data: { password: string; confirmUrl: string } }>(
    `select u.id as user_id, m.data from mail_outbox m join auth_users u on u.email = m.recipient
      where m.recipient = $1 and m.template = 'welcome'`,
    [email],
  )
  const userId = mail.rows[0]?.user_id as string
  const password = mail.rows[0]?.data.password as string
  if (confirmed) {
    const token = new URL(mail.rows[0]?.data.confirmUrl as string).searchParams.get('token')
    expect(await confirmAddress(token)).toEqual({ status: 'confirmed' })
  }
  // The sign-up signs nobody in: the mailed password does.
  const signedIn = await signIn(email, password)
  expect(signedIn.status).toBe(200)
  return { email, userId, password, cookie: cookiesOf(signedIn) }
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; field?: string } }).error
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  payload = cms.payload
  pool = (await getAccounts()).pool
  setHubspotClient(null)
})

afterAll(async () => {
  setHubspotClient(undefined)
  await close()
})

describe('password change', () => {
  it('answers 401 before reading the input', async () => {
    const response = await v1('/user/change-password', { raw: '{ non json' })
    expect(response.status).toBe(401)
  })

  it('refuses a wrong old password, a weak new one and a mismatch, changing nothing', async () => {
    const account = await newAccount()
    const wrong = await v1('/user/change-password', {
      cookie: account.cookie,
      body: { currentPassword: 'sbagliata1', newPassword: 'Nuova2026!', confirmPassword: 'Nuova2026!' },
    })
    expect(wrong.status).toBe(400)
    expect(await errorOf(wrong)).toEqual({
      code: 'bad_request',
      field: 'currentPassword',
      message: 'La password attuale non è corretta.',
    })
    const weak = await v1('/user/change-password', {
      cookie: account.cookie,
      body: { currentPassword: account.password, newPassword: 'con spazi', confirmPassword: 'con spazi' },
    })
    expect(weak.status).toBe(400)
    expect(await errorOf(weak)).toMatchObject({ field: 'newPassword' })
    const mismatch = await v1('/user/change-password', {
      cookie: account.cookie,
      body: { currentPassword: account.password, newPassword: 'Nuova2026!', confirmPassword: 'Nuova2027!' },
    })
    expect(mismatch.status).toBe(400)
    expect((await errorOf(mismatch)).message).toContain('Assicurati che le due password corrispondano')
    expect((await signIn(account.email, account.password)).status).toBe(200)
  })

  it('changes the password, keeps the current session and ends the others', async () => {
    const account = await newAccount()
    // A second session of the same account, created behind the single-session rule's back.
    const other = await signIn(account.email, account.password)
    expect(other.status).toBe(200)
    const otherCookie = cookiesOf(other)
    const otherToken = /session_token=([^.;]+)/.exec(otherCookie)?.[1]
    await pool.query(
      `insert into auth_sessions (id, expires_at, token, created_at, updated_at, user_id)
      values ($1, now() + interval '1 day', $2, now(), now(), $3)`,
      [`s-${unique()}`, `t-${unique()}`, account.userId],
    )
    expect(otherToken).toBeTruthy()

    const changed = await v1('/user/change-password', {
      cookie: otherCookie,
      body: { currentPassword: account.password, newPassword: 'Nuova2026!', confirmPassword: 'Nuova2026!' },
    })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toEqual({ ok: true, revokedSessions: 1 })
    expect((await v1('/user/validatesession', { cookie: otherCookie })).status).toBe(200)
    const left = await pool.query('select count(*)::int as n from auth_sessions where user_id = $1', [
      account.userId,
    ])
    expect(left.rows[0]?.n).toBe(1)
    expect((await signIn(account.email, account.password)).status).toBe(401)
    expect((await signIn(account.email, 'Nuova2026!')).status).toBe(200)
  })

  it("has one way to change a password: better-auth's own endpoint is off", async () => {
    const account = await newAccount()
    const response = await handleAuthRequest(
      request('/api/auth/change-password', {
        cookie: account.cookie,
        body: { currentPassword: account.password, newPassword: 'Nuova2026!', revokeOtherSessions: false },
      }),
    )
    expect(response.status).toBe(404)
    expect((await signIn(account.email, account.password)).status).toBe(200)
  })

  it('refuses further attempts after 10 wrong old passwords with 429', async () => {
    const account = await newAccount()
    const attempt = (currentPassword: string) =>
      v1('/user/change-password', {
        cookie: account.cookie,
        body: { currentPassword, newPassword: 'Nuova2026!', confirmPassword: 'Nuova2026!' },
      })
    for (let index = 0; index < 10; index += 1) expect((await attempt(`sbagliata${index}`)).status).toBe(400)
    const blocked = await attempt(account.password)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(blocked)).message).toContain('Troppi tentativi')
  })

  it('counts 30 wrong old passwords sent at once before checking them: at most 10 are checked', async () => {
    const account = await newAccount()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        v1('/user/change-password', {
          cookie: account.cookie,
          body: {
            currentPassword: `sbagliata${index}`,
            newPassword: 'Nuova2026!',
            confirmPassword: 'Nuova2026!',
          },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([])
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10)
  })
})

describe("better-auth's password checks", () => {
  const verifyPassword = (cookie: string, password: string) =>
    handleAuthRequest(request('/api/auth/verify-password', { cookie, body: { password } }))

  it('puts verify-password under the limit of the portal’s own password checks, counted together', async () => {
    const account = await newAccount()
    expect((await verifyPassword(account.cookie, account.password)).status).toBe(200)
    for (let index = 0; index < 10; index += 1)
      expect((await verifyPassword(account.cookie, `sbagliata${index}`)).status).toBe(400)
    const blocked = await verifyPassword(account.cookie, account.password)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(blocked)).message).toContain('Troppi tentativi')
    // One limit for every check of the account's password: the password change waits too.
    const change = await v1('/user/change-password', {
      cookie: account.cookie,
      body: { currentPassword: account.password, newPassword: 'Nuova2026!', confirmPassword: 'Nuova2026!' },
    })
    expect(change.status).toBe(429)
  })

  it('counts 40 wrong passwords sent at once to verify-password before checking them: at most 10 are checked', async () => {
    const account = await newAccount()
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => verifyPassword(account.cookie, `sbagliata${index}`)),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([])
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10)
    expect((await verifyPassword(account.cookie, account.password)).status).toBe(429)
  })

  it('leaves no better-auth route that checks a password unlimited: each refuses the 12th wrong one or is closed', async () => {
    const { auth } = await getAccounts()
    const checking = Object.values(
      auth.api as Record<string, { path?: string; options?: { body?: unknown } }>,
    )
      .filter((endpoint) => {
        const shape = (endpoint.options?.body as { shape?: Record<string, unknown> } | undefined)?.shape
        return endpoint.path && shape && ('password' in shape || 'currentPassword' in shape)
      })
      .map((endpoint) => endpoint.path as string)
    expect(checking).toEqual(expect.arrayContaining(['/sign-in/email', '/verify-password']))
    for (const path of checking) {
      const account = await newAccount()
      const statuses: number[] = []
      const ip = randomIp()
      for (let index = 0; index < 12; index += 1) {
        const headers = new Headers({
          origin: base(),
          [CLIENT_IP_HEADER]: ip,
          'content-type': 'application/json',
        })
        headers.set('cookie', account.cookie)
        const response = await handleAuthRequest(
          new Request(`${base()}/api/auth${path}`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              email: account.email,
              password: `sbagliata${index}`,
              currentPassword: `sbagliata${index}`,
              newPassword: 'Nuova2026!',
            }),
          }),
        )
        statuses.push(response.status)
      }
      const closed = statuses.every((status) => status === 404)
      expect(closed || statuses.at(-1) === 429, `${path}: ${statuses.join(', ')}`).toBe(true)
    }
  })
})

describe('display name', () => {
  it('updates the name the shell shows, and refuses an empty one', async () => {
    const account = await newAccount()
    const updated = await v1('/user/profile', {
      method: 'PATCH',
      cookie: account.cookie,
      body: { displayName: '  Maria V. ' },
    })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toEqual({ displayName: 'Maria V.' })
    const state = (await (await v1('/abbonamenti', { cookie: account.cookie })).json()) as {
      user: { displayName: string }
    }
    expect(state.user.displayName).toBe('Maria V.')
    const empty = await v1('/user/profile', {
      method: 'PATCH',
      cookie: account.cookie,
      body: { displayName: ' ' },
    })
    expect(empty.status).toBe(400)
    expect(await errorOf(empty)).toMatchObject({ field: 'displayName' })
    expect((await v1('/user/profile', { method: 'PATCH', body: { displayName: 'X' } })).status).toBe(401)
  })
})

describe('e-mail change and undo', () => {
  it('is refused (403, in Italian) while the current address is not confirmed', async () => {
    const account = await newAccount({ confirmed: false })
    const refused = await v1('/user/change-email', {
      cookie: account.cookie,
      body: { email: `nuovo-${unique()}@esempio.it`, password: account.password },
    })
    expect(refused.status).toBe(403)
    expect(await errorOf(refused)).toMatchObject({
      message:
        'Conferma il tuo indirizzo email per continuare: apri il collegamento che ti abbiamo inviato nella mail di benvenuto.',
    })
    const user = await pool.query('select email from auth_users where id = $1', [account.userId])
    expect(user.rows[0]?.email).toBe(account.email)
  })

  it('refuses a wrong password, the same address and an address in use', async () => {
    const account = await newAccount()
    const taken = await newAccount()
    const wrong = await v1('/user/change-email', {
      cookie: account.cookie,
      body: { email: `nuovo-${unique()}@esempio.it`, password: 'sbagliata1' },
    })
    expect(wrong.status).toBe(400)
    expect(await errorOf(wrong)).toEqual({
      code: 'bad_request',
      field: 'password',
      message: 'La password non è corretta.',
    })
    const same = await v1('/user/change-email', {
      cookie: account.cookie,
      body: { email: account.email.toUpperCase(), password: account.password },
    })
    expect(same.status).toBe(400)
    const inUse = await v1('/user/change-email', {
      cookie: account.cookie,
      body: { email: taken.email, password: account.password },
    })
    expect(inUse.status).toBe(409)
    expect(await errorOf(inUse)).toMatchObject({ field: 'email' })
    const user = await pool.query('select email from auth_users where id = $1', [account.userId])
    expect(user.rows[0]?.email).toBe(account.email)
  })

  it('applies the change at once, mails the previous address a single-use undo link that restores it', async () => {
    const account = await newAccount()
    const newEmail = `nuovo-${unique()}@esempio.it`
    const changed = await v1('/user/change-email', {
      cookie: account.cookie,
      body: { email: newEmail.toUpperCase(), password: account.password },
    })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toEqual({ email: newEmail })
    expect((await signIn(newEmail, account.password)).status).toBe(200)
    expect((await signIn(account.email, account.password)).status).toBe(401)

    const mails = await pool.query<{ template: string; data: { undoUrl: string; newEmail: string } }>(
      `select template, data from mail_outbox where recipient = $1 and template = 'emailChanged'`,
      [account.email],
    )
    expect(mails.rows).toHaveLength(1)
    expect(mails.rows[0]?.data.newEmail).toBe(newEmail)
    // The new address is not confirmed: it gets its own confirmation link.
    const confirmation = await pool.query(
      `select 1 from mail_outbox where recipient = $1 and template = 'addressConfirmation'`,
      [newEmail],
    )
    expect(confirmation.rowCount).toBe(1)
    const verified = await pool.query('select email_verified from auth_users where id = $1', [account.userId])
    expect(verified.rows[0]?.email_verified).toBe(false)
    const undoUrl = new URL(mails.rows[0]?.data.undoUrl as string)
    expect(undoUrl.pathname).toBe('/profilo/annulla-modifica-email')
    const code = undoUrl.searchParams.get('codice') as string
    expect(await pendingEmailUndo(code)).toEqual({
      userId: account.userId,
      previousEmail: account.email,
      newEmail,
    })
    // The database holds the code's digest only: a copy of it cannot undo the change (issue 31, point 2).
    const stored = await pool.query(
      `select 1 from auth_verifications where position($1 in identifier) > 0 or position($1 in value) > 0`,
      [code],
    )
    expect(stored.rowCount).toBe(0)
    const keys = await pool.query(`select 1 from mail_outbox where position($1 in dedupe_key) > 0`, [code])
    expect(keys.rowCount).toBe(0)

    expect(await undoEmailChange(code)).toEqual({ status: 'done', previousEmail: account.email })
    const user = await pool.query('select email from auth_users where id = $1', [account.userId])
    expect(user.rows[0]?.email).toBe(account.email)
    // Whoever changed the address is signed out.
    const sessions = await pool.query('select 1 from auth_sessions where user_id = $1', [account.userId])
    expect(sessions.rowCount).toBe(0)
    expect((await signIn(account.email, account.password)).status).toBe(200)
    // Single use.
    expect(await undoEmailChange(code)).toEqual({ status: 'invalid' })
    expect(await pendingEmailUndo(code)).toBeNull()
  })

  it('refuses an expired or unknown undo code', async () => {
    const account = await newAccount()
    const newEmail = `scade-${unique()}@esempio.it`
    expect(
      (
        await v1('/user/change-email', {
          cookie: account.cookie,
          body: { email: newEmail, password: account.password },
        })
      ).status,
    ).toBe(200)
    const mail = await pool.query<{ data: { undoUrl: string } }>(
      `select data from mail_outbox where recipient = $1 and template = 'emailChanged'`,
      [account.email],
    )
    const code = new URL(mail.rows[0]?.data.undoUrl as string).searchParams.get('codice') as string
    await pool.query(
      `update auth_verifications set expires_at = now() - interval '1 minute'
        where identifier like 'email-undo:%' and (value::jsonb ->> 'userId') = $1`,
      [account.userId],
    )
    expect(await undoEmailChange(code)).toEqual({ status: 'invalid' })
    expect(await undoEmailChange('x'.repeat(43))).toEqual({ status: 'invalid' })
    expect(await undoEmailChange("' or 1=1 --")).toEqual({ status: 'invalid' })
    const user = await pool.query('select email from auth_users where id = $1', [account.userId])
    expect(user.rows[0]?.email).toBe(newEmail)
  })
})

describe('profile picture', () => {
  async function upload(
    account: { userId: string; cookie: string },
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    type: string,
  ) {
    const form = new FormData()
    form.append('file', new File([bytes], name, { type }))
    return v1(`/user/${account.userId}/uploadprofilepicture`, { cookie: account.cookie, form })
  }

  it('stores a JPEG as a 256x256 WebP, serves it and shows it in the access state', async () => {
    const account = await newAccount()
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer()
    // The specification's spelling, with the trailing slash.
    const form = new FormData()
    form.append('file', new File([new Uint8Array(jpeg)], 'ritratto.jpg', { type: 'image/jpeg' }))
    const response = await v1(`/user/${account.userId}/uploadprofilepicture/`, {
      cookie: account.cookie,
      form,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { fileName: string; photoURL: string }
    expect(body.photoURL).toBe(`/api/v1/user/profilepicture/${body.fileName}`)
    const served = await v1(`/user/profilepicture/${body.fileName}`, { cookie: account.cookie })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 })
    const state = (await (await v1('/abbonamenti', { cookie: account.cookie })).json()) as {
      user: { photoURL: string }
    }
    expect(state.user.photoURL).toBe(body.photoURL)
    expect(
      (await v1('/user/profilepicture/inesistente-000000000000000000000000.webp', { cookie: account.cookie }))
        .status,
    ).toBe(404)
    // Pictures are for signed-in visitors only.
    expect((await v1(`/user/profilepicture/${body.fileName}`)).status).toBe(401)
  })

  it('refuses anything else with a 400 naming the file, another account with 403, no session with 401', async () => {
    const account = await newAccount()
    const other = await newAccount()
    const text = await upload(
      account,
      'documento.png',
      new TextEncoder().encode('non sono una foto'),
      'image/png',
    )
    expect(text.status).toBe(400)
    expect(await errorOf(text)).toEqual({
      code: 'bad_request',
      field: 'file',
      message: 'Il file «documento.png» non è un’immagine JPEG, PNG o WebP.',
    })
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    expect((await errorOf(await upload(account, 'anim.gif', new Uint8Array(gif), 'image/gif'))).message).toBe(
      'Il file «anim.gif» non è un’immagine JPEG, PNG o WebP.',
    )
    const big = await upload(account, 'enorme.jpg', new Uint8Array(5 * 1024 * 1024 + 10), 'image/jpeg')
    expect(big.status).toBe(400)
    expect((await errorOf(big)).message).toBe('Il file «enorme.jpg» supera la dimensione massima di 5 MB.')
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    expect(
      (
        await upload(
          { userId: other.userId, cookie: account.cookie },
          'a.png',
          new Uint8Array(png),
          'image/png',
        )
      ).status,
    ).toBe(403)
    expect(
      (await upload({ userId: account.userId, cookie: '' }, 'a.png', new Uint8Array(png), 'image/png'))
        .status,
    ).toBe(401)
    const empty = await v1(`/user/${account.userId}/uploadprofilepicture`, {
      cookie: account.cookie,
      form: new FormData(),
    })
    expect(empty.status).toBe(400)
    const user = await pool.query('select image from auth_users where id = $1', [account.userId])
    expect(user.rows[0]?.image).toBeNull()
  })
})

describe('trial-expiry reminders', () => {
  async function trialEndingAt(end: Date, email = `promemoria-${unique()}@esempio.it`) {
    const account = await newAccount()
    await pool.query('update auth_users set trial_ends_at = $2, email = $3 where id = $1', [
      account.userId,
      end,
      email,
    ])
    return { ...account, email }
  }

  const remindersTo = async (email: string) =>
    (
      await pool.query<{ subject: string; dedupe_key: string }>(
        `select subject, dedupe_key from mail_outbox where recipient = $1 and template = 'notice' order by id`,
        [email],
      )
    ).rows

  it('mails two days before and on the day of the end, once per day, never to subscribers', async () => {
    // 08:00 in Rome on 10 March 2031.
    const now = new Date('2031-03-10T07:00:00Z')
    const inTwoDays = await trialEndingAt(new Date('2031-03-12T15:30:00Z'))
    const today = await trialEndingAt(new Date('2031-03-10T18:00:00Z'))
    const tomorrow = await trialEndingAt(new Date('2031-03-11T18:00:00Z'))
    const endedThisMorning = await trialEndingAt(new Date('2031-03-10T06:00:00Z'))
    const subscribed = await trialEndingAt(new Date('2031-03-12T15:30:00Z'))
    // The access module's entitlements, with the subscription side as billing would see it.
    const stillInTrial = async (user: SignedInUser, at: Date) =>
      (
        await accessOf(user, at, async ({ id }) =>
          id === subscribed.userId
            ? { subscription: { plan: 'premium', studio: false, status: 'active' } }
            : {},
        )
      ).entitlements.kind === 'trial'

    await sendTrialReminders({ now, stillInTrial })
    expect(await remindersTo(inTwoDays.email)).toEqual([
      {
        subject: 'La tua prova gratuita termina tra 2 giorni',
        dedupe_key: trialReminderKey(inTwoDays.userId, now),
      },
    ])
    expect(trialReminderKey(inTwoDays.userId, now)).toBe(`trial-reminder:${inTwoDays.userId}:2031-03-10`)
    expect(await remindersTo(today.email)).toEqual([
      { subject: 'La tua prova gratuita termina oggi', dedupe_key: trialReminderKey(today.userId, now) },
    ])
    expect(await remindersTo(tomorrow.email)).toEqual([])
    expect(await remindersTo(endedThisMorning.email)).toEqual([])
    expect(await remindersTo(subscribed.email)).toEqual([])

    // Later runs of the same day write nothing new.
    const again = await sendTrialReminders({ now: new Date('2031-03-10T15:00:00Z'), stillInTrial })
    expect(await remindersTo(inTwoDays.email)).toHaveLength(1)
    expect(await remindersTo(today.email)).toHaveLength(1)
    expect(again.enqueued).toBe(0)

    // The next day nobody is at two days or on the last day, except 'tomorrow' (now today).
    await sendTrialReminders({ now: new Date('2031-03-11T07:00:00Z'), stillInTrial })
    expect(await remindersTo(inTwoDays.email)).toHaveLength(1)
    expect((await remindersTo(tomorrow.email)).map((mail) => mail.subject)).toEqual([
      'La tua prova gratuita termina oggi',
    ])
    // Two days later the first account gets its last-day reminder.
    await sendTrialReminders({ now: new Date('2031-03-12T07:00:00Z'), stillInTrial })
    expect((await remindersTo(inTwoDays.email)).map((mail) => mail.subject)).toEqual([
      'La tua prova gratuita termina tra 2 giorni',
      'La tua prova gratuita termina oggi',
    ])
  })

  it('is a registered job of the queue', () => {
    expect(payload.config.jobs.tasks?.map((task) => task.slug)).toContain('trialReminders')
  })
})

describe('operators', () => {
  const editor = { id: 2, roles: ['editor'] }
  const admin = { id: 1, roles: ['admin'] }
  const call = (user: unknown, id: string) =>
    endSubscriberSessions.handler({ user, routeParams: { id }, payload } as unknown as PayloadRequest)

  it('finds a subscriber by part of the e-mail and shows profile, state and sessions', async () => {
    const account = await newAccount()
    const part = account.email.slice(8, 20).toUpperCase()
    const found = await findSubscribers(part)
    expect(found.map((item) => item.email)).toContain(account.email)
    expect(await findSubscribers('%')).toEqual(expect.any(Array))
    expect((await findSubscribers('_no_such_%')).length).toBe(0)
    const details = await adminServices.subscriberDetails(account.userId)
    expect(details?.user).toMatchObject({
      email: account.email,
      accountType: 'trial',
      profession: 'professionista',
    })
    expect(details?.access.entitlements.kind).toBe('trial')
    expect(details?.sessions).toHaveLength(1)
    expect(details?.sessions[0]).toMatchObject({ userAgent: 'Prova/1.0' })
    expect(await adminServices.subscriberDetails('sconosciuto')).toBeNull()
  })

  it('lets only administrators end all sessions of a subscriber', async () => {
    const account = await newAccount()
    const refused = await call(editor, account.userId)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } })
    expect((await call(null, account.userId)).status).toBe(403)
    expect((await v1('/user/validatesession', { cookie: account.cookie })).status).toBe(200)

    const ended = await call(admin, account.userId)
    expect(ended.status).toBe(303)
    expect(ended.headers.get('location')).toBe(`/admin/abbonati?id=${account.userId}&terminate=1`)
    expect((await v1('/user/validatesession', { cookie: account.cookie })).status).toBe(401)
  })
})
