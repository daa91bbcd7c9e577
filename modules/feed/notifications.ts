/**
 * The bell's notifications: stored per user, newest first, read one by one
 * or all at once.
 */
import type { Pool, PoolClient } from 'pg'
import { withoutFigures } from './notice-access.ts'
import type { Notification } from './schemas.ts'

type Executor = Pool | PoolClient

/** How many notifications the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 50

type Row = {
  id: string
  title: string
  body: string
  link: string
  paid: boolean
  created_at: Date
  read_at: Date | null
}

/**
 * A user's latest notifications, newest first. A notice that carries paid figures shows them only
 * while `canReadPaid` (the reader's access opens the contract database); otherwise its title and the
 * prompt to subscribe.
 */
export async function listNotifications(
  db: Executor,
  userId: string,
  options: { canReadPaid: boolean; limit?: number },
): Promise<Notification[]> {
  const found = await db.query<Row>(
    `select id, title, body, link, paid, created_at, read_at from feed_notifications
      where user_id = $1 order by created_at desc, id desc limit $2`,
    [userId, options.limit ?? NOTIFICATION_LIST_LIMIT],
  )
  return found.rows.map((row) => {
    const shown = row.paid && !options.canReadPaid ? withoutFigures(row) : row
    return {
      id: Number(row.id),
      title: shown.title,
      body: shown.body,
      link: shown.link,
      created: row.created_at.toISOString(),
      read: row.read_at !== null,
    }
  })
}

/** How many of a user's notifications are unread. */
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const found = await db.query<{ count: string }>(
    'select count(*) as count from feed_notifications where user_id = $1 and read_at is null',
    [userId],
  )
  return Number(found.rows[0]?.count ?? 0)
}

/** Marks one of the user's notifications as read; false when the user has no such notification. */
export async function markRead(db: Executor, userId: string, id: number): Promise<boolean> {
  const found = await db.query(
    `update feed_notifications set read_at = coalesce(read_at, now())
      where id = $1 and user_id = $2 returning id`,
    [id, userId],
  )
  return found.rows.length > 0
}

/** Marks every notification of the user as read; returns how many changed. */
export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const found = await db.query(
    'update feed_notifications set read_at = now() where user_id = $1 and read_at is null returning id',
    [userId],
  )
  return found.rows.length
}

/**
 * A notification to write for several users: one per user and `key` (the
 * source: a news item's guid, or a renewal alert's `tabella:<id>:<decorrenza>`, `testo:<id>`).
 * `paid`: its body carries what only readers with access may read (notice-access.ts).
 */
export type NewNotification = { key: string; title: string; body: string; link: string; paid?: boolean }

/** Writes the notification for each user who does not have it yet; returns the users newly notified. */
export async function notifyUsers(
  db: Executor,
  userIds: readonly string[],
  notification: NewNotification,
): Promise<string[]> {
  if (userIds.length === 0) return []
  const found = await db.query<{ user_id: string }>(
    `insert into feed_notifications (user_id, source_key, title, body, link, paid)
     select unnest($1::text[]), $2, $3, $4, $5, $6
     on conflict (user_id, source_key) do nothing
     returning user_id`,
    [
      [...new Set(userIds)],
      notification.key,
      notification.title,
      notification.body,
      notification.link,
      notification.paid ?? false,
    ],
  )
  return found.rows.map((row) => row.user_id)
}
