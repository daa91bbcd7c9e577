/**
 * The local OpenID provider that stands in for Google and Facebook
 * (oauth2-mock-server for the keys, the discovery document, the token
 * endpoint's PKCE and nonce, and the signing). It listens on 127.0.0.1 only
 * and answers only requests addressed to a loopback name. An authorization
 * shows the consent page; 'Continua' binds the chosen identity to a
 * single-use code, whose tokens carry it (id_token claims, and /userinfo in
 * OpenID's and Facebook Graph's shapes); 'Annulla' sends `access_denied` back.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  Events,
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server'
import { it } from '../../modules/i18n/index.ts'
import { isLoopbackHost } from '../../modules/platform/index.ts'
import {
  consentPage,
  formOf,
  messagePage,
  pagePolicy,
  readIdentityForm,
  type TestIdentity,
} from './consent-page.ts'

const t = it.accounts.social.testProvider

/** A client of the provider: the portal's Google or Facebook sign-in. */
export type TestClient = {
  clientId: string
  /** The provider it stands in for, as the consent page names it ('Google'). */
  name: string
  /** The addresses it may send the browser back to. */
  redirectUris: readonly string[]
}

export type OidcEmulatorOptions = {
  /** Loopback port (0: any free port). */
  port?: number
  /** The clients it answers; unset: any client and return address (tests that learn the portal's address later). */
  clients?: readonly TestClient[]
  /** Approves every authorization at once with the current identity, without the consent page (tests without a browser). */
  approveAtOnce?: boolean
}

export type OidcEmulator = {
  /** The issuer, e.g. http://127.0.0.1:24321 */
  issuer: string
  /** The identity the consent page offers (and `approveAtOnce` signs in with). */
  setIdentity(identity: TestIdentity): void
  stop(): Promise<void>
}

/** The demo identity the consent page offers first. */
export const defaultTestIdentity: TestIdentity = {
  email: 'giulia.bianchi@example.com',
  name: 'Giulia Bianchi',
  givenName: 'Giulia',
  familyName: 'Bianchi',
  emailVerified: true,
}

/** The provider's stable subject of an identity (one per e-mail, as a real provider keeps it). */
export function subjectOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)
}

/** A consent request, an approval, a code or a token lives this long. */
const LIFETIME_MS = 10 * 60_000
/** At most this many of each are kept (the oldest go first). */
const KEPT = 500

/** Short-lived single-use entries by random key. */
function singleUse<T>() {
  const entries = new Map<string, { value: T; expires: number }>()
  return {
    add(key: string, value: T): void {
      entries.set(key, { value, expires: Date.now() + LIFETIME_MS })
      if (entries.size > KEPT) entries.delete(entries.keys().next().value as string)
    },
    peek(key: string | null | undefined): T | undefined {
      const entry = key ? entries.get(key) : undefined
      return entry && entry.expires > Date.now() ? entry.value : undefined
    },
    take(key: string | null | undefined): T | undefined {
      const value = this.peek(key)
      if (key) entries.delete(key)
      return value
    },
  }
}

const token = () => randomBytes(24).toString('base64url')

/** The claims of an identity, in OpenID's and Facebook Graph's names. */
function claimsOf(identity: TestIdentity) {
  const subject = subjectOf(identity.email)
  return {
    sub: subject,
    id: subject,
    email: identity.email,
    email_verified: identity.emailVerified ?? true,
    name: identity.name,
    given_name: identity.givenName,
    family_name: identity.familyName,
    first_name: identity.givenName,
    last_name: identity.familyName,
  }
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 16 * 1024) break
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function send(response: ServerResponse, status: number, body: string, policy = pagePolicy([])): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  response.end(body)
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  response.end()
}

type Authorization = { query: string; redirectUri: string; state: string | undefined; provider: string }

