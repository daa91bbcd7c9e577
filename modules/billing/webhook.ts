/**
 * The webhook endpoint's work: verify Stripe's signature on the raw body,
 * ignore the events the portal does not act on, process each event id once
 * (the id is recorded in the same transaction as the mirror's change, so a
 * failed handling is retried by Stripe and a repeated delivery changes nothing).
 */
import type Stripe from 'stripe'
import { it } from '../i18n/index.ts'
import { AppError, getLogger } from '../platform/index.ts'
import { inBillingTransaction } from './runtime.ts'
import { getBillingStripe } from './stripe.ts'
import { countWebhook, type WebhookOutcome } from './webhook-figures.ts'
import { webhookHandlers } from './webhooks/handlers.ts'

export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
): Promise<{ outcome: WebhookOutcome; event: Stripe.Event }> {
  try {
    const handled = await handleEvent(rawBody, signature)
    countWebhook(handled.outcome)
    return handled
  } catch (error) {
    countWebhook('failed')
    throw error
  }
}

async function handleEvent(
  rawBody: string,
  signature: string | null,
): Promise<{ outcome: WebhookOutcome; event: Stripe.Event }> {
  const { stripe, webhookSecret } = getBillingStripe()
  let event: Stripe.Event
  try {
    if (!signature) throw new Error('missing signature')
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
  } catch (error) {
    throw new AppError('bad_request', it.billing.errors.webhookSignature, {
      field: 'stripe-signature',
      cause: error,
    })
  }
  const handler = webhookHandlers[event.type]
  if (!handler) return { outcome: 'ignored', event }
  const outcome = await inBillingTransaction(async (client) => {
    const recorded = await client.query(
      `insert into billing_events (id, type, created_at) values ($1, $2, $3) on conflict (id) do nothing returning id`,
      [event.id, event.type, new Date(event.created * 1000)],
    )
    if (recorded.rowCount === 0) return 'duplicate' as const
    await handler(event, { client, stripe })
    return 'processed' as const
  })
  getLogger().debug({ event: event.id, type: event.type, outcome }, 'Webhook Stripe')
  return { outcome, event }
}
