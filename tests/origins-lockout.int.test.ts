/**
 * Sign-in origins and failed sign-ins, over HTTP against the running
 * portal: the embedded portal, whose public address is
 * http://localhost:PORT, is opened at 127.0.0.1 and [::1] too; a page of
 * another site is refused without its attempt counting as a wrong password;
 * wrong passwords sent by someone else slow an account down but never lock
 * its owner out, for subscribers and CMS editors alike. The portal trusts
 * its proxy (TRUST_PROXY), so X-Forwarded-For stands for the client's address.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, PERSONAS, startPortal, type Portal } from './portal.ts'

let portal: Portal
let port: string

beforeAll(async () => {
  portal = await startPortal({ TRUST_PROXY: 'true' }, { publicHost: 'localhost' })
  port = new URL(portal.base).port
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

const CROSS_ORIGIN = {
  error: { code: 'forbidden', message: 'Richiesta rifiutata: proviene da un sito diverso dal portale.' },
}
const WRONG_PASSWORD = 'Accesso non riuscito: Verifica che username e password siano corretti.'
const SUSPENDED =
  "Troppi tentativi di accesso non riusciti da questa rete. Per la sicurezza dell'account i tentativi da qui sono sospesi fino a 15 minuti: riprova più tardi oppure reimposta la password."

let lastAddress = 0
/** A client address of its own for each caller (the portal reads it from X-Forwarded-For). */
const newAddress = () => `198.51.100.${(lastAddress += 1)}`

type Attempt = { email: string; password: string; ip: string; origin?: string }

/** A sign-in as the login page sends it, from the page's origin (the portal's public address unless told). */
async function signIn({ email, password, ip, origin }: Attempt) {
  const started = performance.now()
  const response = await fetch(`${portal.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: origin ?? `http://localhost:${port}`,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify({ email, password, rememberMe: true }),
  })
  const body = (await response.json()) as { error?: { code: string; message: string } }
  return { status: response.status, body, response, seconds: (performance.now() - started) / 1000 }
}

/** An editor's sign-in to the CMS, as its login page sends it. */
async function editorSignIn({ password, ip }: { password: string; ip: string }) {
  const response = await fetch(`${portal.base}/cms/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portal.base, 'x-forwarded-for': ip },
    body: JSON.stringify({ email: 'redazione@demo.local', password }),
  })
  return {
    status: response.status,
    response,
    body: (await response.json()) as { errors?: { message: string }[] },
  }
}

/** A sign-in whose Host header names another site that resolves to the portal (DNS rebinding). */
function signInFromRebindingSite(host: string, ip: string): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify({ email: PERSONAS.studioOwner, password: DEMO_PASSWORD })
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${portal.base}/api/auth/sign-in/email`,
      {
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': ip,
        },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/** The token of the newest password-reset mail to `email`, waiting for the mail sender. */
async function resetToken(email: string): Promise<string> {
  for (let waited = 0; waited < 20_000; waited += 250) {
    const mails = (await (
      await fetch(`${portal.base}/dev/posta/messages.json?to=${encodeURIComponent(email)}`)
    ).json()) as { text: string }[]
    const token = mails
      .map((mail) => /oobCode=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .find((found) => found !== undefined)
    if (token) return token
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`Nessuna mail di recupero per ${email}`)
}

describe('sign-in origins', () => {
  it('signs in from each of the embedded server’s own names: localhost, 127.0.0.1 and [::1] at its port', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const origin = `http://${host}:${port}`
      const attempt = await signIn({
        email: PERSONAS.premium,
        password: DEMO_PASSWORD,
        ip: newAddress(),
        origin,
      })
      expect(attempt.status, origin).toBe(200)
    }
  })

  it('refuses a foreign page with 403 and says why, and ten refusals cost the owner nothing', async () => {
    const ip = newAddress()
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const refused = await signIn({
        email: PERSONAS.professional,
        password: attempt % 2 === 0 ? DEMO_PASSWORD : `sbagliata-${attempt}`,
        ip,
        origin: attempt < 5 ? 'https://sito-malevolo.example' : `http://localhost:${Number(port) + 1}`,
      })
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual(CROSS_ORIGIN)
    }
    // A site whose name resolves to the portal names itself in Host and Origin alike: refused too.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const rebinding = await signInFromRebindingSite(`sito-malevolo.example:${port}`, ip)
      expect(rebinding.status).toBe(403)
      expect(rebinding.body).toEqual(CROSS_ORIGIN)
    }
    const owner = await signIn({ email: PERSONAS.professional, password: DEMO_PASSWORD, ip })
    expect(owner.status).toBe(200)
  })
})

