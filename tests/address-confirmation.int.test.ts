/**
 * The confirmation of an account's e-mail address, over HTTP against the
 * running portal (with Google and Facebook pointed at the local OpenID
 * provider): an account created by e-mail starts unconfirmed, the link of its
 * welcome mail confirms it, and until then it cannot buy, change its address
 * or be linked to a provider identity, while its trial works.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  oidcEmulatorEnv,
  startOidcEmulator,
  type OidcEmulator,
  type TestIdentity,
} from '../dev/oidc-emulator/index.ts'
import {
  CookieJar,
  TEST_BILLING_FORM,
  confirmAddress,
  confirmationLink,
  cookiesOf,
  startPortal,
  trialSignUp,
  type Portal,
} from './portal.ts'

let portal: Portal
let oidc: OidcEmulator

beforeAll(async () => {
  oidc = await startOidcEmulator({ approveAtOnce: true })
  portal = await startPortal(oidcEmulatorEnv(oidc.issuer))
}, 240_000)

afterAll(async () => {
  await portal?.stop()
  await oidc?.stop()
})

const unique = () => randomBytes(4).toString('hex')
const CONFIRM_FIRST =
  'Conferma il tuo indirizzo email per continuare: apri il collegamento che ti abbiamo inviato nella mail di benvenuto.'

async function post(path: string, body: unknown, cookie = '') {
  return portal.fetch(path, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** A trial sign-up through the API, signed in with its mailed password: its e-mail and the Cookie header of its session. */
async function trialSignup(prefix: string): Promise<{ email: string; cookie: string }> {
  const email = `${prefix}-${unique()}@esempio.it`
  return { email, cookie: await trialSignUp(portal, email) }
}

async function confirmationState(cookie: string) {
  return json<{ email: string; confirmed: boolean }>(
    await portal.fetch('/api/v1/user/email-confirmation', { cookie }),
  )
}

async function premiumMonthlyPrice(): Promise<string> {
  const prices = await json<{ id: string; lookupKey: string }[]>(await portal.fetch('/api/v1/stripe/prices'))
  const price = prices.find((candidate) => candidate.lookupKey === 'premium_monthly')
  if (!price) throw new Error('prezzo premium_monthly assente')
  return price.id
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403)
  expect((await json<{ error: { message: string } }>(response)).error.message).toBe(CONFIRM_FIRST)
}

/** 'Accedi con Google' on /accedi, the provider approving at once as `identity`: where the browser lands. */
async function googleSignIn(identity: TestIdentity): Promise<{ location: string; cookie: string }> {
  oidc.setIdentity(identity)
  const jar = new CookieJar()
  const start = await post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/bancadati',
    newUserCallbackURL: '/registrati/setupsocial',
    errorCallbackURL: '/accedi',
  })
  expect(start.status).toBe(200)
  jar.take(start)
  const { url } = await json<{ url: string }>(start)
  const authorization = await fetch(url, { redirect: 'manual' })
  expect(authorization.status).toBe(302)
  const back = new URL(authorization.headers.get('location') ?? '')
  const callback = await portal.fetch(back.pathname + back.search, { cookie: jar.header() })
  expect(callback.status).toBe(302)
  jar.take(callback)
  return { location: callback.headers.get('location') ?? '', cookie: jar.header() }
}

const googleIdentity = (email: string): TestIdentity => ({
  email,
  name: 'Giulia Bianchi',
  givenName: 'Giulia',
  familyName: 'Bianchi',
  emailVerified: true,
})

