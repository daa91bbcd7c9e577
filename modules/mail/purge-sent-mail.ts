/**
 * The outbox's retention (docs/privacy.md): a sent mail's content is cleared
 * when it is sent; its row (recipient, subject, dates) is deleted 90 days later.
 */
import type { Pool } from 'pg'

/** Days a sent mail's row is kept. */
export const SENT_MAIL_DAYS = 90

/** Deletes the rows of mails sent more than SENT_MAIL_DAYS ago; returns how many. */
export async function purgeSentMail(options: { pool: Pool; now?: Date }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - SENT_MAIL_DAYS * 24 * 3_600_000)
  const result = await options.pool.query(`delete from mail_outbox where status = 'sent' and sent_at < $1`, [
    cutoff,
  ])
  return result.rowCount ?? 0
}
