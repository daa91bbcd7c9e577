/**
 * How Stripe's webhooks are keeping up. The portal records an event only when
 * it has processed it (`billing_events`, in the mirror's transaction): an event
 * not yet delivered, or whose handling failed, is held and retried by Stripe
 * and is unknown here. So the lag is that of the newest processed event (from
 * its creation at Stripe to its processing here), which grows when deliveries
 * arrive late after failures or retries; failures show at once in the counts
 * of this process's outcomes.
 */
import type { Pool } from 'pg'

/** The webhook deliveries this process answered, by outcome (`failed`: a bad signature or a handling error). */
/** What became of a delivered event. */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored'

export type WebhookCounts = Record<WebhookOutcome | 'failed', number>

const counts: WebhookCounts = { processed: 0, duplicate: 0, ignored: 0, failed: 0 }

/** Counts one delivery's outcome. */
export function countWebhook(outcome: keyof WebhookCounts): void {
  counts[outcome] += 1
}

/** The deliveries answered since the process started, by outcome. */
export function webhookCounts(): WebhookCounts {
  return { ...counts }
}

/** The newest processed event: seconds from its creation at Stripe to its processing, and since its processing. */
export type WebhookLag = { lagSeconds: number; sinceLastSeconds: number }

/** The lag of the newest processed event (on the index of processing times); undefined before any event. */
export async function webhookLag(pool: Pool): Promise<WebhookLag | undefined> {
  const { rows } = await pool.query<{ lag: string; since: string }>(
    `select greatest(0, extract(epoch from received_at - created_at)) as lag,
            greatest(0, extract(epoch from now() - received_at)) as since
       from billing_events order by received_at desc limit 1`,
  )
  const row = rows[0]
  return row ? { lagSeconds: Number(row.lag), sinceLastSeconds: Number(row.since) } : undefined
}