describe('an account created by e-mail', () => {
  it('starts unconfirmed, with its trial working and the confirmation link in the welcome mail', async () => {
    const { email, cookie } = await trialSignup('conferma')
    expect(await confirmationState(cookie)).toEqual({ email, confirmed: false })
    // The trial reads the contracts in force meanwhile.
    const state = await json<{ isTrial: boolean; user: { emailVerified: boolean } }>(
      await portal.fetch('/api/v1/abbonamenti', { cookie }),
    )
    expect(state).toMatchObject({
      isTrial: true,
      user: { emailVerified: false },
      entitlements: { canReadInForce: true },
    })

    const link = new URL(await confirmationLink(portal, email))
    expect(link.origin).toBe(portal.base)
    expect(link.pathname).toBe('/conferma-email')
    // Opening the link shows the button and confirms nothing yet (a mail scanner's visit).
    const page = await portal.fetch(link.pathname + link.search)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Conferma l’indirizzo')
    expect((await confirmationState(cookie)).confirmed).toBe(false)

    await confirmAddress(portal, email)
    expect(await confirmationState(cookie)).toEqual({ email, confirmed: true })
  })

  it('cannot buy, nor change its address, until the link is opened; then it can', async () => {
    const { email, cookie } = await trialSignup('acquisto')
    const priceId = await premiumMonthlyPrice()

    await expectRefused(await post('/api/v1/stripe/customer/create', TEST_BILLING_FORM, cookie))
    await expectRefused(
      await post('/api/v1/stripe/subscription/create', { priceId, customerId: 'cus_qualsiasi' }, cookie),
    )
    await expectRefused(
      await post(
        '/api/v1/user/change-email',
        { email: `altro-${unique()}@esempio.it`, password: 'x' },
        cookie,
      ),
    )

    await confirmAddress(portal, email)
    const customer = await post('/api/v1/stripe/customer/create', TEST_BILLING_FORM, cookie)
    expect(customer.status).toBe(200)
    const { id: customerId } = await json<{ id: string }>(customer)
    const subscription = await post('/api/v1/stripe/subscription/create', { priceId, customerId }, cookie)
    expect(subscription.status).toBe(200)
    expect(await json<{ clientSecret: string | null }>(subscription)).toMatchObject({
      clientSecret: expect.stringContaining('_secret_'),
    })
  })

  it('made by the sign-up before purchase is unconfirmed too', async () => {
    const products = await json<{ id: string; defaultPrice: string }[]>(
      await portal.fetch('/api/v1/stripe/products'),
    )
    const product = products[0]
    if (!product) throw new Error('catalogo vuoto')
    const email = `prima-acquisto-${unique()}@esempio.it`
    const signup = await post('/api/v1/user/purchase-signup', {
      nome: 'Luca',
      cognome: 'Neri',
      email,
      professione: 'altro',
      productId: product.id,
      priceId: product.defaultPrice,
    })
    expect(signup.status).toBe(201)
    const cookie = cookiesOf(signup)
    expect((await confirmationState(cookie)).confirmed).toBe(false)
    await expectRefused(await post('/api/v1/stripe/customer/create', TEST_BILLING_FORM, cookie))
    await confirmAddress(portal, email)
    expect((await confirmationState(cookie)).confirmed).toBe(true)
  })

  it('refuses a link that is not one of ours, and gets a new link on request, up to 5 an hour', async () => {
    const { email, cookie } = await trialSignup('reinvio')
    const forged = await portal.fetch('/conferma-email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'eyJhbGciOiJIUzI1NiJ9.e30.falso' }).toString(),
    })
    expect(forged.status).toBe(200)
    expect(await forged.text()).toContain('Il collegamento di conferma non è valido')
    expect((await confirmationState(cookie)).confirmed).toBe(false)

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const resent = await post('/api/v1/user/email-confirmation', {}, cookie)
      expect(resent.status).toBe(200)
      expect(await json(resent)).toEqual({ email, confirmed: false, sent: true })
    }
    const refused = await post('/api/v1/user/email-confirmation', {}, cookie)
    expect(refused.status).toBe(429)
    expect((await json<{ error: { message: string } }>(refused)).error.message).toMatch(
      /troppe mail di conferma/,
    )
    // Any of the mails confirms.
    await confirmAddress(portal, email)
    expect(await json(await post('/api/v1/user/email-confirmation', {}, cookie))).toEqual({
      email,
      confirmed: true,
      sent: false,
    })
  })

  it('changes its address once confirmed; the new address is unconfirmed until its own link', async () => {
    const { email, cookie } = await trialSignup('cambio')
    await confirmAddress(portal, email)
    const mails = await json<{ text: string }[]>(
      await portal.fetch(`/dev/posta/messages.json?to=${encodeURIComponent(email)}`),
    )
    const password = /Password:\s*(\S+)/.exec(
      mails.find((mail) => /Password:/.test(mail.text))?.text ?? '',
    )?.[1]
    const newEmail = `nuovo-${unique()}@esempio.it`
    const changed = await post('/api/v1/user/change-email', { email: newEmail, password }, cookie)
    expect(changed.status).toBe(200)
    expect(await confirmationState(cookie)).toEqual({ email: newEmail, confirmed: false })
    await expectRefused(await post('/api/v1/stripe/customer/create', TEST_BILLING_FORM, cookie))
    await confirmAddress(portal, newEmail)
    expect(await confirmationState(cookie)).toEqual({ email: newEmail, confirmed: true })
  })
})

describe('Google sign-in with the address of an account', () => {
  it('does not take over an unconfirmed account: the login page says why, the account is left as it was', async () => {
    const { email, cookie } = await trialSignup('squatter')
    const { location, cookie: googleCookie } = await googleSignIn(googleIdentity(email))
    expect(location).toBe('/accedi?error=account_not_linked')
    // No session for the Google identity, and the account's own session still works.
    expect((await portal.fetch('/api/v1/user/validatesession', { cookie: googleCookie })).status).toBe(401)
    expect((await portal.fetch('/api/v1/user/validatesession', { cookie })).status).toBe(200)
    expect((await confirmationState(cookie)).confirmed).toBe(false)

    const page = await (await portal.fetch(location)).text()
    expect(page).toContain('accedi prima con email e password')

    // Once the address owner opens the welcome mail's link, Google signs into that account.
    await confirmAddress(portal, email)
    const linked = await googleSignIn(googleIdentity(email))
    expect(linked.location).toBe('/bancadati')
    const state = await json<{ user: { email: string; displayName: string } }>(
      await portal.fetch('/api/v1/abbonamenti', { cookie: linked.cookie }),
    )
    expect(state.user).toMatchObject({ email, displayName: 'Marta Galli' })
  })

  it('refuses to link a provider to a signed-in account whose address is not confirmed', async () => {
    const { email, cookie } = await trialSignup('collega')
    const link = { provider: 'google', callbackURL: '/v2/profilo/account' }
    await expectRefused(await post('/api/auth/link-social', link, cookie))
    await confirmAddress(portal, email)
    const allowed = await post('/api/auth/link-social', link, cookie)
    expect(allowed.status).toBe(200)
    expect((await json<{ url: string }>(allowed)).url.startsWith(oidc.issuer)).toBe(true)
  })
})
