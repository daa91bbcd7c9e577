/**
 * The portal as `npm start` runs it, for integration tests that need the
 * whole product over HTTP (pages, API, auth, headers): a fresh embedded
 * installation with the demo data and the demo personas, on a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { recordedPgPort } from '../modules/platform/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The password of every demo persona (modules/accounts/demo-personas.ts). */
export const DEMO_PASSWORD = 'Demo2026!'

/** Every kind of visitor the entitlements distinguish, with the demo account that is one. */
export const PERSONAS = {
  trial: 'prova@demo.local',
  trialExpired: 'scaduto@demo.local',
  premium: 'premium@demo.local',
  professional: 'professional@demo.local',
  studioOwner: 'studio@demo.local',
  studioSecondary: 'collega@demo.local',
} as const

export type SignedInKind = keyof typeof PERSONAS
export type VisitorKind = 'anonymous' | SignedInKind

export type Portal = {
  base: string
  /** The portal's data directory (its embedded Postgres cluster is under `postgres/`). */
  dataDir: string
  /** Where the embedded test sign-in provider listens when the portal starts one. */
  testSignInIssuer: string
  /** A request to the portal as a same-origin browser page would send it (Origin set on writes). */
  fetch: (path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>
  /** Signs in with e-mail and password; the Cookie header of the new session. */
  signIn: (email: string, password?: string) => Promise<string>
  /** The connection string of the portal's database (its embedded Postgres, or the one it was given). */
  databaseUrl: string
  /** The last lines the portal printed (its log and console). */
  output: () => string
  /** Every line the portal printed that matches the `watch` option, in order. */
  watched: () => string[]
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** The Cookie header that sends back the cookies a response set (deleted ones left out). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Calls to a running portal at `base` as a same-origin browser page would send them (Origin set on writes). */
export function portalClient(base: string): Pick<Portal, 'base' | 'fetch'> {
  return {
    base,
    fetch: (target, init = {}) => {
      const { cookie, ...rest } = init
      const headers = new Headers(rest.headers)
      if (cookie) headers.set('cookie', cookie)
      const method = (rest.method ?? 'GET').toUpperCase()
      if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', base)
      return fetch(`${base}${target}`, { redirect: 'manual', ...rest, headers })
    },
  }
}

/** The settings of a second instance on `first`'s database: production mode with the emulated Stripe. */
function secondInstanceEnv(first: Portal): Record<string, string> {
  const secrets = JSON.parse(readFileSync(path.join(first.dataDir, 'secrets.json'), 'utf8')) as {
    payloadSecret: string
  }
  return { DATABASE_URL: first.databaseUrl, PAYLOAD_SECRET: secrets.payloadSecret, STRIPE_EMULATOR: '1' }
}

/**
 * Starts the built portal on a fresh data directory; `stop` ends it and
 * removes the data. It is reached at 127.0.0.1; `publicHost` names another
 * public address (PUBLIC_URL) at the same port, such as `localhost`.
 * `sharing` starts another instance on that portal's database (as a
 * production instance behind a load balancer would run, with the same
 * secrets); `watch` keeps the printed lines that match it; `dataDir` starts
 * it on an existing data directory (a restored one) instead of a fresh one.
 */
export async function startPortal(
  extraEnv: Record<string, string> = {},
  options: { publicHost?: string; sharing?: Portal; watch?: RegExp; dataDir?: string } = {},
): Promise<Portal> {
  const port = await freePort()
  // Its own free ports for the embedded Postgres and the test sign-in provider too (the defaults,
  // 14321 and PORT + 20000, may be another portal's); the portal records the Postgres port it used.
  const pgPort = await freePort()
  const oidcPort = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'bancadati-portal-'))
  const base = `http://127.0.0.1:${port}`
  // The integration setup points these at the test database; the portal runs its own embedded one.
  const { DATABASE_URL: _url, PAYLOAD_SECRET: _secret, NODE_ENV: _mode, ...inherited } = process.env
  let output = ''
  const watched: string[] = []
  let partial = ''
  const env: Record<string, string | undefined> = {
    ...inherited,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_OIDC_PORT: String(oidcPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_REQUESTS_PER_MINUTE: '5000',
    AUTH_SIGN_INS_PER_MINUTE: '2000',
    SEARCHES_PER_MINUTE: '100000',
    ...(options.sharing ? secondInstanceEnv(options.sharing) : {}),
    ...extraEnv,
  }
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
  })
  const printed = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
    if (!options.watch) return
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    watched.push(...lines.filter((line) => options.watch?.test(line)))
  }
  child.stdout?.on('data', printed)
  child.stderr?.on('data', printed)
  const stop = async () => {
    child.kill('SIGINT')
    await exited(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 200_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Il portale è terminato durante l'avvio:\n${output}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`Il portale non è diventato pronto:\n${output}`)
    }
    // A probe that gets no answer is given up after a few seconds, so the deadline above holds.
    const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status === 200,
      () => false,
    )
    if (ready) break
    await new Promise((resolve) => setTimeout(resolve, 300))
  }

  const portalFetch = portalClient(base).fetch
  const signIn: Portal['signIn'] = async (email, password = DEMO_PASSWORD) => {
    const response = await portalFetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, rememberMe: true }),
    })
    if (response.status !== 200) throw new Error(`Accesso di ${email} non riuscito: ${response.status}`)
    return cookiesOf(response)
  }
  const testSignInIssuer = `http://127.0.0.1:${oidcPort}`
  const databaseUrl =
    env.DATABASE_URL ??
    `postgres://postgres:${(JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { pgPassword: string }).pgPassword}@127.0.0.1:${recordedPgPort(dataDir) ?? pgPort}/bancadati`
  return {
    base,
    dataDir,
    databaseUrl,
    testSignInIssuer,
    fetch: portalFetch,
    signIn,
    output: () => output,
    watched: () => [...watched],
    stop,
  }
}