describe('failed sign-ins', () => {
  it('lets the owner in at once from another address after seven wrong passwords, and suspends only the guesser', async () => {
    const email = PERSONAS.trial
    const attacker = newAddress()
    const answers = []
    for (let attempt = 0; attempt < 7; attempt += 1) {
      answers.push(await signIn({ email, password: `sbagliata-${attempt}`, ip: attacker }))
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429])
    expect(answers[0]?.body.error?.message).toBe(WRONG_PASSWORD)
    expect(answers[6]?.body.error?.message).toBe(SUSPENDED)
    expect(Number(answers[6]?.response.headers.get('retry-after'))).toBeGreaterThan(0)

    const owner = await signIn({ email, password: DEMO_PASSWORD, ip: newAddress() })
    expect(owner.status).toBe(200)
    expect(owner.seconds).toBeLessThan(5)
    // The guesser's address stays suspended on this account, the right password included...
    expect((await signIn({ email, password: DEMO_PASSWORD, ip: attacker })).status).toBe(429)
    // ...and is not on the others.
    expect(
      (await signIn({ email: PERSONAS.studioOwner, password: DEMO_PASSWORD, ip: attacker })).status,
    ).toBe(200)
  })

  it('slows down an account guessed at from many addresses without refusing its owner, until a password reset', async () => {
    const email = PERSONAS.studioSecondary
    const guessers = [newAddress(), newAddress(), newAddress()]
    // Fourteen wrong passwords from three addresses: the last ones already wait 1, 2, 4 and 8 seconds.
    for (const [index, ip] of guessers.entries()) {
      for (let attempt = 0; attempt < (index < 2 ? 5 : 4); attempt += 1) {
        expect((await signIn({ email, password: `sbagliata-${attempt}`, ip })).status).toBe(401)
      }
    }
    const owner = newAddress()
    const slowed = await signIn({ email, password: DEMO_PASSWORD, ip: owner })
    expect(slowed.status).toBe(200)
    expect(slowed.seconds).toBeGreaterThanOrEqual(9.5)
    expect((await signIn({ email, password: DEMO_PASSWORD, ip: guessers[0] ?? '' })).status).toBe(429)

    const requested = await fetch(`${portal.base}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.base, 'x-forwarded-for': owner },
      body: JSON.stringify({ email, redirectTo: '/reimposta-password/' }),
    })
    expect(requested.status).toBe(200)
    const reset = await fetch(`${portal.base}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.base, 'x-forwarded-for': owner },
      body: JSON.stringify({ token: await resetToken(email), newPassword: 'Ripristino2026' }),
    })
    expect(reset.status).toBe(200)

    const after = await signIn({ email, password: 'Ripristino2026', ip: owner })
    expect(after.status).toBe(200)
    expect(after.seconds).toBeLessThan(5)
    // The suspended address is forgotten too.
    expect((await signIn({ email, password: 'Ripristino2026', ip: guessers[0] ?? '' })).status).toBe(200)
  }, 120_000)

  it('treats the editors of the CMS alike: the guesser is suspended, the editor signs in from elsewhere', async () => {
    const attacker = newAddress()
    const answers = []
    for (let attempt = 0; attempt < 7; attempt += 1) {
      answers.push(await editorSignIn({ password: `sbagliata-${attempt}`, ip: attacker }))
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429])
    expect(answers[6]?.body.errors?.[0]?.message).toBe(SUSPENDED)
    expect(Number(answers[6]?.response.headers.get('retry-after'))).toBeGreaterThan(0)

    const editor = await editorSignIn({ password: DEMO_PASSWORD, ip: newAddress() })
    expect(editor.status).toBe(200)
    expect((await editorSignIn({ password: DEMO_PASSWORD, ip: attacker })).status).toBe(429)
  })

  it('counts 60 wrong passwords sent at once before checking them: at most 5 reach the check, on the site and the CMS', async () => {
    for (const attempt of [
      (password: string, ip: string) => signIn({ email: PERSONAS.professional, password, ip }),
      (password: string, ip: string) => editorSignIn({ password, ip }),
    ]) {
      const attacker = newAddress()
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) => attempt(`sbagliata-${index}`, attacker)),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([])
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
      for (const refused of answers.filter((answer) => answer.status === 429))
        expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await attempt(DEMO_PASSWORD, attacker)).status).toBe(429)
      expect((await attempt(DEMO_PASSWORD, newAddress())).status).toBe(200)
    }
  }, 120_000)
})
