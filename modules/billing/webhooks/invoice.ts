import { userById } from '../../accounts/index.ts'
import { enqueueMail } from '../../mail/index.ts'
import { subscriptionMail } from '../mails.ts'
import { assignInvoiceNumber } from '../invoice-number.ts'
import { currentSeller } from '../seller-settings.ts'
import { syncInvoice, syncSubscription } from '../mirror.ts'
import type { WebhookHandler } from './types.ts'

/** invoice.*: the invoice's row; its subscription too, whose status follows the payment. */
export const invoiceChanged: WebhookHandler = async (event, ctx) => {
  const invoice = await syncInvoice(ctx, (event.data.object as { id: string }).id)
  const subscriptionId = invoice?.parent?.subscription_details?.subscription
  if (typeof subscriptionId === 'string') await syncSubscription(ctx, subscriptionId)
}

/**
 * invoice.paid: also the invoice's progressive number of the year (once), and,
 * for the first invoice of a subscription, the confirmation mail to the account
 * (once: the dedupe key is the subscription's).
 */
export const invoicePaid: WebhookHandler = async (event, ctx) => {
  const invoice = await syncInvoice(ctx, (event.data.object as { id: string }).id)
  if (invoice) await assignInvoiceNumber(ctx.client, invoice, await currentSeller())
  const subscriptionId = invoice?.parent?.subscription_details?.subscription
  if (typeof subscriptionId !== 'string') return
  await syncSubscription(ctx, subscriptionId)
  if (invoice?.billing_reason !== 'subscription_create' || invoice.status !== 'paid') return
  const row = await ctx.client.query<{ user_id: string | null; product_name: string | null }>(
    'select user_id, product_name from billing_subscriptions where id = $1',
    [subscriptionId],
  )
  const subscription = row.rows[0]
  const account = subscription?.user_id ? await userById(subscription.user_id, ctx.client) : null
  if (!subscription || !account) return
  await enqueueMail(
    ctx.client,
    subscriptionMail({
      email: account.email,
      name: account.name,
      product_name: subscription.product_name,
      subscriptionId,
    }),
  )
}
