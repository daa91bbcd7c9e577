/**
 * The local OpenID provider ('Fornitore di prova') that stands in for Google
 * and Facebook: started by the portal in embedded mode for each provider
 * without keys, by `npm run oidc:mock`, and by the tests.
 */
export {
  defaultTestIdentity,
  startOidcEmulator,
  subjectOf,
  type OidcEmulator,
  type OidcEmulatorOptions,
  type TestClient,
} from './provider.ts'
/** The consent page's identity (what the provider vouches for). */
export type { TestIdentity } from './consent-page.ts'

/** The settings that point a portal's Google and Facebook sign-in at a provider started elsewhere (tests, `npm run oidc:mock`). */
export function oidcEmulatorEnv(issuer: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'bancadati-google-test',
    GOOGLE_CLIENT_SECRET: 'google-test-secret',
    GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    FACEBOOK_CLIENT_ID: 'bancadati-facebook-test',
    FACEBOOK_CLIENT_SECRET: 'facebook-test-secret',
    FACEBOOK_AUTHORIZATION_URL: `${issuer}/authorize`,
    FACEBOOK_TOKEN_URL: `${issuer}/token`,
    FACEBOOK_USERINFO_URL: `${issuer}/userinfo`,
  }
}
