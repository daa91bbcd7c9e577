import type { PoolClient } from 'pg'
import type Stripe from 'stripe'

/** One event type's handler: re-reads what the event is about and writes the mirror in the caller's transaction. */
export type WebhookHandler = (
  event: Stripe.Event,
  ctx: { client: PoolClient; stripe: Stripe },
) => Promise<void>
