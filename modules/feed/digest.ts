/**
 * The daily e-mail digest: each user registered for e-mail notifications
 * gets one mail (through the outbox) listing the notifications they received
 * since the previous digest. A notice with paid figures is listed with them
 * only while the subscriber's access allows them (notice-access.ts). The
 * subject names the newest event ('Nuovi minimi dal 01/03/2027 – CCNL …', and
 * how many more there are); the main button opens the newest renewal alert's
 * comparison of the two decorrenze when the digest shows one, else the
 * Quotidiano.
 */
import type { Pool } from 'pg'
import { calendarDay } from '../content/index.ts'
import { formatDate, it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { paidReaders, SUBSCRIBE_PATH, withoutFigures } from './notice-access.ts'

/** The page where the bell's e-mail checkbox turns the digest off. */
export const DIGEST_SETTINGS_PATH = '/bancadati/quotidiano#notifiche'
/** The most notifications one digest lists. */
export const DIGEST_MAX_ITEMS = 50

type Row = {
  id: string
  source_key: string
  title: string
  body: string
  link: string
  paid: boolean
  created_at: Date
}
type Shown = Omit<Row, 'paid'>

/** A renewal alert of a pay table (a new decorrenza or its correction) shown with its figures: its link opens the comparison. */
const isPayTableAlert = (row: Shown) =>
  /^(tabella|correzione):/.test(row.source_key) && row.link !== SUBSCRIBE_PATH

/** The subject and main button of a digest of `rows`, newest first. */
export function digestHeadline(rows: readonly Shown[]): {
  subject: string
  button: { label: string; url: string }
} {
  const text = it.feed.digest
  const newest = rows[0]
  const renewal = rows.find(isPayTableAlert)
  return {
    subject: newest ? text.subject(newest.title, rows.length - 1) : text.title,
    button: renewal
      ? { label: text.compareButton, url: renewal.link }
      : { label: text.button, url: '/bancadati/quotidiano' },
  }
}

/** Sends today's digest to every registered user with new notifications; returns how many mails were written. */
export async function sendNotificationDigests(db: Pool, now = new Date()): Promise<number> {
  const day = calendarDay(now)
  const subscribers = await db.query<{ user_id: string; email: string; name: string; created_at: Date }>(
    `select s.user_id, s.email, s.name, s.created_at from feed_email_subscriptions s
      where exists (select 1 from feed_notifications n
                     where n.user_id = s.user_id and n.digested_at is null and n.created_at >= s.created_at)`,
  )
  let written = 0
  for (const subscriber of subscribers.rows) {
    const client = await db.connect()
    try {
      await client.query('begin')
      const rows = (
        await client.query<Row>(
          `select id, source_key, title, body, link, paid, created_at from feed_notifications
            where user_id = $1 and digested_at is null and created_at >= $2
            order by created_at desc, id desc limit $3 for update skip locked`,
          [subscriber.user_id, subscriber.created_at, DIGEST_MAX_ITEMS],
        )
      ).rows
      if (rows.length === 0) {
        await client.query('rollback')
        continue
      }
      // Figures go out only while the subscriber's access still allows them; otherwise the title and the prompt.
      const canReadPaid =
        !rows.some((row) => row.paid) ||
        (await paidReaders([subscriber.user_id], now)).has(subscriber.user_id)
      const shown = rows.map((row) => (row.paid && !canReadPaid ? withoutFigures(row) : row))
      const text = it.feed.digest
      const headline = digestHeadline(shown)
      const { created } = await enqueueMail(client, {
        to: subscriber.email,
        template: 'notice',
        dedupeKey: `feed-digest:${subscriber.user_id}:${day}`,
        data: {
          subject: headline.subject,
          title: text.title,
          preheader: text.preheader(formatDate(now)),
          ...(subscriber.name.trim() ? { name: subscriber.name.trim() } : {}),
          paragraphs: [text.intro(rows.length)],
          items: shown.map((row) => ({
            title: row.title,
            url: row.link,
            meta: formatDate(row.created_at),
            text: row.body,
          })),
          button: headline.button,
          unsubscribeUrl: DIGEST_SETTINGS_PATH,
        },
      })
      // A digest already went out today: these wait for tomorrow's.
      if (created) {
        await client.query('update feed_notifications set digested_at = now() where id = any($1::bigint[])', [
          rows.map((row) => row.id),
        ])
        written += 1
      }
      await client.query('commit')
    } catch (error) {
      await client.query('rollback')
      throw error
    } finally {
      client.release()
    }
  }
  return written
}
