/**
 * Studio accounts on a real Postgres with the Stripe emulator, through the
 * API: invitation codes (single use, 7 days), the limit of two links under
 * concurrent invitations, activation by sign-up and by an existing account,
 * removal ending the linked account's sessions, a secondary account's 403 on
 * billing, and the loss and return of the linked accounts' access when the
 * owner's plan drops or regains the Studio formula.
 */
import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessOf } from '../access/index.ts'
import {
  handleAuthRequest,
  hashPassword,
  inTransaction,
  insertAccount,
  sessionOf,
  getAccountsPool,
  CLIENT_IP_HEADER,
} from '../accounts/index.ts'
import { createApi } from '../api/index.ts'
import { forgetCatalogue, loadCatalogue, setBillingStripe, syncCatalogue } from '../billing/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import { emulatorClient, startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator/index.ts'
import { mailOnStudioAccessChange } from './index.ts'
import { onSubscriptionAccessChange } from '../billing/index.ts'

let close: () => Promise<void>
let pool: Pool
let emulator: StripeEmulator
let stripe: Stripe
const api = createApi({ version: 'test' })
const base = () => getEnv().publicUrl
const PASSWORD = 'Prova2026!'
const unique = () => randomBytes(4).toString('hex')
const LIMIT_TEXT = 'Hai raggiunto il limite massimo di account collegabili.'
const INVALID_CODE = 'Il codice invito inserito non è valido.'

type Call = {
  method?: string
  body?: unknown
  cookie?: string
  headers?: Record<string, string>
  raw?: string
}

function request(path: string, call: Call = {}): Request {
  const headers = new Headers({
    origin: base(),
    [CLIENT_IP_HEADER]: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...call.headers,
  })
  if (call.body !== undefined) headers.set('content-type', 'application/json')
  if (call.cookie) headers.set('cookie', call.cookie)
  return new Request(`${base()}${path}`, {
    method: call.method ?? (call.body === undefined && call.raw === undefined ? 'GET' : 'POST'),
    headers,
    body: call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
  })
}

async function v1<T = Record<string, unknown>>(path: string, call: Call = {}) {
  const response = await api.fetch(request(`/api/v1${path}`, call))
  return {
    status: response.status,
    body: (await response.json()) as T,
    cookies: response.headers.getSetCookie(),
  }
}

const cookieOf = (setCookies: string[]) =>
  setCookies
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')

type Account = { id: string; email: string; cookie: string }

async function signIn(email: string): Promise<string> {
  const response = await handleAuthRequest(
    request('/api/auth/sign-in/email', { body: { email, password: PASSWORD } }),
  )
  expect(response.status).toBe(200)
  return cookieOf(response.headers.getSetCookie())
}

async function newAccount(prefix = 'studio'): Promise<Account> {
  const email = `${prefix}-${unique()}@esempio.it`
  const passwordHash = await hashPassword(PASSWORD)
  const id = await inTransaction((client) =>
    insertAccount(client, {
      email,
      firstName: 'Anna',
      lastName: 'Verdi',
      profession: 'consulente-del-lavoro',
      accountType: 'standard',
      trialEndsAt: null,
      emailVerified: true,
      passwordHash,
    }),
  )
  if (!id) throw new Error('account non creato')
  return { id, email, cookie: await signIn(email) }
}

async function priceId(lookupKey: string) {
  const catalogue = await loadCatalogue()
  const found = catalogue.items.find((candidate) => candidate.entry.lookupKey === lookupKey)
  if (!found) throw new Error(lookupKey)
  return found.price.id
}

/** A paid subscription for `account`, as the checkout makes it. */
async function subscribe(account: Account, lookupKey: string) {
  const customer = await v1<{ id: string }>('/stripe/customer/create', {
    cookie: account.cookie,
    body: {
      name: 'Anna Verdi',
      phone: '+39 06 1234567',
      city: 'Roma',
      address: 'Via del Corso 1',
      zipCode: '00186',
      state: 'IT',
      province: 'RM',
      fiscalcode: 'RMNLCU80A01H501M',
      termsCheck: true,
      additionalTermsCheck: true,
      professione: 'consulente-del-lavoro',
    },
  })
  expect(customer.status).toBe(200)
  const created = await v1<{ subscriptionId: string; clientSecret: string }>('/stripe/subscription/create', {
    cookie: account.cookie,
    body: { priceId: await priceId(lookupKey), customerId: customer.body.id },
  })
  expect(created.status).toBe(200)
  await stripe.paymentIntents.confirm(created.body.clientSecret.split('_secret_')[0] ?? '', {
    payment_method: 'pm_card_visa',
  })
  await emulator.idle()
  return created.body.subscriptionId
}

async function kindOf(cookie: string) {
  const { session } = await sessionOf(request('/', { cookie }))
  return (await accessOf(session?.user ?? null)).entitlements.kind
}