/** The checkout's billing data of a test buyer (the body of `stripe/customer/create`). */
export const TEST_BILLING_FORM = {
  name: 'Marta Galli',
  phone: '+39 06 1234567',
  city: 'Roma',
  address: 'Via del Corso 1',
  zipCode: '00186',
  state: 'IT',
  province: 'RM',
  fiscalcode: 'rmnlcu80a01h501m',
  termsCheck: true,
  additionalTermsCheck: true,
  professione: 'consulente-del-lavoro',
}

/** A cookie jar for one browser, across redirects that set and clear cookies. */
export class CookieJar {
  private cookies = new Map<string, string>()
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** The password of the welcome mail to `email` (the sign-up mails it; nobody is signed in by the sign-up). */
export async function mailedPassword(portal: Pick<Portal, 'fetch'>, email: string): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const response = await portal.fetch(`/dev/posta/messages.json?to=${encodeURIComponent(email)}`)
    const mails = (await response.json()) as { text: string }[]
    const password = mails.map((mail) => /Password:\s*(\S+)/.exec(mail.text)?.[1]).find(Boolean)
    if (password) return password
    if (Date.now() > deadline) throw new Error(`Nessuna password inviata a ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * A trial account made through the sign-up call, then signed in with the
 * password of its welcome mail, as its owner does: the Cookie header of its session.
 */
export async function trialSignUp(
  portal: Pick<Portal, 'fetch'>,
  email: string,
  person: { nome: string; cognome: string; professione: string } = {
    nome: 'Marta',
    cognome: 'Galli',
    professione: 'altro',
  },
  /** Where the owner reads the mailed password (the embedded mailbox by default). */
  passwordOf: (email: string) => Promise<string> = (address) => mailedPassword(portal, address),
): Promise<string> {
  const signup = await portal.fetch('/api/v1/user/trial-signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, email }),
  })
  if (signup.status !== 201)
    throw new Error(`Registrazione di ${email}: ${signup.status} ${await signup.text()}`)
  const password = await passwordOf(email)
  const signedIn = await portal.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: true }),
  })
  if (signedIn.status !== 200) throw new Error(`Accesso di ${email} non riuscito: ${signedIn.status}`)
  return cookiesOf(signedIn)
}

/** A link to the address-confirmation page in a mail's plain text. */
const CONFIRMATION_LINK = /https?:\/\/\S+\/conferma-email\?token=[^\s>)\]"]+/

/** The newest address-confirmation link mailed to `email` (welcome mail or resent), waiting for the sender. */
export async function confirmationLink(portal: Pick<Portal, 'fetch'>, email: string): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const response = await portal.fetch(`/dev/posta/messages.json?to=${encodeURIComponent(email)}`)
    const mails = (await response.json()) as { text: string }[]
    const link = mails.map((mail) => CONFIRMATION_LINK.exec(mail.text)?.[0]).find(Boolean)
    if (link) return link
    if (Date.now() > deadline) throw new Error(`Nessun collegamento di conferma per ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Confirms `email`'s address as its owner does: reads the link of the mail
 * in the embedded mailbox, opens the page and presses its button.
 */
export async function confirmAddress(portal: Pick<Portal, 'fetch'>, email: string): Promise<void> {
  await openConfirmationLink(portal, email, await confirmationLink(portal, email))
}

/** Opens a confirmation link's page and presses its button, as the owner of `email` does. */
export async function openConfirmationLink(
  portal: Pick<Portal, 'fetch'>,
  email: string,
  address: string,
): Promise<void> {
  const link = new URL(address)
  const page = await portal.fetch(link.pathname + link.search)
  if (page.status !== 200) throw new Error(`Pagina di conferma: ${page.status}`)
  const confirmed = await portal.fetch(link.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }).toString(),
  })
  const html = await confirmed.text()
  if (confirmed.status !== 200 || !html.includes('Indirizzo email confermato'))
    throw new Error(`Conferma dell'indirizzo ${email} non riuscita: ${confirmed.status}`)
}

