/**
 * The server of the browser tests: the portal as `npm start` runs it, with
 * its test sign-in provider ('Fornitore di prova', playing Google and
 * Facebook, which have no keys here). Shared by playwright.config.ts and the
 * tests that need the addresses.
 */
const port = Number(process.env.E2E_PORT ?? 4391)

/** The portal. */
export const portalUrl = `http://127.0.0.1:${port}`
/** The portal's test sign-in provider (EMBEDDED_OIDC_PORT). */
export const testSignInPort = Number(process.env.E2E_OIDC_PORT ?? port + 20000)
export const testSignInIssuer = `http://127.0.0.1:${testSignInPort}`

/** The browser state after the cookie banner was answered (written by e2e/consent.setup.ts). */
export const CONSENT_STATE = 'test-results/.consent-state.json'
