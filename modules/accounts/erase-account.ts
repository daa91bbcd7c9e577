/**
 * The account side of deleting an account: how the holder proves it is them
 * (the password, or for an account without one a 6-digit code mailed to its
 * address, single use, 15 minutes, rate-limited) and the erasure of the
 * account's own data. The `auth_users` row is anonymised, not deleted: its id
 * stays as the opaque key the fiscal archive keeps, while the address becomes
 * `<id>@account-eliminato.invalid`, every name, the profession and the picture
 * are cleared, the password and the Google/Facebook links are deleted (no
 * sign-in, no password reset can reach it) and every session ends. The
 * address is free again: the same person can sign up as a new account.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getEnv, getLogger } from '../platform/index.ts'
import { authTables } from './auth.ts'
import { verifyCurrentPassword } from './profile.ts'
import { getAccounts } from './runtime.ts'
import { inTransaction } from './users.ts'
import { keyedCodeDigest } from './verification-tokens.ts'
import { forgetViewers } from './viewer-cache.ts'

const t = it.erasure

/** How long a mailed deletion code stays usable. */
export const ERASURE_CODE_MINUTES = 15
/** The domain of an erased account's placeholder address (`.invalid` is never delivered, RFC 2606). */
export const ERASED_EMAIL_DOMAIN = 'account-eliminato.invalid'
const CODE_PREFIX = 'account-erasure:'

/** The placeholder address of an erased account. */
export function erasedEmail(userId: string): string {
  return `${userId}@${ERASED_EMAIL_DOMAIN}`
}

/** What the deletion needs to know of an account before erasing it. */
export type ErasableAccount = {
  id: string
  email: string
  name: string
  /** Whether the account signs in with a password (else a mailed code confirms). */
  hasPassword: boolean
  /** Set once the account has been erased. */
  erasedAt: Date | null
}

/** The account with this id as the deletion sees it, or null. */
export async function erasableAccount(userId: string): Promise<ErasableAccount | null> {
  const { pool } = await getAccounts()
  const result = await pool.query<{
    id: string
    email: string
    name: string
    has_password: boolean
    erased_at: Date | null
  }>(
    `select u.id, u.email, u.name, u.erased_at,
            exists (select 1 from ${authTables.account} a
                     where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as has_password
       from ${authTables.user} u where u.id = $1`,
    [userId],
  )
  const row = result.rows[0]
  return row
    ? { id: row.id, email: row.email, name: row.name, hasPassword: row.has_password, erasedAt: row.erased_at }
    : null
}

/** Checks the account's password before a deletion (10 wrong ones in 15 minutes, then 429). */
export async function verifyErasurePassword(userId: string, password: string): Promise<void> {
  if (!password) throw new AppError('bad_request', t.passwordRequired, { field: 'password' })
  await verifyCurrentPassword(userId, password, 'password', t.passwordWrong)
}

/** The stored form of a deletion code: keyed, so a copy of the database cannot try the million codes. */
const hashCode = (userId: string, code: string) =>
  keyedCodeDigest(getEnv(), CODE_PREFIX + userId, code.trim())

/**
 * Mails a 6-digit code that confirms the deletion of an account without a
 * password: a new code replaces the previous one; 3 codes an hour per account.
 */
export async function sendErasureCode(
  account: Pick<ErasableAccount, 'id' | 'email' | 'name'>,
  now = new Date(),
) {
  const { limiters } = await getAccounts()
  await limiters.erasureCodesByUser.hit(account.id, t.tooManyCodes)
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const m = t.mail.code
  await inTransaction(async (client) => {
    await client.query(`delete from ${authTables.verification} where identifier = $1`, [
      `${CODE_PREFIX}${account.id}`,
    ])
    await client.query(
      `insert into ${authTables.verification} (id, identifier, value, expires_at, created_at, updated_at)
       values ($1, $2, $3, $4, now(), now())`,
      [
        randomBytes(16).toString('hex'),
        `${CODE_PREFIX}${account.id}`,
        hashCode(account.id, code),
        new Date(now.getTime() + ERASURE_CODE_MINUTES * 60_000),
      ],
    )
    await enqueueMail(client, {
      to: account.email,
      template: 'notice',
      data: {
        subject: m.subject,
        title: m.title,
        preheader: m.preheader,
        ...(account.name ? { name: account.name } : {}),
        paragraphs: [...m.paragraphs],
        details: [{ label: m.codeLabel, value: code }],
        closing: [...m.closing],
      },
    })
  })
  return { email: account.email, validForMinutes: ERASURE_CODE_MINUTES }
}

/**
 * Checks and uses up a mailed deletion code: a wrong one is counted (5 in 15
 * minutes, then 429); an expired or used one is wrong. The check is counted
 * before the code is compared, so codes sent at once cannot all be tried; a
 * right code gives its count back.
 */
export async function verifyErasureCode(userId: string, code: string, now = new Date()): Promise<void> {
  if (!/^\d{6}$/.test(code.trim())) throw new AppError('bad_request', t.codeRequired, { field: 'code' })
  const { limiters } = await getAccounts()
  await limiters.erasureCodeChecksByUser.hit(userId, t.tooManyAttempts)
  const used = await inTransaction(async (client) => {
    const result = await client.query(
      `delete from ${authTables.verification}
        where identifier = $1 and value = $2 and expires_at > $3`,
      [`${CODE_PREFIX}${userId}`, hashCode(userId, code), now],
    )
    return (result.rowCount ?? 0) > 0
  })
  if (!used) throw new AppError('bad_request', t.codeWrong, { field: 'code' })
  await limiters.erasureCodeChecksByUser.giveBack(userId)
}

/**
 * Erases the account's own data at once (see the top of this file) and ends
 * every session; returns how many sessions ended. Running it again on an
 * erased account changes nothing more.
 */
export async function eraseAccountData(userId: string, now = new Date()): Promise<{ endedSessions: number }> {
  const endedSessions = await inTransaction(async (client) => {
    const sessions = await client.query(`delete from ${authTables.session} where user_id = $1`, [userId])
    await client.query(`delete from ${authTables.account} where user_id = $1`, [userId])
    // Reset links (value: the account id), e-mail undo records (JSON naming it) and deletion codes.
    await client.query(
      `delete from ${authTables.verification}
        where value = $1 or identifier = $2 or value like $3`,
      [userId, `${CODE_PREFIX}${userId}`, `%"userId":${JSON.stringify(userId)}%`],
    )
    await client.query('delete from profile_pictures where user_id = $1', [userId])
    await client.query(
      `update ${authTables.user}
          set email = $2, name = $3, first_name = null, last_name = null, profession = null, image = null,
              email_verified = false, social_setup_pending = false, trial_ends_at = null,
              erased_at = coalesce(erased_at, $4), updated_at = now()
        where id = $1`,
      [userId, erasedEmail(userId), t.erasedName, now],
    )
    return sessions.rowCount ?? 0
  })
  // Sessions remembered for a few seconds must not outlive the deletion.
  forgetViewers()
  getLogger().info({ userId, endedSessions }, 'Dati dell’account cancellati')
  return { endedSessions }
}
