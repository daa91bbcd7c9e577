/**
 * What exists only in embedded mode (and, for the Stripe emulator, in a
 * staging deployment with STRIPE_EMULATOR=1): the server loads this with a
 * dynamic import behind that condition; production code never imports dev/.
 */

/** The demo installation: accounts, data, pages, subscriptions. */
export { ensureDemoAccounts, ensureDemoContent } from './demo/index.ts'
/** The Stripe emulator, started and handed to billing. */
export { startEmulatedStripe } from './stripe.ts'
/** The local SDI intermediary of the electronic invoices (SDI_PROVIDER=locale). */
export { startLocalSdi, UNREGISTERED_RECIPIENT_CODE, type LocalSdi } from './sdi.ts'
/** The local OpenID provider playing Google and Facebook without keys. */
export { startTestSignIn } from './test-sign-in.ts'
/** The embedded mail catcher (SMTP on loopback, read at /dev/posta) and the sender's transport to it. */
export { startMailCatcher, createCatcherTransport, type MailCatcher } from './mail-catcher/index.ts'
/** The /dev/* routes: mailbox, test clock, CSP violations, digest, the emulator's browser surface. */
export { createDevRoutes, type DevRoutes } from './routes.ts'
/**
 * The tables the test services make at run time (the Stripe emulator's, the local SDI's), by the
 * code's own definitions: a restore creates them before loading a snapshot's rows into them.
 */
export { runtimeTables } from './runtime-tables.ts'
export type { StripeEmulator } from './stripe-emulator/index.ts'
export type { OidcEmulator } from './oidc-emulator/index.ts'
