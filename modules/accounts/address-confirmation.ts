/**
 * Confirming an account's e-mail address. An account created by e-mail (trial
 * sign-up, sign-up before purchase) or through a provider that does not vouch
 * for the address (Facebook) starts unconfirmed: anyone can type anyone's
 * address. Its welcome mail carries a link to /conferma-email, whose button
 * hands the token to better-auth's e-mail verification (a signed token bound
 * to the account and its address, valid ADDRESS_CONFIRMATION_DAYS). Until
 * then the account uses its trial, but cannot buy, change its address or be
 * linked to a Google or Facebook identity.
 */
import { randomUUID } from 'node:crypto'
import { createEmailVerificationToken, isAPIError } from 'better-auth/api'
import { it } from '../i18n/index.ts'
import { enqueueMail, type SqlExecutor } from '../mail/index.ts'
import { AppError, getEnv } from '../platform/index.ts'
import { ADDRESS_CONFIRMATION_DAYS, authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'
import type { SignedInUser } from './session.ts'

/** The page the confirmation link opens (its button confirms: a mail scanner's visit confirms nothing). */
export const ADDRESS_CONFIRMATION_PATH = '/conferma-email'
/** How long a confirmation link works, in minutes (as the mails say it). */
export const ADDRESS_CONFIRMATION_MINUTES = ADDRESS_CONFIRMATION_DAYS * 24 * 60

/** The confirmation link of an account's current address. */
export async function addressConfirmationLink(account: { id: string; email: string }): Promise<string> {
  const { auth } = await getAccounts()
  const { secret } = await auth.$context
  const token = await createEmailVerificationToken(
    secret,
    account.email,
    undefined,
    ADDRESS_CONFIRMATION_MINUTES * 60,
    { userId: account.id },
  )
  return `${getEnv().publicUrl}${ADDRESS_CONFIRMATION_PATH}?token=${encodeURIComponent(token)}`
}

/** Refuses (403, Italian) what an account may do only once its address is confirmed. */
export function assertAddressConfirmed(user: Pick<SignedInUser, 'emailVerified'>): void {
  if (!user.emailVerified) throw new AppError('forbidden', it.accounts.addressConfirmation.required)
}

/** Whether the account's address is confirmed now (read from the database, not from a remembered session). */
export async function addressConfirmed(userId: string): Promise<boolean> {
  const { pool } = await getAccounts()
  const result = await pool.query<{ email_verified: boolean }>(
    `select email_verified from ${authTables.user} where id = $1`,
    [userId],
  )
  return result.rows[0]?.email_verified === true
}

/**
 * Writes the mail with a new confirmation link for `account`'s address, with
 * the caller's executor (inside its transaction when it changes the address).
 */
export async function enqueueAddressConfirmation(
  executor: SqlExecutor,
  account: { id: string; email: string; name?: string | null },
): Promise<void> {
  await enqueueMail(executor, {
    to: account.email,
    template: 'addressConfirmation',
    data: {
      name: account.name || undefined,
      email: account.email,
      confirmUrl: await addressConfirmationLink(account),
      validForMinutes: ADDRESS_CONFIRMATION_MINUTES,
    },
    dedupeKey: `address-confirmation:${account.id}:${randomUUID()}`,
  })
}

/**
 * Sends the signed-in account a new confirmation mail (5 mail calls an hour
 * per account, then 429). Nothing is sent when the address is already
 * confirmed. Returns whether a mail was sent and whether the address is confirmed.
 */
export async function resendAddressConfirmation(
  user: SignedInUser,
): Promise<{ sent: boolean; confirmed: boolean }> {
  if (await addressConfirmed(user.id)) return { sent: false, confirmed: true }
  const { pool, limiters } = await getAccounts()
  await limiters.mailCallsByUser.hit(user.id, it.accounts.addressConfirmation.tooManyRequests)
  await enqueueAddressConfirmation(pool, user)
  return { sent: true, confirmed: false }
}

export type AddressConfirmationResult = { status: 'confirmed' } | { status: 'expired' | 'invalid' }

/**
 * Confirms the address a link's token names (the button of /conferma-email),
 * through better-auth's e-mail verification: the token must be signed, not
 * expired, and name the account that has that address now.
 */
export async function confirmAddress(token: string | null | undefined): Promise<AddressConfirmationResult> {
  if (!token || token.length > 2000) return { status: 'invalid' }
  const { auth } = await getAccounts()
  try {
    await auth.api.verifyEmail({ query: { token } })
    return { status: 'confirmed' }
  } catch (error) {
    if (!isAPIError(error)) throw error
    const code = (error.body as { code?: unknown } | undefined)?.code
    return { status: code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid' }
  }
}
