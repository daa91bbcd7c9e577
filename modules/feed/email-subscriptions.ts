/** Registration for notifications by e-mail (the bell's checkbox). */
import type { Pool, PoolClient } from 'pg'

type Executor = Pool | PoolClient

/** True when the user receives notifications by e-mail. */
export async function isEmailSubscribed(db: Executor, userId: string): Promise<boolean> {
  const found = await db.query('select 1 from feed_email_subscriptions where user_id = $1', [userId])
  return found.rows.length > 0
}

/** Registers (or updates) the user's address for notification e-mails. */
export async function registerEmailSubscription(
  db: Executor,
  subscriber: { userId: string; email: string; name: string },
): Promise<void> {
  await db.query(
    `insert into feed_email_subscriptions (user_id, email, name) values ($1, $2, $3)
     on conflict (user_id) do update set email = excluded.email, name = excluded.name`,
    [subscriber.userId, subscriber.email, subscriber.name],
  )
}

/** Ends the user's notification e-mails. */
export async function unregisterEmailSubscription(db: Executor, userId: string): Promise<void> {
  await db.query('delete from feed_email_subscriptions where user_id = $1', [userId])
}
