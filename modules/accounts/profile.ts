/**
 * The signed-in account's own settings: password change (the other sessions
 * end, the current one stays), display name, and the e-mail change applied at
 * once with a mail to the previous address whose link undoes it and one to the
 * new address whose link confirms it. Only an account whose address is
 * confirmed may change it.
 */
import { randomBytes } from 'node:crypto'
import type { Pool, PoolClient } from 'pg'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getEnv, getLogger } from '../platform/index.ts'
import { assertAddressConfirmed, enqueueAddressConfirmation } from './address-confirmation.ts'
import { authTables } from './auth.ts'
import {
  changeEmailSchema,
  changePasswordSchema,
  displayNameSchema,
  undoCodeSchema,
} from './profile-schemas.ts'
import type { ChangeEmailInput, ChangePasswordInput } from './profile-schemas.ts'
import { getAccounts } from './runtime.ts'
import type { SignedInUser } from './session.ts'
import { inTransaction } from './users.ts'
import { storedIdentifier, tokenDigest } from './verification-tokens.ts'

/** How long the link that undoes an e-mail change stays usable. */
export const EMAIL_UNDO_MINUTES = 7 * 24 * 60
/** The page the undo link opens. */
export const EMAIL_UNDO_PATH = '/profilo/annulla-modifica-email'
const UNDO_PREFIX = 'email-undo:'

/** The stored identifier of an undo code: the prefix (every code of an account is spent at once) and the code's digest. */
const undoIdentifier = (code: string) => `${UNDO_PREFIX}${storedIdentifier(code)}`

type Executor = Pool | PoolClient

/** The undo link of an e-mail change. */
export function emailUndoLink(publicUrl: string, code: string): string {
  return `${publicUrl}${EMAIL_UNDO_PATH}?codice=${encodeURIComponent(code)}`
}

async function storedPasswordHash(executor: Executor, userId: string): Promise<string | null> {
  const result = await executor.query<{ password: string | null }>(
    `select password from ${authTables.account} where user_id = $1 and provider_id = 'credential' limit 1`,
    [userId],
  )
  return result.rows[0]?.password ?? null
}

/**
 * Checks the account's current password, counting wrong ones (10 in 15
 * minutes per account, then 429; better-auth's verify-password shares the
 * count). The check is counted before the password is compared, so checks
 * sent at once cannot all be tried; a right password gives its count back.
 * Throws a 400 naming `field` when it is wrong.
 */
export async function verifyCurrentPassword(
  userId: string,
  password: string,
  field: string,
  wrong: string,
): Promise<void> {
  const { pool, limiters, auth } = await getAccounts()
  await limiters.passwordChecksByUser.hit(userId, it.accounts.passwordChange.tooManyAttempts)
  const hash = await storedPasswordHash(pool, userId)
  const context = await auth.$context
  const matches = hash !== null && (await context.password.verify({ hash, password }))
  if (!matches) throw new AppError('bad_request', wrong, { field })
  await limiters.passwordChecksByUser.giveBack(userId)
}

/** Changes the password after checking the old one; ends every other session of the account. */
export async function changePassword(options: {
  user: SignedInUser
  sessionId: string
  input: ChangePasswordInput
}): Promise<{ revokedSessions: number }> {
  const input = changePasswordSchema.parse(options.input)
  await verifyCurrentPassword(
    options.user.id,
    input.currentPassword,
    'currentPassword',
    it.accounts.password.currentWrong,
  )
  const { auth } = await getAccounts()
  const hash = await (await auth.$context).password.hash(input.newPassword)
  const revokedSessions = await inTransaction(async (client) => {
    await client.query(
      `update ${authTables.account} set password = $2, updated_at = now()
        where user_id = $1 and provider_id = 'credential'`,
      [options.user.id, hash],
    )
    const revoked = await client.query(`delete from ${authTables.session} where user_id = $1 and id <> $2`, [
      options.user.id,
      options.sessionId,
    ])
    return revoked.rowCount ?? 0
  })
  getLogger().info({ userId: options.user.id, revokedSessions }, 'Password modificata')
  return { revokedSessions }
}

/** Sets the account's display name. */
export async function updateDisplayName(userId: string, input: { displayName: string }): Promise<string> {
  const { displayName } = displayNameSchema.parse(input)
  const { pool } = await getAccounts()
  await pool.query(`update ${authTables.user} set name = $2, updated_at = now() where id = $1`, [
    userId,
    displayName,
  ])
  return displayName
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}

type UndoRecord = { userId: string; previousEmail: string; newEmail: string }

/**
 * Changes the e-mail address at once after checking the password, and in the
 * same transaction writes the undo code, the mail to the previous address and
 * the confirmation mail to the new one (which starts unconfirmed). Throws
 * AppError('forbidden') while the current address is not confirmed.
 */
