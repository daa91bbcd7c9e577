/**
 * What the profile's deletion form shows: how the holder confirms (password,
 * or a code mailed to an account that signs in only with Google or Facebook),
 * the running subscription it can end at period end or now; and the code's mail.
 */
import { erasableAccount, sendErasureCode, type SignedInUser } from '../accounts/index.ts'
import { runningSubscriptionOf } from '../billing/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'

const t = it.erasure

export type DeletionOptions = {
  method: 'password' | 'code'
  email: string
  subscription: { productName: string | null; periodEnd: string | null } | null
}

/** The deletion form's facts for the signed-in account. */
export async function deletionOptions(user: SignedInUser): Promise<DeletionOptions> {
  const account = await erasableAccount(user.id)
  if (!account || account.erasedAt) throw new AppError('conflict', t.alreadyErased)
  const running = await runningSubscriptionOf(user.id)
  return {
    method: account.hasPassword ? 'password' : 'code',
    email: account.email,
    subscription: running
      ? { productName: running.productName, periodEnd: running.periodEnd?.toISOString() ?? null }
      : null,
  }
}

/** Mails the deletion code to an account without a password (400 for one with a password: it types it). */
export async function requestDeletionCode(user: SignedInUser) {
  const account = await erasableAccount(user.id)
  if (!account || account.erasedAt) throw new AppError('conflict', t.alreadyErased)
  if (account.hasPassword) throw new AppError('bad_request', t.passwordRequired, { field: 'password' })
  return sendErasureCode(account)
}
