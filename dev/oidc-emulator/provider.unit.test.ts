/**
 * The test sign-in provider over HTTP, as the portal and a browser meet it:
 * the consent page ('Fornitore di prova', escaped, no script), 'Annulla'
 * returning access_denied, 'Continua' binding the chosen identity to a
 * single-use code and its tokens, and the refusals (another client or return
 * address, a foreign host name, a used code, an unknown token).
 */
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcEmulator, subjectOf, type OidcEmulator } from './index.ts'

const CALLBACK = 'http://127.0.0.1:4321/api/auth/callback/google'
let provider: OidcEmulator

beforeAll(async () => {
  provider = await startOidcEmulator({
    clients: [{ clientId: 'portale-google', name: 'Google', redirectUris: [CALLBACK] }],
  })
})
afterAll(() => provider.stop())

const verifier = randomBytes(32).toString('base64url')
const challenge = createHash('sha256').update(verifier).digest('base64url')

function authorizeUrl(overrides: Record<string, string> = {}) {
  const url = new URL(`${provider.issuer}/authorize`)
  const params = {
    response_type: 'code',
    client_id: 'portale-google',
    redirect_uri: CALLBACK,
    scope: 'openid email profile',
    state: 'stato-1',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  }
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url
}

/** The consent page of a fresh authorization and its request id. */
async function openConsent() {
  const response = await fetch(authorizeUrl())
  const page = await response.text()
  const requestId = /name="richiesta" value="([^"]+)"/.exec(page)?.[1] ?? ''
  return { response, page, requestId }
}