export async function changeEmail(options: {
  user: SignedInUser
  input: ChangeEmailInput
  now?: Date
}): Promise<{ email: string; previousEmail: string }> {
  const { user } = options
  assertAddressConfirmed(user)
  const input = changeEmailSchema.parse(options.input)
  const now = options.now ?? new Date()
  if (input.email === user.email.toLowerCase()) {
    throw new AppError('bad_request', it.accounts.emailChange.sameAsCurrent, { field: 'email' })
  }
  await verifyCurrentPassword(user.id, input.password, 'password', it.accounts.emailChange.passwordWrong)
  const code = randomBytes(32).toString('base64url')
  const record: UndoRecord = { userId: user.id, previousEmail: user.email, newEmail: input.email }
  try {
    await inTransaction(async (client) => {
      const updated = await client.query(
        `update ${authTables.user} set email = $2, email_verified = false, updated_at = now()
          where id = $1 and email = $3`,
        [user.id, input.email, user.email],
      )
      if (updated.rowCount === 0) throw new AppError('conflict', it.accounts.emailChange.unavailable)
      await client.query(
        `insert into ${authTables.verification} (id, identifier, value, expires_at, created_at, updated_at)
         values ($1, $2, $3, $4, now(), now())`,
        [
          randomBytes(16).toString('hex'),
          undoIdentifier(code),
          JSON.stringify(record),
          new Date(now.getTime() + EMAIL_UNDO_MINUTES * 60_000),
        ],
      )
      await enqueueMail(client, {
        to: user.email,
        template: 'emailChanged',
        data: {
          name: user.name || undefined,
          previousEmail: user.email,
          newEmail: input.email,
          changedAt: now,
          undoUrl: emailUndoLink(getEnv().publicUrl, code),
          undoValidForMinutes: EMAIL_UNDO_MINUTES,
        },
        dedupeKey: `email-changed:${tokenDigest(code)}`,
      })
      await enqueueAddressConfirmation(client, { id: user.id, email: input.email, name: user.name })
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', it.accounts.emailChange.unavailable, { field: 'email' })
    }
    throw error
  }
  getLogger().info({ userId: user.id }, 'Indirizzo email modificato')
  return { email: input.email, previousEmail: user.email }
}

function parseRecord(value: string): UndoRecord | null {
  try {
    const parsed = JSON.parse(value) as Partial<UndoRecord>
    if (
      typeof parsed.userId === 'string' &&
      typeof parsed.previousEmail === 'string' &&
      typeof parsed.newEmail === 'string'
    ) {
      return { userId: parsed.userId, previousEmail: parsed.previousEmail, newEmail: parsed.newEmail }
    }
  } catch {
    // A row that is not ours: treated as an unknown code.
  }
  return null
}

/** The change an undo code would revert, while the code is usable (the undo page shows it before confirming). */
export async function pendingEmailUndo(code: string | null | undefined): Promise<UndoRecord | null> {
  const parsed = undoCodeSchema.safeParse(code)
  if (!parsed.success) return null
  const { pool } = await getAccounts()
  const result = await pool.query<{ value: string }>(
    `select value from ${authTables.verification} where identifier = $1 and expires_at > now()`,
    [undoIdentifier(parsed.data)],
  )
  const row = result.rows[0]
  return row ? parseRecord(row.value) : null
}

export type EmailUndoResult =
  | { status: 'done'; previousEmail: string }
  | { status: 'invalid' }
  | { status: 'taken'; previousEmail: string }

/**
 * Undoes an e-mail change with the code of its link: once, before it expires.
 * The account gets its previous address back, every undo code of the account
 * is spent and every session ends (whoever changed the address is signed out).
 */
export async function undoEmailChange(code: string | null | undefined): Promise<EmailUndoResult> {
  const parsed = undoCodeSchema.safeParse(code)
  if (!parsed.success) return { status: 'invalid' }
  try {
    return await inTransaction(async (client) => {
      const spent = await client.query<{ value: string }>(
        `delete from ${authTables.verification} where identifier = $1 and expires_at > now() returning value`,
        [undoIdentifier(parsed.data)],
      )
      const record = spent.rows[0] ? parseRecord(spent.rows[0].value) : null
      if (!record) return { status: 'invalid' as const }
      const restored = await client.query(
        `update ${authTables.user} set email = $2, email_verified = true, updated_at = now() where id = $1`,
        [record.userId, record.previousEmail],
      )
      if (restored.rowCount === 0) return { status: 'invalid' as const }
      await client.query(
        `delete from ${authTables.verification}
          where identifier like '${UNDO_PREFIX}%' and (value::jsonb ->> 'userId') = $1`,
        [record.userId],
      )
      await client.query(`delete from ${authTables.session} where user_id = $1`, [record.userId])
      getLogger().info({ userId: record.userId }, 'Modifica dell’indirizzo email annullata')
      return { status: 'done' as const, previousEmail: record.previousEmail }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // The previous address now belongs to another account: nothing changed, the code stays usable.
    const record = await pendingEmailUndo(code)
    return record ? { status: 'taken', previousEmail: record.previousEmail } : { status: 'invalid' }
  }
}
