/**
 * A local OpenID Connect provider (oauth2-mock-server) that stands in for
 * Google and Facebook in tests and demos. It approves every authorization at
 * once and signs id_tokens with its own keys (published in its discovery
 * document), carrying the identity set with `setIdentity` or with
 * `POST /__identity` (from another process, e.g. a browser test). Its
 * /userinfo answers both in OpenID's shape and in Facebook Graph's
 * (`id`, `first_name`, `last_name`), so the same server backs both providers.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Events, OAuth2Server } from 'oauth2-mock-server'
import { oidcMockEnv } from './oidc-mock-env.ts'

export { oidcMockEnv }

export type MockIdentity = {
  email: string
  name: string
  givenName?: string | undefined
  familyName?: string | undefined
  emailVerified?: boolean | undefined
}

export const defaultMockIdentity: MockIdentity = {
  email: 'giulia.bianchi@example.com',
  name: 'Giulia Bianchi',
  givenName: 'Giulia',
  familyName: 'Bianchi',
  emailVerified: true,
}

/** The provider's stable subject of an identity (one per e-mail, as a real provider keeps it). */
export function mockSubject(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)
}

export type OidcMock = {
  /** The issuer, e.g. http://127.0.0.1:4413 */
  issuer: string
  /** The environment that points both providers at this server. */
  env: Record<string, string>
  setIdentity(identity: MockIdentity): void
  stop(): Promise<void>
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
}

function isIdentity(value: unknown): value is MockIdentity {
  const candidate = value as Partial<MockIdentity> | null
  return typeof candidate?.email === 'string' && typeof candidate.name === 'string'
}

/** Starts the provider on `port` (0: any free port) of `host`. */
export async function startOidcMock({ port = 0, host = '127.0.0.1' } = {}): Promise<OidcMock> {
  const oidc = new OAuth2Server()
  await oidc.issuer.keys.generate('RS256')
  let identity = defaultMockIdentity

  oidc.service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: mockSubject(identity.email),
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      name: identity.name,
      given_name: identity.givenName,
      family_name: identity.familyName,
    })
  })
  oidc.service.on(Events.BeforeUserinfo, (response: { body: unknown; statusCode: number }) => {
    const subject = mockSubject(identity.email)
    response.body = {
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
  })

  const handler = oidc.service.requestHandler as (request: IncomingMessage, response: ServerResponse) => void
  const server: Server = createServer((request, response) => {
    if (request.url === '/__identity' && request.method === 'POST') {
      readJson(request)
        .then((body) => {
          if (!isIdentity(body)) throw new Error('email e name sono obbligatori')
          identity = body
          response.writeHead(204).end()
        })
        .catch((error: unknown) => {
          response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error))
        })
      return
    }
    handler(request, response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const issuer = `http://${host}:${address.port}`
  oidc.issuer.url = issuer

  return {
    issuer,
    env: oidcMockEnv(issuer),
    setIdentity(next) {
      identity = next
    },
    stop: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
