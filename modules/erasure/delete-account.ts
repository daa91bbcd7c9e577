/**
 * Deleting an account ('Elimina il mio account', and the operators' deletion
 * in /admin/abbonati). Each module erases its own data through its index:
 * billing ends the subscription (at period end or now) and keeps the invoices
 * in its fiscal archive for 10 years; Studio unlinks and tells the secondary
 * accounts; the contract database, the feed, support, the cookie records,
 * the marketing contacts and the mail outbox forget the person; accounts
 * anonymises the account and ends every session last. Then the holder gets a
 * confirmation mail at the address it had. Every step can run again, so a
 * deletion interrupted half way is completed by asking again.
 */
import {
  eraseAccountData,
  erasableAccount,
  getAccountsPool,
  verifyErasureCode,
  verifyErasurePassword,
  type SignedInUser,
} from '../accounts/index.ts'
import { eraseBillingData, type SubscriptionEnd } from '../billing/index.ts'
import { eraseDatabaseActivity } from '../ccnl/index.ts'
import { eraseContact } from '../contacts/index.ts'
import { eraseFeedData } from '../feed/index.ts'
import { formatDate, it } from '../i18n/index.ts'
import { enqueueMail, eraseRecipient } from '../mail/index.ts'
import { AppError, getLogger, inTransaction, whenUnlocked } from '../platform/index.ts'
import { eraseDataExports, privacyPool } from '../privacy/index.ts'
import { anonymiseCookieConsents } from '../site-content/index.ts'
import { eraseStudioLinks } from '../studio/index.ts'
import { eraseSupportReports } from '../support/index.ts'
import {
  deleteOwnAccountSchema,
  operatorDeletionSchema,
  type DeleteOwnAccountInput,
  type OperatorDeletionInput,
} from './schemas.ts'

const t = it.erasure

/** Who asked for the deletion: the holder, or an operator with a reason. */
export type Requester =
  { kind: 'subscriber' } | { kind: 'operator'; operatorId: string; operatorEmail: string; reason: string }

/** What the deletion did. */
export type AccountDeletion = {
  userId: string
  logId: number
  endedSessions: number
  subscription: { productName: string | null; endsAt: Date | null; end: SubscriptionEnd } | null
  unlinkedSecondaries: string[]
}

type DeletionOptions = {
  userId: string
  requester: Requester
  subscriptionEnd: SubscriptionEnd
  now?: Date
}

/**
 * Deletes the account `userId` (already verified or asked by an operator),
 * one deletion of an account at a time: a second request while the first
 * runs (a double click, the holder and an operator together) is refused.
 */
export async function deleteAccount(options: DeletionOptions): Promise<AccountDeletion> {
  const run = await whenUnlocked(await getAccountsPool(), `erasure:${options.userId}`, () =>
    eraseAccount(options),
  )
  if (!run.ran) throw new AppError('conflict', t.inProgress)
  return run.value
}

async function eraseAccount(options: DeletionOptions): Promise<AccountDeletion> {
  const { userId, requester, subscriptionEnd } = options
  const now = options.now ?? new Date()
  const account = await erasableAccount(userId)
  if (!account) throw new AppError('not_found', it.operators.notFound)
  if (account.erasedAt) throw new AppError('conflict', t.alreadyErased)
  const pool = await getAccountsPool()
  const logged = await pool.query<{ id: string }>(
    `insert into erasure_log (user_id, requested_by, operator_id, operator_email, reason, subscription_end, requested_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      userId,
      requester.kind,
      requester.kind === 'operator' ? requester.operatorId : null,
      requester.kind === 'operator' ? requester.operatorEmail : null,
      requester.kind === 'operator' ? requester.reason : null,
      subscriptionEnd,
      now,
    ],
  )
  const logId = Number(logged.rows[0]?.id)

  const billing = await eraseBillingData({ userId, subscriptionEnd, now })
  const studio = await eraseStudioLinks({
    userId,
    email: account.email,
    ownerName: account.name || account.email,
  })
  await eraseDatabaseActivity(userId)
  await eraseFeedData(pool, userId)
  await eraseSupportReports({ userId, email: account.email })
  await anonymiseCookieConsents(pool, userId)
  await eraseContact(account.email)
  await eraseDataExports({ pool: await privacyPool(), userId })
  const { endedSessions } = await eraseAccountData(userId, now)

  const m = t.mail.confirmation
  const subscription = billing.subscription
  const subscriptionText = !subscription
    ? m.subscription.none
    : subscription.end === 'now' || !subscription.endsAt
      ? m.subscription.now
      : m.subscription.period_end(formatDate(subscription.endsAt))
  await inTransaction(pool, async (client) => {
    await eraseRecipient(client, account.email)
    await enqueueMail(client, {
      to: account.email,
      template: 'notice',
      data: {
        subject: m.subject,
        title: m.title,
        preheader: m.preheader,
        paragraphs: [
          ...m.paragraphs(formatDate(now)),
          ...(requester.kind === 'operator' ? [m.byOperator] : []),
        ],
        details: [{ label: m.subscriptionLabel, value: subscriptionText }],
        closing: [...m.closing],
      },
      dedupeKey: `account-erased:${logId}`,
    })
    await client.query('update erasure_log set completed_at = now() where id = $1', [logId])
  })
  getLogger().info(
    {
      userId,
      logId,
      requestedBy: requester.kind,
      endedSessions,
      studioUnlinked: studio.unlinkedSecondaries.length,
    },
    'Account eliminato',
  )
  return {
    userId,
    logId,
    endedSessions,
    subscription: subscription
      ? { productName: subscription.productName, endsAt: subscription.endsAt, end: subscription.end }
      : null,
    unlinkedSecondaries: studio.unlinkedSecondaries,
  }
}

/**
 * The holder deletes its own account: the password is checked (or, for an
 * account without one, the mailed code, used up), then the account goes.
 */
export async function deleteOwnAccount(options: {
  user: SignedInUser
  input: DeleteOwnAccountInput
  now?: Date
}): Promise<AccountDeletion> {
  const input = deleteOwnAccountSchema.parse(options.input)
  const account = await erasableAccount(options.user.id)
  if (!account || account.erasedAt) throw new AppError('conflict', t.alreadyErased)
  if (account.hasPassword) await verifyErasurePassword(account.id, input.password ?? '')
  else await verifyErasureCode(account.id, input.code ?? '', options.now)
  return deleteAccount({
    userId: account.id,
    requester: { kind: 'subscriber' },
    subscriptionEnd: input.subscriptionEnd,
    ...(options.now ? { now: options.now } : {}),
  })
}

/** An operator (administrator in /admin) deletes an account, with the reason recorded. */
export async function deleteAccountByOperator(options: {
  userId: string
  operator: { id: string; email: string }
  input: OperatorDeletionInput
  now?: Date
}): Promise<AccountDeletion> {
  const input = operatorDeletionSchema.parse(options.input)
  return deleteAccount({
    userId: options.userId,
    requester: {
      kind: 'operator',
      operatorId: options.operator.id,
      operatorEmail: options.operator.email,
      reason: input.reason,
    },
    subscriptionEnd: input.subscriptionEnd,
    ...(options.now ? { now: options.now } : {}),
  })
}