const post = (path: string, form: Record<string, string>) =>
  fetch(`${provider.issuer}${path}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' })

/** 'Continua' as `identity`, following the provider's own redirect: the portal's callback address. */
async function approve(
  requestId: string,
  identity = { email: 'Anna.Rossi@esempio.it', nome: 'Anna', cognome: 'Rossi' },
) {
  const approved = await post('/consenso', { richiesta: requestId, scelta: 'continua', ...identity })
  expect(approved.status).toBe(303)
  const issued = await fetch(new URL(approved.headers.get('location') ?? '', provider.issuer), {
    redirect: 'manual',
  })
  expect(issued.status).toBe(302)
  return new URL(issued.headers.get('location') ?? '')
}

const exchange = (code: string, redirectUri = CALLBACK) =>
  post('/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: 'portale-google',
    code_verifier: verifier,
  })

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>

describe('the consent page', () => {
  it('says it is the test provider standing in for Google, offers a demo identity and runs no script', async () => {
    const { response, page, requestId } = await openConsent()
    expect(response.status).toBe(200)
    expect(page).toContain('<title>Fornitore di prova</title>')
    expect(page).toContain('Accesso con Google simulato')
    expect(page).toContain('fornitore di accesso di prova del portale avviato in locale')
    expect(page).toMatch(
      /<label for="email">Email<\/label>[\s\S]*id="email"[^>]*value="giulia\.bianchi@example\.com"/,
    )
    expect(page).toContain('<label for="nome">Nome</label>')
    expect(page).toContain('<label for="cognome">Cognome</label>')
    expect(page).toContain('>Continua</button>')
    expect(page).toContain('>Annulla</button>')
    expect(page).not.toContain('<script')
    expect(requestId).toMatch(/^[\w-]{20,}$/)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toMatch(/style-src 'sha256-[^']+'/)
    expect(policy).toContain("form-action 'self' http://127.0.0.1:4321")
  })

  it('refuses another client or return address, and a host name that is not this computer', async () => {
    const refused: Record<string, string>[] = [
      { client_id: 'altro' },
      { redirect_uri: 'https://attaccante.example/callback' },
    ]
    for (const overrides of refused) {
      const response = await fetch(authorizeUrl(overrides))
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('risponde solo al portale avviato su questo computer')
    }
    // A page of another site whose name was rebound to 127.0.0.1 sends its own name.
    const url = authorizeUrl()
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(url, { headers: { host: `attaccante.example:${url.port}` } }, (response) => {
          response.resume()
          resolve(response.statusCode)
        })
        .once('error', reject)
    })
    expect(rebound).toBe(403)
  })

  it('Annulla sends access_denied and the state back to the portal, once', async () => {
    const { requestId } = await openConsent()
    const cancelled = await post('/consenso', { richiesta: requestId, scelta: 'annulla' })
    expect(cancelled.status).toBe(303)
    const back = new URL(cancelled.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('stato-1')
    expect(back.searchParams.has('code')).toBe(false)
    const again = await post('/consenso', { richiesta: requestId, scelta: 'continua' })
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('non è più valida')
  })

  it('shows each wrong field in Italian, with the values escaped', async () => {
    const { requestId } = await openConsent()
    const response = await post('/consenso', {
      richiesta: requestId,
      scelta: 'continua',
      email: '"><script>alert(1)</script>',
      nome: '',
      cognome: 'x'.repeat(81),
    })
    expect(response.status).toBe(400)
    const page = await response.text()
    expect(page).toContain('Inserisci un indirizzo email valido.')
    expect(page).toContain('Inserisci il nome.')
    expect(page).toContain('Al massimo 80 caratteri.')
    expect(page).toContain('aria-invalid="true" aria-describedby="email-errore"')
    expect(page).not.toContain('<script>alert(1)</script>')
    expect(page).toContain('&quot;&gt;&lt;script&gt;')
    // The request is still open: the corrected identity goes through.
    expect((await approve(requestId)).searchParams.get('state')).toBe('stato-1')
  })
})

describe('Continua', () => {
  it('issues a single-use code whose tokens carry the chosen identity', async () => {
    const { requestId } = await openConsent()
    const back = await approve(requestId)
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK)
    expect(back.searchParams.get('state')).toBe('stato-1')
    const code = back.searchParams.get('code') ?? ''

    const tokens = (await (await exchange(code)).json()) as { id_token: string; access_token: string }
    expect(claims(tokens.id_token)).toMatchObject({
      iss: provider.issuer,
      aud: 'portale-google',
      nonce: 'nonce-1',
      sub: subjectOf('anna.rossi@esempio.it'),
      email: 'anna.rossi@esempio.it',
      email_verified: true,
      name: 'Anna Rossi',
      given_name: 'Anna',
      family_name: 'Rossi',
    })
    const profile = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(await profile.json()).toMatchObject({
      id: subjectOf('anna.rossi@esempio.it'),
      email: 'anna.rossi@esempio.it',
      first_name: 'Anna',
      last_name: 'Rossi',
    })

    // The code works once; the next person's consent page offers the demo identity, not Anna's.
    expect((await exchange(code)).status).toBe(400)
    const next = (await openConsent()).page
    expect(next).not.toContain('anna.rossi@esempio.it')
    expect(next).not.toContain('value="Rossi"')
    expect(next).toContain('value="giulia.bianchi@example.com"')
  })

  it('refuses a code it did not issue, another return address, other grants and unknown tokens', async () => {
    expect((await exchange('inventato')).status).toBe(400)
    const withoutPkce = await post('/token', { grant_type: 'authorization_code', code: 'inventato' })
    expect(await withoutPkce.json()).toEqual({ error: 'invalid_grant' })
    const { requestId } = await openConsent()
    const code = (await approve(requestId)).searchParams.get('code') ?? ''
    expect((await exchange(code, 'http://127.0.0.1:4321/altrove')).status).toBe(400)
    const password = await post('/token', {
      grant_type: 'password',
      username: 'chiunque',
      client_id: 'portale-google',
    })
    expect(password.status).toBe(400)
    const profile = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: 'Bearer inventato' },
    })
    expect(profile.status).toBe(401)
  })
})