/**
 * A new account that buys a plan (price lookup key, e.g. `premium_monthly`)
 * through the checkout's calls and the Stripe emulator's test card, as the
 * checkout page does. Returns the Cookie header of its session.
 */
export async function newSubscriber(
  portal: Pick<Portal, 'base' | 'fetch'>,
  lookupKey: string,
  email: string,
  /** How the buyer confirms the address (the embedded mailbox's link by default). */
  confirm: (email: string) => Promise<void> = (address) => confirmAddress(portal, address),
  /** Where the buyer reads the mailed password (the embedded mailbox by default). */
  passwordOf?: (email: string) => Promise<string>,
): Promise<string> {
  const post = async (path: string, body: unknown, cookie: string) => {
    const response = await portal.fetch(path, {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }
  const cookie = await trialSignUp(portal, email, undefined, passwordOf)
  await confirm(email)
  const read = async <T>(path: string) => (await (await portal.fetch(path, { cookie })).json()) as T
  const price = (await read<{ id: string; lookupKey: string }[]>('/api/v1/stripe/prices')).find(
    (candidate) => candidate.lookupKey === lookupKey,
  )
  if (!price) throw new Error(`Prezzo ${lookupKey} assente`)
  const customer = (await (
    await post('/api/v1/stripe/customer/create', TEST_BILLING_FORM, cookie)
  ).json()) as { id: string }
  const { clientSecret } = (await (
    await post('/api/v1/stripe/subscription/create', { priceId: price.id, customerId: customer.id }, cookie)
  ).json()) as { clientSecret: string }
  const { publishableKey } = await read<{ publishableKey: string }>('/api/v1/stripe/config')
  const intent = (await (
    await fetch(`${portal.base}/dev/stripe/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ client_secret: clientSecret, payment_method: 'pm_card_visa' }).toString(),
    })
  ).json()) as { status?: string; payment_method?: string }
  if (intent.status !== 'succeeded') throw new Error(`Pagamento non riuscito: ${intent.status}`)
  await post(
    `/api/v1/stripe/paymentmethods/setdefaultpaymentmethod/${customer.id}`,
    { paymentMethodId: intent.payment_method },
    cookie,
  )
  return cookie
}
