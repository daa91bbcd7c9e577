/**
 * Writing mails to the outbox. The caller passes its own SQL executor (a pg
 * Pool, or the PoolClient of its open transaction), so the mail is committed,
 * or rolled back, together with the change that causes it.
 */
import { AppError, getEnv } from '../platform/index.ts'
import { it } from '../i18n/index.ts'
import { mailAddress } from './schemas.ts'
import { parseMailData, renderMail, type MailTemplateData, type MailTemplateName } from './templates.ts'

/** Anything that runs a parameterised SQL statement: a pg Pool or PoolClient. */
export type SqlExecutor = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>
}

/** The channel a committed enqueue notifies, so a listening sender starts at once. */
export const OUTBOX_CHANNEL = 'mail_outbox'

/** One mail to send: recipient, template, its data and an optional idempotency key. */
export type MailRequest = {
  [N in MailTemplateName]: {
    to: string
    template: N
    data: MailTemplateData<N>
    /** A second enqueue with the same key is a no-op (e.g. `welcome:<userId>`). */
    dedupeKey?: string
  }
}[MailTemplateName]

export type EnqueueResult = {
  /** The outbox row of this mail (the existing one when the dedupe key was already used). */
  id: number
  /** False when a mail with the same dedupe key was already in the outbox. */
  created: boolean
}

/**
 * Writes one mail into the outbox with the caller's executor. The data is
 * checked and the mail rendered first, so a bad call fails inside the caller's
 * transaction rather than later in the sender.
 */
export async function enqueueMail(executor: SqlExecutor, request: MailRequest): Promise<EnqueueResult> {
  const to = mailAddress.safeParse(request.to.trim())
  if (!to.success) throw new AppError('bad_request', it.mail.invalidRecipient, { field: 'to' })
  const data = parseMailData(request.template, request.data)
  const rendered = renderMail(request.template, data, { publicUrl: getEnv().publicUrl })
  const dedupeKey = request.dedupeKey?.trim() || null

  const inserted = await executor.query(
    `with inserted as (
       insert into mail_outbox (recipient, template, subject, data, dedupe_key)
       values ($1, $2, $3, $4::jsonb, $5)
       on conflict (dedupe_key) do nothing
       returning id
     )
     select id, pg_notify('${OUTBOX_CHANNEL}', id::text) from inserted`,
    [to.data, request.template, rendered.subject, JSON.stringify(data), dedupeKey],
  )
  const row = inserted.rows[0] as { id: string } | undefined
  if (row) return { id: Number(row.id), created: true }

  const existing = await executor.query('select id from mail_outbox where dedupe_key = $1', [dedupeKey])
  const found = existing.rows[0] as { id: string } | undefined
  if (!found) throw new Error('Outbox: riga con la stessa chiave non trovata dopo il conflitto')
  return { id: Number(found.id), created: false }
}

/** A mail the sender gave up on. */
export type FailedMail = {
  id: number
  recipient: string
  template: string
  subject: string
  attempts: number
  lastError: string | null
  createdAt: Date
  updatedAt: Date
}

/** What operators look at: mails waiting, mails given up on (the latest first). */
export type OutboxOverview = { pending: number; failed: number; latestFailed: FailedMail[] }

/** Counts of pending and failed mails and the latest failed ones. */
export async function outboxOverview(
  executor: SqlExecutor,
  options: { limit?: number } = {},
): Promise<OutboxOverview> {
  const counts = await executor.query(
    `select count(*) filter (where status = 'pending') as pending,
            count(*) filter (where status = 'failed') as failed
       from mail_outbox where status <> 'sent'`,
  )
  const failed = await executor.query(
    `select id, recipient, template, subject, attempts, last_error, created_at, updated_at
       from mail_outbox where status = 'failed'
      order by updated_at desc limit $1`,
    [options.limit ?? 20],
  )
  const count = counts.rows[0] as { pending: string; failed: string }
  return {
    pending: Number(count.pending),
    failed: Number(count.failed),
    latestFailed: (failed.rows as Record<string, unknown>[]).map((row) => ({
      id: Number(row.id),
      recipient: row.recipient as string,
      template: row.template as string,
      subject: row.subject as string,
      attempts: row.attempts as number,
      lastError: row.last_error as string | null,
      createdAt: row.created_at as Date,
      updatedAt: row.updated_at as Date,
    })),
  }
}

/** The recipient left on the sent mails of a deleted account. */
export const ERASED_RECIPIENT = 'destinatario-eliminato'

/**
 * Deleting an account: mails to its address not sent yet are dropped, the
 * mails already sent (or given up on) keep only that they were sent: the
 * address is replaced, in the recipient and wherever a subject names it, and
 * their data cleared (a mail to someone else still waiting is left to go).
 * Returns how many rows changed.
 */
export async function eraseRecipient(executor: SqlExecutor, email: string): Promise<number> {
  const address = email.trim().toLowerCase()
  if (!address) return 0
  const dropped = await executor.query(
    `delete from mail_outbox where lower(recipient) = $1 and status = 'pending' returning id`,
    [address],
  )
  const kept = await executor.query(
    `update mail_outbox
        set recipient = case when lower(recipient) = $1 then $2 else recipient end,
            subject = replace(subject, $1, $2), data = null, updated_at = now()
      where status <> 'pending' and (lower(recipient) = $1 or strpos(lower(subject), $1) > 0)
      returning id`,
    [address, ERASED_RECIPIENT],
  )
  return dropped.rows.length + kept.rows.length
}