/** Invites `email` and returns the code read from the outbox mail. */
async function invite(owner: Account, email: string) {
  const response = await v1(`/linkedstudioaccounts/linkto/${owner.email}`, {
    cookie: owner.cookie,
    body: { accountEmail: email, subscriptionName: 'Professional Studio', subscriptionId: 'ignorato' },
  })
  return { ...response, code: response.status === 201 ? await codeFor(email) : '' }
}

async function codeFor(email: string): Promise<string> {
  const mails = await pool.query<{ data: { button?: { url: string } } }>(
    `select data from mail_outbox where recipient = $1 and dedupe_key like 'studio-invite:%' order by id desc limit 1`,
    [email.toLowerCase()],
  )
  const url = mails.rows[0]?.data.button?.url ?? ''
  expect(url).toMatch(/^\/invito-studio\/[\w-]+$/)
  return url.split('/').pop() ?? ''
}

async function studioOwner() {
  const owner = await newAccount('titolare')
  const subscriptionId = await subscribe(owner, 'professional_studio_monthly')
  expect(await kindOf(owner.cookie)).toBe('studioPrimary')
  return { owner, subscriptionId }
}

const signupBody = { name: 'Luca Neri', password: PASSWORD, confirmPassword: PASSWORD, terms: true }

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = await getAccountsPool()
  emulator = await startStripeEmulator({
    pool,
    webhook: async (payload, signature) =>
      (
        await api.fetch(
          request('/api/v1/stripe/webhook', {
            raw: payload,
            headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
          }),
        )
      ).status,
    publicBase: `${base()}/dev/stripe`,
    backoffMs: [20, 50, 100],
  })
  stripe = emulatorClient(emulator)
  setBillingStripe({
    stripe,
    webhookSecret: emulator.webhookSecret,
    publishableKey: emulator.publishableKey,
    emulator,
  })
  onSubscriptionAccessChange('studio', mailOnStudioAccessChange)
  forgetCatalogue()
  await syncCatalogue(stripe)
})

afterAll(async () => {
  await emulator.close()
  setBillingStripe(undefined)
  await close()
})

describe('invitation codes', () => {
  it('a code opens the invitation once and only for 7 days; verifyinvite reveals only the address', async () => {
    const { owner } = await studioOwner()
    const email = `Nuovo-${unique()}@Esempio.it`
    const sent = await invite(owner, email)
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ email: email.toLowerCase(), isActive: false })

    const verified = await v1(`/linkedstudioaccounts/verifyinvite/${sent.code}`)
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({ email: email.toLowerCase() })
    const bad = await v1<{ error: { message: string } }>(
      '/linkedstudioaccounts/verifyinvite/codice-sbagliato',
    )
    expect(bad.status).toBe(404)
    expect(bad.body.error.message).toBe(INVALID_CODE)

    const created = await v1<{ email: string }>(`/linkedstudioaccounts/signup/${sent.code}`, {
      body: signupBody,
    })
    expect(created.status).toBe(201)
    const linkedCookie = cookieOf(created.cookies)
    expect(await kindOf(linkedCookie)).toBe('studioSecondary')

    // Used: the same code opens nothing any more.
    const reused = await v1<{ error: { message: string } }>(`/linkedstudioaccounts/verifyinvite/${sent.code}`)
    expect(reused.status).toBe(404)
    expect(reused.body.error.message).toBe(INVALID_CODE)
    const again = await v1(`/linkedstudioaccounts/signup/${sent.code}`, { body: signupBody })
    expect(again.status).toBe(404)

    // Expired: a code older than 7 days is refused.
    const late = await invite(owner, `scaduto-${unique()}@esempio.it`)
    await pool.query(
      `update studio_links set code_expires_at = now() - interval '1 second' where email = $1`,
      [late.body.email],
    )
    expect((await v1(`/linkedstudioaccounts/verifyinvite/${late.code}`)).status).toBe(404)
    const lateSignup = await v1<{ error: { message: string } }>(`/linkedstudioaccounts/signup/${late.code}`, {
      body: signupBody,
    })
    expect(lateSignup.status).toBe(404)
    expect(lateSignup.body.error.message).toBe(INVALID_CODE)

    const list = await v1<{ email: string; isActive: boolean }[]>(
      `/linkedstudioaccounts/linkedto/${owner.email}`,
      { cookie: owner.cookie },
    )
    expect(list.body.map((row) => [row.email, row.isActive])).toEqual([
      [email.toLowerCase(), true],
      [late.body.email, false],
    ])
  })

  it('an existing account activates by signing in; another account cannot use the code', async () => {
    const { owner } = await studioOwner()
    const existing = await newAccount('esistente')
    const sent = await invite(owner, existing.email)
    const signup = await v1<{ error: { field: string } }>(`/linkedstudioaccounts/signup/${sent.code}`, {
      body: signupBody,
    })
    expect(signup.status).toBe(409)
    expect(signup.body.error.field).toBe('email')

    const stranger = await newAccount('estraneo')
    const wrong = await v1(`/linkedstudioaccounts/activate/${sent.code}`, {
      method: 'POST',
      cookie: stranger.cookie,
    })
    expect(wrong.status).toBe(403)
    expect((await v1(`/linkedstudioaccounts/activate/${sent.code}`, { method: 'POST' })).status).toBe(401)

    const activated = await v1(`/linkedstudioaccounts/activate/${sent.code}`, {
      method: 'POST',
      cookie: existing.cookie,
    })
    expect(activated.status).toBe(200)
    expect(await kindOf(existing.cookie)).toBe('studioSecondary')
  })

  it('limits the invitations of one owner to 20 an hour', async () => {
    const { owner } = await studioOwner()
    const email = `ripetuto-${unique()}@esempio.it`
    // Sending a pending invitation again counts too: each one mails a new code.
    for (let sent = 0; sent < 20; sent += 1) expect((await invite(owner, email)).status).toBe(201)
    const refused = `altro-${unique()}@esempio.it`
    const blocked = await v1<{ error: { code: string; message: string } }>(
      `/linkedstudioaccounts/linkto/${owner.email}`,
      {
        cookie: owner.cookie,
        body: { accountEmail: refused, subscriptionName: 'Professional Studio' },
      },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Hai inviato troppi inviti in poco tempo. Riprova più tardi.',
      },
    })
    // Nothing was sent for the refused invitation.
    expect((await pool.query('select 1 from mail_outbox where recipient = $1', [refused])).rowCount).toBe(0)
  })

  it('limits failed codes from one address', async () => {
    const ip = { [CLIENT_IP_HEADER]: `10.7.${Math.floor(Math.random() * 250)}.1` }
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await v1(`/linkedstudioaccounts/verifyinvite/falso-${attempt}`, { headers: ip })).status).toBe(
        404,
      )
    }
    expect((await v1('/linkedstudioaccounts/verifyinvite/falso-ultimo', { headers: ip })).status).toBe(429)
  })
})

