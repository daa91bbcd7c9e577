/**
 * The portal's browser-facing defences, over HTTP against the running
 * portal: security headers and Content-Security-Policies, the refusal of
 * cross-origin writes (CSRF), the session cookie's attributes and its
 * rotation on sign-in, and the rate limits of sign-in, sign-up, password
 * reset and support reports (every request comes from 127.0.0.1, one client
 * address, as a flood from one office would).
 */
import { randomBytes } from 'node:crypto'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAS, cookiesOf, startPortal, type Portal } from './portal.ts'

let portal: Portal

beforeAll(async () => {
  // A proxy in front terminates TLS: its X-Forwarded-Proto is trusted (HSTS on https requests).
  portal = await startPortal({ TRUST_PROXY: 'true' })
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

const unique = () => randomBytes(4).toString('hex')
const LOCKED_OUT =
  "Troppi tentativi di accesso non riusciti da questa rete. Per la sicurezza dell'account i tentativi da qui sono sospesi fino a 15 minuti: riprova più tardi oppure reimposta la password."
const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) map.set(name, sources)
  }
  return map
}

describe('security headers', () => {
  it('gives every site page a policy whose scripts are the portal’s own files and hashed inline scripts', async () => {
    for (const path of [
      '/',
      '/accedi',
      '/bancadati',
      '/bancadati/0/11/133/19/2',
      '/stampa/cnel/19',
      '/api/docs',
    ]) {
      const response = await portal.fetch(path)
      const policy = directives(response.headers.get('content-security-policy'))
      const scripts = policy.get('script-src') ?? []
      expect(scripts, path).toContain("'self'")
      expect(scripts, path).not.toContain("'unsafe-inline'")
      expect(
        scripts.every((source) => /^'(self|sha256-[A-Za-z0-9+/=]+|unsafe-eval)'$/.test(source)),
        path,
      ).toBe(true)
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"])
      expect(policy.get('object-src'), path).toEqual(["'none'"])
      expect(policy.get('base-uri'), path).toEqual(["'self'"])
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      // Print views, whose address carries a print token, send no referrer at all.
      expect(['strict-origin-when-cross-origin', 'no-referrer'], path).toContain(
        response.headers.get('referrer-policy'),
      )
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
    }
    // Only the API reference allows eval (its bundled validator); no other page does.
    const landing = directives((await portal.fetch('/')).headers.get('content-security-policy'))
    expect(landing.get('script-src')).not.toContain("'unsafe-eval'")
  })

  it('lists a hash for every inline script of a page, so each one runs', async () => {
    const response = await portal.fetch('/bancadati')
    const html = await response.text()
    const allowed = new Set(directives(response.headers.get('content-security-policy')).get('script-src'))
    const { createHash } = await import('node:crypto')
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''),
    )
    expect(inline.length).toBeGreaterThan(0)
    for (const [, , body] of inline) {
      const hash = `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`
      expect(allowed.has(hash), (body ?? '').slice(0, 80)).toBe(true)
    }
  })

  it('keeps answers that are not pages from running or being framed', async () => {
    const api = await portal.fetch('/api/v1/settori')
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(api.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('gives the admin its own policy, framed only by itself', async () => {
    const response = await portal.fetch('/admin/login')
    const policy = directives(response.headers.get('content-security-policy'))
    expect(policy.get('frame-ancestors')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('sends HSTS only to visitors who came over TLS', async () => {
    expect((await portal.fetch('/')).headers.get('strict-transport-security')).toBeNull()
    const secure = await portal.fetch('/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('records the violation reports browsers send', async () => {
    const report = await portal.fetch('/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': {
          'document-uri': `${portal.base}/prova`,
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
        },
      }),
    })
    expect(report.status).toBe(204)
    const { violations } = (await (await portal.fetch('/dev/csp-report')).json()) as {
      violations: { documentUri: string; directive: string }[]
    }
    expect(violations).toContainEqual(
      expect.objectContaining({ documentUri: `${portal.base}/prova`, directive: 'script-src-elem' }),
    )
  })
})

describe('cross-site requests (CSRF)', () => {
  it('refuses a state-changing API call from another site’s page, with the message in Italian', async () => {
    const cookie = await portal.signIn(PERSONAS.premium)
    for (const headers of [
      { origin: 'https://sito-malevolo.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: '' },
    ]) {
      const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''))
      const response = await fetch(`${portal.base}/api/v1/notifications/allread`, {
        method: 'POST',
        headers: { cookie, ...clean },
      })
      expect(response.status, JSON.stringify(clean)).toBe(403)
      expect(await response.json()).toEqual({
        error: {
          code: 'forbidden',
          message: 'Richiesta rifiutata: proviene da un sito diverso dal portale.',
        },
      })
    }
  })

  it('refuses cross-site sign-out, sign-in and page form posts alike', async () => {
    const cookie = await portal.signIn(PERSONAS.professional)
    const signOut = await fetch(`${portal.base}/esci`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: 'https://sito-malevolo.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(signOut.status).toBe(403)
    expect((await portal.fetch('/api/v1/user/validatesession', { cookie })).status).toBe(200)
    const signIn = await fetch(`${portal.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://sito-malevolo.example' },
      body: JSON.stringify({ email: PERSONAS.premium, password: 'Demo2026!' }),
    })
    expect(signIn.status).toBe(403)
  })

  it('accepts the portal’s own pages, programs without a browser, and Stripe’s signed webhook', async () => {
    const cookie = await portal.signIn(PERSONAS.trial)
    const same = await fetch(`${portal.base}/api/v1/notifications/allread`, {
      method: 'POST',
      headers: { cookie, origin: portal.base, 'sec-fetch-site': 'same-origin' },
    })
    expect(same.status).toBe(200)
    const program = await fetch(`${portal.base}/api/v1/notifications/allread`, {
      method: 'POST',
      headers: { cookie },
    })
    expect(program.status).toBe(200)
    // The webhook is judged by its signature (absent here: 400), not by its origin.
    const webhook = await fetch(`${portal.base}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { origin: 'https://stripe.example', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(webhook.status).toBe(400)
  })
})

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, scoped to the whole site, and replaced by a new one at every sign-in', async () => {
    const first = await portal.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      ...json({ email: PERSONAS.professional, password: 'Demo2026!' }),
    })
    const header = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('bancadati.session_token='))
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Lax/i)
    expect(header).toMatch(/Path=\//i)
    // On http the cookie cannot be Secure (PUBLIC_URL decides: https makes every session cookie Secure).
    expect(header).not.toMatch(/Secure/i)
    const before = cookiesOf(first)

    // Signing in again, even while sending the current cookie, issues a new session and ends the old one.
    const second = await portal.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      cookie: before,
      ...json({ email: PERSONAS.professional, password: 'Demo2026!' }),
    })
    const after = cookiesOf(second)
    expect(after).toMatch(/bancadati\.session_token=/)
    expect(after).not.toBe(before)
    expect((await portal.fetch('/api/v1/user/validatesession', { cookie: after })).status).toBe(200)
    expect((await portal.fetch('/api/v1/user/validatesession', { cookie: before })).status).toBe(401)
  })
})