/** Starts the provider on 127.0.0.1. */
export async function startOidcEmulator(options: OidcEmulatorOptions = {}): Promise<OidcEmulator> {
  const oidc = new OAuth2Server()
  await oidc.issuer.keys.generate('RS256')
  let offered = defaultTestIdentity

  const requests = singleUse<Authorization>()
  const approvals = singleUse<{ identity: TestIdentity; redirectUri: string }>()
  const codes = singleUse<{ identity: TestIdentity; redirectUri: string }>()
  const accessTokens = singleUse<TestIdentity>()
  /** The identity an approved authorization request carries to the library's code issuance. */
  const approvedBy = new WeakMap<IncomingMessage, TestIdentity>()

  /** The client and return address of an authorization, or undefined when this provider does not serve them. */
  const clientOf = (query: URLSearchParams): TestClient | undefined => {
    const redirectUri = query.get('redirect_uri') ?? ''
    if (!URL.canParse(redirectUri)) return undefined
    if (!options.clients)
      return { clientId: query.get('client_id') ?? '', name: 'Google o Facebook', redirectUris: [] }
    return options.clients.find(
      (client) => client.clientId === query.get('client_id') && client.redirectUris.includes(redirectUri),
    )
  }

  oidc.service.on(Events.BeforeAuthorizeRedirect, (target: MutableRedirectUri, request: IncomingMessage) => {
    const code = target.url.searchParams.get('code')
    const identity = approvedBy.get(request)
    if (!code || !identity) return
    const { origin, pathname } = target.url
    codes.add(code, { identity, redirectUri: `${origin}${pathname}` })
  })
  oidc.service.on(Events.BeforeTokenSigning, (signed: MutableToken, request: TokenRequestIncomingMessage) => {
    const grant = codes.peek(request.body.code)
    if (grant) Object.assign(signed.payload, claimsOf(grant.identity))
  })
  oidc.service.on(Events.BeforeResponse, (answer: MutableResponse, request: TokenRequestIncomingMessage) => {
    // Only a code this provider issued, once, for the address it was issued to.
    const body = request.body as TokenRequestIncomingMessage['body'] & { redirect_uri?: unknown }
    const grant = body.grant_type === 'authorization_code' ? codes.take(body.code) : undefined
    const sameAddress = body.redirect_uri === undefined || body.redirect_uri === grant?.redirectUri
    if (!grant || !sameAddress || typeof answer.body !== 'object') {
      answer.statusCode = 400
      answer.body = { error: 'invalid_grant' }
      return
    }
    accessTokens.add(String(answer.body.access_token), grant.identity)
  })
  oidc.service.on(Events.BeforeUserinfo, (answer: MutableResponse, request: IncomingMessage) => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]
    const identity = accessTokens.peek(bearer)
    if (!identity) {
      answer.statusCode = 401
      answer.body = { error: 'invalid_token' }
      return
    }
    answer.body = claimsOf(identity)
  })
  const library = oidc.service.requestHandler

  /** GET /authorize: the consent page (or, approved, the library's code and redirect). */
  const authorize = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const approval = url.searchParams.get('approvazione')
    if (approval !== null) {
      const approved = approvals.take(approval)
      if (!approved || approved.redirectUri !== url.searchParams.get('redirect_uri')) {
        send(response, 400, messagePage(t.expired))
        return
      }
      approvedBy.set(request, approved.identity)
      library(request, response)
      return
    }
    const client = clientOf(url.searchParams)
    if (!client) {
      send(response, 400, messagePage(t.unknownClient))
      return
    }
    if (options.approveAtOnce) {
      approvedBy.set(request, offered)
      library(request, response)
      return
    }
    const requestId = token()
    const redirectUri = url.searchParams.get('redirect_uri') ?? ''
    requests.add(requestId, {
      query: url.search,
      redirectUri,
      state: url.searchParams.get('state') ?? undefined,
      provider: client.name,
    })
    send(
      response,
      200,
      consentPage({ requestId, provider: client.name, values: formOf(offered) }),
      pagePolicy([new URL(redirectUri).origin]),
    )
  }

  /** POST /consenso: 'Annulla' returns access_denied; 'Continua' with a valid identity approves. */
  const consent = async (request: IncomingMessage, response: ServerResponse) => {
    const form = await readForm(request)
    const requestId = form.get('richiesta')
    const pending = requests.peek(requestId)
    if (!pending) {
      send(response, 400, messagePage(t.expired))
      return
    }
    const back = new URL(pending.redirectUri)
    const policy = pagePolicy([back.origin])
    if (form.get('scelta') !== 'continua') {
      requests.take(requestId)
      back.searchParams.set('error', 'access_denied')
      if (pending.state) back.searchParams.set('state', pending.state)
      redirect(response, back.href)
      return
    }
    const read = readIdentityForm(form)
    if ('errors' in read) {
      const values = {
        email: form.get('email') ?? '',
        nome: form.get('nome') ?? '',
        cognome: form.get('cognome') ?? '',
      }
      send(
        response,
        400,
        consentPage({ requestId: requestId ?? '', provider: pending.provider, values, errors: read.errors }),
        policy,
      )
      return
    }
    requests.take(requestId)
    // The next person is offered the demo identity again, never this one's (a shared test portal).
    const approval = token()
    approvals.add(approval, { identity: read.identity, redirectUri: pending.redirectUri })
    const separator = pending.query ? '&' : '?'
    redirect(response, `/authorize${pending.query}${separator}approvazione=${approval}`)
  }

  const server: Server = createServer((request, response) => {
    // Only this computer's names: a page of another site cannot reach it by rebinding its own name to 127.0.0.1.
    const host = URL.parse(`http://${request.headers.host ?? ''}`)?.hostname ?? ''
    if (!isLoopbackHost(host)) {
      send(response, 403, messagePage(t.notLocal))
      return
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    const route = `${request.method} ${url.pathname}`
    if (route === 'GET /authorize') authorize(request, response, url)
    else if (route === 'POST /consenso')
      consent(request, response).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)))
      })
    else if (
      ['GET /.well-known/openid-configuration', 'GET /jwks', 'POST /token', 'GET /userinfo'].includes(route)
    )
      library(request, response)
    else {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      response.end('Not found')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  oidc.issuer.url = issuer

  return {
    issuer,
    setIdentity(identity) {
      offered = identity
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
