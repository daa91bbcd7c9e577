/** The settings that point the portal's Google and Facebook sign-in at a local provider (tests/oidc-mock.ts). */
export function oidcMockEnv(issuer: string): Record<string, string> {
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
