/**
 * What the Stripe emulator and the test tools under /dev/* show to the
 * network, over HTTP against started portals: the emulator's secret-key API
 * is reachable by no HTTP client (any key, through the portal's /dev/stripe),
 * while the checkout's card confirmation still works; the test tools answer
 * only this computer and refuse cross-site POSTs; production mode refuses to
 * start without Stripe keys, and a staging deployment on the emulator
 * (STRIPE_EMULATOR=1) shows 'Modalità di prova' on every page, has no /dev
 * test tools, and without Google or Facebook keys no social buttons and no
 * test sign-in provider.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { networkInterfaces } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newSubscriber, openConfirmationLink, startPortal, type Portal } from './portal.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const unique = () => randomBytes(4).toString('hex')

/** The keys an attacker would try on the emulator's secret-key API. */
const STOLEN_KEYS = ['sk_test_emulator', 'sk_live_emulator', 'pk_test_emulator', 'sk_test_x', '']

/** Calls the portal's /dev/stripe/v1 as a program on this computer would, with `key`. */
function emulatorCall(portal: Portal, key: string, target: string, method = 'GET', body?: string) {
  return fetch(`${portal.base}/dev/stripe/v1${target}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body,
  })
}

/** The secret-key calls of the attack: list customers, move a subscription, make a coupon, cancel. */
function secretKeyCalls(customer: string, subscription: string): [string, string, string?][] {
  return [
    ['GET', '/customers?limit=100'],
    ['GET', `/customers/${customer}`],
    ['POST', `/customers/${customer}`, 'metadata[user_id]=attacker'],
    ['POST', '/coupons', 'percent_off=100&duration=forever'],
    ['DELETE', `/subscriptions/${subscription}`],
    ['GET', '/events'],
  ]
}

type Subscriptions = {
  subscription: { id: string; customerId: string } | null
}

/** The buyer's subscription as the portal reports it. */
async function subscriptionOf(portal: Portal, cookie: string): Promise<Subscriptions> {
  return (await (await portal.fetch('/api/v1/abbonamenti', { cookie })).json()) as Subscriptions
}

/** The subscription once the emulator's webhooks have reached the portal's mirror. */
async function boughtSubscription(portal: Portal, cookie: string) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const { subscription } = await subscriptionOf(portal, cookie)
    if (subscription || Date.now() > deadline) return subscription ?? { id: '', customerId: '' }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * A new subscriber buys Premium through the checkout's calls and the card
 * confirmation on /dev/stripe; then every stolen or guessed key is refused on
 * every secret-key call against that buyer, and the subscription stays theirs.
 */
async function expectCheckoutWithoutSecretKeyApi(
  portal: Portal,
  mailbox?: { confirm: (email: string) => Promise<void>; passwordOf: (email: string) => Promise<string> },
) {
  const email = `esposto-${unique()}@esempio.it`
  const cookie = await newSubscriber(portal, 'premium_monthly', email, mailbox?.confirm, mailbox?.passwordOf)
  const { id: subscription, customerId: customer } = await boughtSubscription(portal, cookie)
  expect(subscription).toMatch(/^sub_/)
  for (const key of STOLEN_KEYS) {
    for (const [method, target, body] of secretKeyCalls(customer, subscription)) {
      const response = await emulatorCall(portal, key, target, method, body)
      const text = await response.text()
      expect(response.status, `${key} ${method} ${target}`).toBe(401)
      expect(text, `${key} ${method} ${target}`).not.toContain('esempio.it')
    }
  }
  const after = await subscriptionOf(portal, cookie)
  expect(after.subscription?.id).toBe(subscription)
  expect(after.subscription?.customerId).toBe(customer)
}

/** A GET or POST with a Host header of the caller's choosing (fetch cannot set it). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** An address of this computer other computers reach it by (not loopback), if it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address

describe('embedded mode', () => {
  let portal: Portal

  beforeAll(async () => {
    // Listening everywhere, as a developer who opens the portal to the office network would.
    portal = await startPortal({ HOST: '0.0.0.0' })
  }, 240_000)

  afterAll(async () => {
    await portal?.stop()
  })

  it('sells through the checkout’s card confirmation on /dev/stripe, and no key opens the emulator’s secret-key API', async () => {
    await expectCheckoutWithoutSecretKeyApi(portal)
  })

  it('prints a warning when HOST opens the portal to other computers', () => {
    expect(portal.output()).toContain('HOST=0.0.0.0')
    expect(portal.output()).toContain('raggiungibile da altri computer')
  })

  it('opens the test tools to this computer, and refuses a POST from another site’s page', async () => {
    expect((await portal.fetch('/dev/posta')).status).toBe(200)
    expect((await portal.fetch('/dev/posta/messages.json')).status).toBe(200)
    expect((await portal.fetch('/dev/csp-report')).status).toBe(200)
    for (const target of ['/dev/stripe/advance?days=1', '/dev/notifiche/riepilogo', '/dev/lavori/esegui']) {
      const forged = await portal.fetch(target, {
        method: 'POST',
        headers: { origin: 'https://attacker.example' },
      })
      expect(forged.status, target).toBe(403)
      expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
        'Richiesta rifiutata: proviene da un sito diverso dal portale.',
      )
    }
    const own = await portal.fetch('/dev/notifiche/riepilogo', { method: 'POST' })
    expect(own.status).toBe(200)
    // The emulator's card confirmation takes a POST only from the portal's own pages, too.
    const confirm = await fetch(`${portal.base}/dev/stripe/v1/payment_intents/pi_x/confirm`, {
      method: 'POST',
      headers: { origin: 'https://attacker.example', authorization: 'Bearer pk_test_emulator' },
    })
    expect(confirm.status).toBe(403)
  })

  it('refuses the test tools to a page of another site that reaches this computer by its own name', async () => {
    const port = new URL(portal.base).port
    const rebound = await rawRequest(`${portal.base}/dev/posta/messages.json`, {
      headers: { host: `attacker.example:${port}` },
    })
    expect(rebound.status).toBe(403)
    expect(rebound.body).not.toContain('"messages"')
    // A Host that is no address at all is refused the same way, never an error.
    expect((await rawRequest(`${portal.base}/dev/posta`, { headers: { host: '[' } })).status).toBe(403)
  })

  it.skipIf(!networkAddress)(
    'refuses the test tools to another computer while serving it the portal',
    async () => {
      const remote = `http://${networkAddress}:${new URL(portal.base).port}`
      expect((await fetch(`${remote}/healthz`)).status).toBe(200)
      for (const [method, target] of [
        ['GET', '/dev/posta'],
        ['GET', '/dev/posta/messages.json'],
        ['GET', '/dev/csp-report'],
        ['POST', '/dev/stripe/advance?days=31'],
        ['POST', '/dev/notifiche/riepilogo'],
        ['POST', '/dev/lavori/esegui'],
      ] as const) {
        const response = await fetch(`${remote}${target}`, { method })
        expect(response.status, target).toBe(403)
        expect(((await response.json()) as { error: { message: string } }).error.message, target).toBe(
          'Gli strumenti di prova (/dev) rispondono solo alle richieste fatte da questo computer (localhost o 127.0.0.1).',
        )
      }
    },
  )
})

