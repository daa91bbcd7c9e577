/**
 * What a snapshot never holds: short-lived secrets and counters. A copy of
 * them would let whoever reads the snapshot use a live session or a reset
 * link, and a restore has no use for them (the sessions of the day of the
 * backup, counters of a past minute). A restored portal starts with these
 * tables empty: its subscribers and editors sign in again.
 */

/** Whole tables left out (`schema.name`), with the module that owns each. */
export const SHORT_LIVED_TABLES: ReadonlySet<string> = new Set([
  // accounts: subscribers' sessions; reset links, e-mail undo and deletion codes, sign-in states.
  'public.auth_sessions',
  'public.auth_verifications',
  // accounts: better-auth's request counters, and the portal's limiter counters kept in its table.
  'public.auth_rate_limits',
  'public.rate_limits',
  // Payload: the CMS editors' sessions.
  'public.users_sessions',
  // support: captcha solutions already used, kept until they expire.
  'public.captcha_solutions',
])

/**
 * Columns left out of tables that are otherwise kept (they are restored
 * empty): a secret that lives minutes or days beside data that lives years.
 */
export const SECRET_COLUMNS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  // Payload: an editor's password-reset link (Payload keeps its token in clear).
  ['public.users', new Set(['reset_password_token', 'reset_password_expiration'])],
  // accounts: what Google or Facebook handed over at sign-in; the portal never uses it afterwards.
  [
    'public.auth_accounts',
    new Set([
      'access_token',
      'refresh_token',
      'id_token',
      'access_token_expires_at',
      'refresh_token_expires_at',
    ]),
  ],
  // mail: a mail's data until it is sent (a generated password, a one-time link); a restored
  // mail that was still waiting is then marked failed rather than sent with stale links.
  ['public.mail_outbox', new Set(['data'])],
])

/** Whether a column of a table is kept in snapshots. */
export function keptColumn(table: string, column: string): boolean {
  return !SECRET_COLUMNS.get(table)?.has(column)
}