describe('rate limits', () => {
  it('refuses the 4th password-reset mail for one address within an hour', async () => {
    const email = PERSONAS.trial
    for (let request = 0; request < 3; request += 1) {
      const accepted = await portal.fetch('/api/auth/request-password-reset', {
        method: 'POST',
        ...json({ email, redirectTo: '/reimposta-password/' }),
      })
      expect(accepted.status).toBe(200)
    }
    const blocked = await portal.fetch('/api/auth/request-password-reset', {
      method: 'POST',
      ...json({ email, redirectTo: '/reimposta-password/' }),
    })
    expect(blocked.status).toBe(429)
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toBe(
      'Hai richiesto troppe email di recupero in poco tempo. Riprova tra qualche minuto.',
    )
  })

  it('refuses the 31st trial sign-up from one network within an hour', async () => {
    const signUp = () =>
      portal.fetch('/api/v1/user/trial-signup', {
        method: 'POST',
        ...json({
          nome: 'Anna',
          cognome: 'Gialli',
          email: `limite-${unique()}@esempio.it`,
          professione: 'altro',
        }),
      })
    for (let count = 0; count < 30; count += 1) expect((await signUp()).status).toBe(201)
    const blocked = await signUp()
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Troppe registrazioni da questa rete in poco tempo. Riprova più tardi.',
      },
    })
    // Thirty accounts, each with its password hashed and a session opened: slow on a busy machine.
  }, 240_000)

  it('refuses the 21st support report of one account within an hour', async () => {
    const cookie = await portal.signIn(PERSONAS.premium)
    const report = async () => {
      const challenge = await (await portal.fetch('/api/v1/captcha/challenge')).json()
      const solution = await solveChallenge({ challenge, deriveKey })
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
      return portal.fetch('/api/v1/user/invia-segnalazione', {
        method: 'POST',
        cookie,
        ...json({ tipoRichiesta: 'suggerimenti', corpoRichiesta: 'Manca una tabella.', altcha }),
      })
    }
    for (let count = 0; count < 20; count += 1) expect((await report()).status).toBe(201)
    const blocked = await report()
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'Hai inviato troppe segnalazioni in poco tempo. Riprova più tardi.',
      },
    })
  })
  it('refuses the 6th failed sign-in on one account from one address, then, once the address failed on too many accounts, its sign-ins and sign-ups (last: it suspends the address)', async () => {
    const failedSignIn = (email: string, password: string) =>
      portal.fetch('/api/auth/sign-in/email', { method: 'POST', ...json({ email, password }) })
    const email = PERSONAS.trialExpired
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await failedSignIn(email, `sbagliata-${attempt}`)).status).toBe(401)
    }
    const blocked = await failedSignIn(email, 'Demo2026!')
    expect(blocked.status).toBe(429)
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toBe(LOCKED_OUT)
    // The same address guessing at other accounts: twenty failures in all suspend it everywhere.
    for (let attempt = 5; attempt < 20; attempt += 1) {
      expect((await failedSignIn(`sconosciuto-${attempt}-${unique()}@esempio.it`, 'sbagliata')).status).toBe(
        401,
      )
    }
    const elsewhere = await failedSignIn(PERSONAS.premium, 'Demo2026!')
    expect(elsewhere.status).toBe(429)
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toBe(LOCKED_OUT)
    // The suspended address cannot open an account either (it could not be signed in): nothing is created.
    const signUp = await portal.fetch('/api/v1/user/trial-signup', {
      method: 'POST',
      ...json({
        nome: 'Anna',
        cognome: 'Gialli',
        email: `bloccato-${unique()}@esempio.it`,
        professione: 'altro',
      }),
    })
    expect(signUp.status).toBe(429)
    expect(((await signUp.json()) as { error: { message: string } }).error.message).toBe(LOCKED_OUT)
  })
})
