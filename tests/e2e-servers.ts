/**
 * The servers of the browser tests: the portal, and for the social sign-in
 * tests a second portal whose Google and Facebook point at a local OpenID
 * provider (the first portal keeps them unconfigured, as a fresh installation).
 * Shared by playwright.config.ts and the tests that need the addresses.
 */
const port = Number(process.env.E2E_PORT ?? 4391)

/** The portal without social sign-in. */
export const portalUrl = `http://127.0.0.1:${port}`
/** The portal with Google and Facebook pointed at the local provider. */
export const socialPortalPort = Number(process.env.E2E_SOCIAL_PORT ?? port + 30000)
export const socialPortalUrl = `http://127.0.0.1:${socialPortalPort}`
/** The local OpenID provider (scripts/oidc-mock.ts). */
export const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 31000)
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`

/** The browser state after the cookie banner was answered (written by e2e/consent.setup.ts). */
export const CONSENT_STATE = 'test-results/.consent-state.json'