describe('the limit of two linked accounts', () => {
  it('never holds more than two links, also under concurrent invitations', async () => {
    const { owner } = await studioOwner()
    const first = await invite(owner, `uno-${unique()}@esempio.it`)
    expect(first.status).toBe(201)
    const racing = await Promise.all([
      v1<{ error?: { message: string } }>(`/linkedstudioaccounts/linkto/${owner.email}`, {
        cookie: owner.cookie,
        body: { accountEmail: `due-${unique()}@esempio.it` },
      }),
      v1<{ error?: { message: string } }>(`/linkedstudioaccounts/linkto/${owner.email}`, {
        cookie: owner.cookie,
        body: { accountEmail: `tre-${unique()}@esempio.it` },
      }),
    ])
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409])
    expect(racing.find((response) => response.status === 409)?.body.error?.message).toBe(LIMIT_TEXT)
    const count = await pool.query('select count(*)::int as n from studio_links where owner_user_id = $1', [
      owner.id,
    ])
    expect(count.rows[0].n).toBe(2)

    // Sending a pending invitation again is not a third link.
    const resent = await invite(owner, first.body.email as string)
    expect(resent.status).toBe(201)
    expect(resent.code).not.toBe(first.code)
    expect((await v1(`/linkedstudioaccounts/verifyinvite/${first.code}`)).status).toBe(404)

    // The database refuses a third link whatever the code does.
    await expect(
      pool.query(`insert into studio_links (owner_user_id, slot, email) values ($1, 3, $2)`, [
        owner.id,
        `quattro-${unique()}@esempio.it`,
      ]),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it('refuses bad input, the owner’s own address, other Studios’ accounts and non-owners', async () => {
    const { owner } = await studioOwner()
    const missing = await v1<{ error: { field: string } }>(`/linkedstudioaccounts/linkto/${owner.email}`, {
      cookie: owner.cookie,
      body: { accountEmail: '' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error.field).toBe('accountEmail')
    const self = await invite(owner, owner.email)
    expect(self.status).toBe(409)
    const other = await studioOwner()
    const taken = `preso-${unique()}@esempio.it`
    expect((await invite(other.owner, taken)).status).toBe(201)
    const clash = await invite(owner, taken)
    expect(clash.status).toBe(409)
    expect((clash.body as { error: { message: string } }).error.message).toBe(
      "Errore durante la creazione dell'account. Verifica che l'utente non esista già e riprovare.",
    )
    expect(
      (await v1(`/linkedstudioaccounts/linkedto/${other.owner.email}`, { cookie: owner.cookie })).status,
    ).toBe(403)
    expect(
      (await v1(`/linkedstudioaccounts/unlink/${taken}`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(403)
    const plain = await newAccount('premium')
    await subscribe(plain, 'premium_monthly')
    const notStudio = await v1<{ error: { message: string } }>(
      `/linkedstudioaccounts/linkedto/${plain.email}`,
      {
        cookie: plain.cookie,
      },
    )
    expect(notStudio.status).toBe(403)
    expect(notStudio.body.error.message).toBe('Non hai una sottoscrizione Studio attiva.')
    expect((await v1(`/linkedstudioaccounts/linkedto/${owner.email}`)).status).toBe(401)
  })
})

describe('secondary accounts', () => {
  it('read with the owner’s plan, get 403 on billing, and lose access at once when removed', async () => {
    const { owner } = await studioOwner()
    const sent = await invite(owner, `collega-${unique()}@esempio.it`)
    const created = await v1(`/linkedstudioaccounts/signup/${sent.code}`, { body: signupBody })
    const cookie = cookieOf(created.cookies)
    const state = await v1<{
      isStudioSecondary: boolean
      entitlements: { plan: string; showsPurchaseLinks: boolean }
    }>('/abbonamenti', { cookie })
    expect(state.body.isStudioSecondary).toBe(true)
    expect(state.body.entitlements).toMatchObject({ plan: 'professional', showsPurchaseLinks: false })

    for (const [path, call] of [
      ['/stripe/invoices', {}],
      [`/stripe/subscription/byemail/${sent.body.email}`, {}],
      ['/stripe/customer/create', { body: {} }],
      ['/stripe/subscription/create', { body: {} }],
      ['/user/sendsubscriptionemail', { body: {} }],
    ] as const) {
      const response = await v1<{ error: { message: string } }>(path, { ...call, cookie })
      expect(response.status, path).toBe(403)
      expect(response.body.error.message).toBe(
        "Non hai i permessi per accedere a questa pagina. Contatta l'amministratore dello Studio.",
      )
    }
    expect((await v1(`/linkedstudioaccounts/linkedto/${sent.body.email}`, { cookie })).status).toBe(403)

    expect((await v1('/user/validatesession', { cookie })).status).toBe(200)
    const removed = await v1(`/linkedstudioaccounts/unlink/${sent.body.email}`, {
      method: 'POST',
      cookie: owner.cookie,
    })
    expect(removed.status).toBe(200)
    expect((await v1('/user/validatesession', { cookie })).status).toBe(401)
    const again = await signIn(sent.body.email as string)
    expect(await kindOf(again)).toBe('registered')

    // It can be invited again.
    const reinvited = await invite(owner, sent.body.email as string)
    expect(reinvited.status).toBe(201)
    expect(
      (await v1(`/linkedstudioaccounts/activate/${reinvited.code}`, { method: 'POST', cookie: again }))
        .status,
    ).toBe(200)
    expect(await kindOf(again)).toBe('studioSecondary')
  })

  it('lose access when the owner drops the Studio formula, regain it when it comes back; the owner is told', async () => {
    const { owner, subscriptionId } = await studioOwner()
    const sent = await invite(owner, `perde-${unique()}@esempio.it`)
    const cookie = cookieOf(
      (await v1(`/linkedstudioaccounts/signup/${sent.code}`, { body: signupBody })).cookies,
    )
    expect(await kindOf(cookie)).toBe('studioSecondary')

    const change = async (lookupKey: string) => {
      const sub = await stripe.subscriptions.retrieve(subscriptionId)
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: sub.items.data[0]?.id ?? '', price: await priceId(lookupKey) }],
        proration_behavior: 'none',
      })
      await emulator.idle()
    }
    const ownerMails = async () =>
      (
        await pool.query<{ subject: string }>(
          `select subject from mail_outbox where recipient = $1 and dedupe_key like 'studio-access:%' order by id`,
          [owner.email],
        )
      ).rows.map((row) => row.subject)

    await change('professional_monthly')
    expect(await kindOf(owner.cookie)).toBe('professional')
    expect(await kindOf(cookie)).toBe('registered')
    expect(await ownerMails()).toEqual(['Il tuo abbonamento Studio non è più attivo'])

    await change('professional_studio_monthly')
    expect(await kindOf(cookie)).toBe('studioSecondary')
    expect(await ownerMails()).toEqual([
      'Il tuo abbonamento Studio non è più attivo',
      'Il tuo abbonamento Studio è di nuovo attivo',
    ])

    await stripe.subscriptions.cancel(subscriptionId)
    await emulator.idle()
    expect(await kindOf(owner.cookie)).toBe('registered')
    expect(await kindOf(cookie)).toBe('registered')
    expect(await ownerMails()).toHaveLength(3)
  })
})
