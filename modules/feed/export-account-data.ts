/** The feed's rows of one subscriber, for the data export: notifications and the e-mail digest subscription. */
import type { Pool } from 'pg'

export type FeedDataExport = {
  notifiche: Record<string, unknown>[]
  notifiche_email: Record<string, unknown>[]
}

/** The subscriber's notifications and, if asked for, the address of the e-mail digest. */
export async function exportAccountData(options: { pool: Pool; userId: string }): Promise<FeedDataExport> {
  const { pool, userId } = options
  const [notifications, subscription] = await Promise.all([
    pool.query(
      `select source_key, title, link, created_at, read_at, digested_at
         from feed_notifications where user_id = $1 order by created_at, id`,
      [userId],
    ),
    pool.query(`select email, name, created_at from feed_email_subscriptions where user_id = $1`, [userId]),
  ])
  return { notifiche: notifications.rows, notifiche_email: subscription.rows }
}