describe('production mode', () => {
  it('refuses to start without Stripe keys, naming them, before connecting to the database', async () => {
    const { STRIPE_EMULATOR: _emulator, STRIPE_SECRET_KEY: _key, ...inherited } = process.env
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      // Nothing listens on port 1: a start that tried the database would fail with a connection error instead.
      env: {
        ...inherited,
        DATABASE_URL: 'postgres://portale:segreta@127.0.0.1:1/portale',
        PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
      },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).not.toBe(0)
    expect(code).not.toBeNull()
    expect(output).toContain('Configurazione non valida')
    expect(output).toContain('STRIPE_SECRET_KEY')
    expect(output).toContain('STRIPE_WEBHOOK_SECRET')
    expect(output).toContain('STRIPE_EMULATOR=1')
    expect(output).not.toMatch(/ECONNREFUSED/)
  }, 60_000)

  describe('a staging deployment on the emulator (STRIPE_EMULATOR=1)', () => {
    let portal: Portal
    let admin: pg.Client
    const database = `staging_${unique()}`

    beforeAll(async () => {
      // Its own database in the integration Postgres: production mode, migrations applied at start.
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${database}`)
      const url = new URL(process.env.DATABASE_URL ?? '')
      url.pathname = `/${database}`
      portal = await startPortal({
        DATABASE_URL: url.toString(),
        PAYLOAD_SECRET: 'staging-tests-secret-0123456789abcdef',
        STRIPE_EMULATOR: '1',
      })
    }, 300_000)

    afterAll(async () => {
      await portal?.stop()
      await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await admin?.end()
    })

    it('shows the ‘Modalità di prova’ strip on every page', async () => {
      for (const target of ['/', '/accedi', '/acquista', '/pagina-che-non-esiste']) {
        const html = await (await portal.fetch(target)).text()
        expect(html, target).toContain('data-test-mode')
        expect(html, target).toContain('Modalità di prova')
      }
    })

    it('shows no Google or Facebook buttons without their keys, and starts no test sign-in provider', async () => {
      const pricing = await (await portal.fetch('/acquista')).text()
      const purchase = /href="(\/v2\/registrati\/[^"]+)"/.exec(pricing)?.[1]
      expect(purchase).toBeDefined()
      for (const target of ['/accedi', '/registrati', purchase ?? '']) {
        const html = await (await portal.fetch(target)).text()
        expect(html, target).toContain('<h1')
        expect(html, target).not.toMatch(/(Accedi|Registrati) con (Google|Facebook)/)
        expect(html, target).not.toContain('<social-sign-in')
      }
      const provider = await fetch(`${portal.testSignInIssuer}/.well-known/openid-configuration`).then(
        (response) => response.status,
        () => 'nessuna risposta',
      )
      expect(provider).toBe('nessuna risposta')
    })

    it('has no test tools under /dev: mailbox, clock, CSP reports, digest and jobs are 404', async () => {
      for (const [method, target] of [
        ['GET', '/dev/posta'],
        ['GET', '/dev/posta/messages.json'],
        ['POST', '/dev/stripe/advance?days=31'],
        ['GET', '/dev/csp-report'],
        ['POST', '/dev/notifiche/riepilogo'],
        ['POST', '/dev/lavori/esegui'],
      ] as const) {
        expect((await portal.fetch(target, { method })).status, `${method} ${target}`).toBe(404)
      }
    })

    it('sells through the checkout’s card confirmation, and no key opens the emulator’s secret-key API', async () => {
      // Without the embedded mailbox the buyer's welcome mail (password, confirmation link) is read from the
      // outbox of the staging database.
      const url = new URL(process.env.DATABASE_URL ?? '')
      url.pathname = `/${database}`
      const staging = new pg.Client({ connectionString: url.toString() })
      await staging.connect()
      const welcome = async (email: string, field: 'confirmUrl' | 'password') => {
        const deadline = Date.now() + 30_000
        for (;;) {
          const found = await staging.query<{ value: string | null }>(
            `select data->>$2 as value from mail_outbox where recipient = $1 and template = 'welcome'`,
            [email, field],
          )
          const value = found.rows[0]?.value
          if (value) return value
          if (Date.now() > deadline) throw new Error(`Nessun ${field} nella mail di benvenuto a ${email}`)
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      }
      try {
        await expectCheckoutWithoutSecretKeyApi(portal, {
          passwordOf: (email) => welcome(email, 'password'),
          confirm: async (email) => openConfirmationLink(portal, email, await welcome(email, 'confirmUrl')),
        })
      } finally {
        await staging.end()
      }
    })
  })
})
