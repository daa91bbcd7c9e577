/**
 * Which Google and Facebook buttons the pages show: in embedded mode both,
 * played by the local test provider when their keys are unset; in production
 * mode only those with keys. And the message of a sign-in cancelled at the provider.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv, trustedOrigins } from '../platform/index.ts'
import { configuredSocialProviders, socialFailureMessage, testSignInProvider } from './social.ts'

const embedded = (extra: Record<string, string> = {}) =>
  parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'social-test-')), ...extra })
const production = (extra: Record<string, string> = {}) =>
  parseEnv({
    DATABASE_URL: 'postgres://app:pw@db:5432/portal',
    PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
    STRIPE_EMULATOR: '1',
    PUBLIC_URL: 'https://bancadati.example',
    ...extra,
  })
const googleKeys = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'segreto' }
const facebookKeys = { FACEBOOK_CLIENT_ID: '1234', FACEBOOK_CLIENT_SECRET: 'segreto' }

describe('the offered providers', () => {
  it('embedded mode without keys: both, played by the test provider on 127.0.0.1 at PORT + 20000', () => {
    const env = embedded()
    expect(configuredSocialProviders(env)).toEqual(['google', 'facebook'])
    expect(env.testSignInIssuer).toBe('http://127.0.0.1:24321')
    expect(embedded({ PORT: '4441' }).testSignInIssuer).toBe('http://127.0.0.1:24441')
    expect(embedded({ EMBEDDED_OIDC_PORT: '5000' }).testSignInIssuer).toBe('http://127.0.0.1:5000')
    const provider = testSignInProvider(env, trustedOrigins(env))
    expect(provider?.issuer).toBe('http://127.0.0.1:24321')
    expect(provider?.clients.map((client) => client.name)).toEqual(['Google', 'Facebook'])
    expect(provider?.clients[0]?.redirectUris).toContain('http://localhost:4321/api/auth/callback/google')
    expect(provider?.clients[1]?.redirectUris).toContain('http://127.0.0.1:4321/api/auth/callback/facebook')
  })

  it('embedded mode with Google keys: the test provider plays only Facebook; with both keys it does not start', () => {
    const env = embedded(googleKeys)
    expect(configuredSocialProviders(env)).toEqual(['google', 'facebook'])
    expect(testSignInProvider(env, trustedOrigins(env))?.clients.map((client) => client.name)).toEqual([
      'Facebook',
    ])
    const both = embedded({ ...googleKeys, ...facebookKeys })
    expect(both.testSignInIssuer).toBeUndefined()
    expect(testSignInProvider(both, trustedOrigins(both))).toBeUndefined()
  })

  it('production mode: no buttons and no test provider without keys, only the providers with keys', () => {
    const env = production()
    expect(configuredSocialProviders(env)).toEqual([])
    expect(env.testSignInIssuer).toBeUndefined()
    expect(testSignInProvider(env, trustedOrigins(env))).toBeUndefined()
    expect(configuredSocialProviders(production(facebookKeys))).toEqual(['facebook'])
  })
})

describe('socialFailureMessage', () => {
  it('explains a sign-in cancelled at the provider (access_denied) on each page', () => {
    expect(socialFailureMessage('access_denied', 'login')).toBe(
      'Accesso con Google o Facebook annullato. Puoi riprovare oppure accedere con email e password.',
    )
    expect(socialFailureMessage('access_denied', 'signup')).toBe(
      'Registrazione con Google o Facebook annullata. Puoi riprovare oppure registrarti con il modulo.',
    )
    expect(socialFailureMessage(null, 'login')).toBeUndefined()
  })
})
