/** Deleting an account: the feed's data about it. */
import type { Pool, PoolClient } from 'pg'

/**
 * Deletes the account's notifications (read or not) and its registration for
 * notification e-mails (address and name). Returns the notifications deleted.
 */
export async function eraseFeedData(
  db: Pool | PoolClient,
  userId: string,
): Promise<{ notifications: number }> {
  const notifications = await db.query('delete from feed_notifications where user_id = $1', [userId])
  await db.query('delete from feed_email_subscriptions where user_id = $1', [userId])
  return { notifications: notifications.rowCount ?? 0 }
}
