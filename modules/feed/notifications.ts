/**
 * The bell's notifications: stored per user, newest first, read one by one
 * or all at once.
 */
import type { Pool, PoolClient } from 'pg'
import type { Notification } from './schemas.ts'

type Executor = Pool | PoolClient

/** How many notifications the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 50

type Row = { id: string; title: string; body: string; link: string; created_at: Date; read_at: Date | null }

const notificationOf = (row: Row): Notification => ({
  id: Number(row.id),
  title: row.title,
  body: row.body,
  link: row.link,
  created: row.created_at.toISOString(),
  read: row.read_at !== null,
})

/** A user's latest notifications, newest first. */
export async function listNotifications(
  db: Executor,
  userId: string,
  limit = NOTIFICATION_LIST_LIMIT,
): Promise<Notification[]> {
  const found = await db.query<Row>(
    `select id, title, body, link, created_at, read_at from feed_notifications
      where user_id = $1 order by created_at desc, id desc limit $2`,
    [userId, limit],
  )
  return found.rows.map(notificationOf)
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
 */
export type NewNotification = { key: string; title: string; body: string; link: string }

/** Writes the notification for each user who does not have it yet; returns the users newly notified. */
export async function notifyUsers(
  db: Executor,
  userIds: readonly string[],
  notification: NewNotification,
): Promise<string[]> {
  if (userIds.length === 0) return []
  const found = await db.query<{ user_id: string }>(
    `insert into feed_notifications (user_id, source_key, title, body, link)
     select unnest($1::text[]), $2, $3, $4, $5
     on conflict (user_id, source_key) do nothing
     returning user_id`,
    [[...new Set(userIds)], notification.key, notification.title, notification.body, notification.link],
  )
  return found.rows.map((row) => row.user_id)
}
