import { recordCreditNote } from '../credit-notes.ts'
import { assignInvoiceNumber } from '../invoice-number.ts'
import { syncInvoice } from '../mirror.ts'
import { currentSeller } from '../seller-settings.ts'
import type { WebhookHandler } from './types.ts'

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id

/**
 * charge.refunded: a credit note for each refund of the charge not recorded
 * yet (the refund id is the key, so a repeated delivery, or the event of a
 * later partial refund, records nothing twice), for the invoice the charge's
 * payment paid.
 */
export const chargeRefunded: WebhookHandler = async (event, ctx) => {
  const chargeId = (event.data.object as { id: string }).id
  const charge = await ctx.stripe.charges.retrieve(chargeId)
  const paymentIntentId = idOf(charge.payment_intent)
  if (!paymentIntentId) return
  const payments = await ctx.stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntentId },
    limit: 1,
  })
  const invoiceId = idOf(payments.data[0]?.invoice ?? null)
  if (!invoiceId) return
  // The invoice mirrored and numbered first, should this event come before its invoice.paid.
  const invoice = await syncInvoice(ctx, invoiceId)
  if (invoice) await assignInvoiceNumber(ctx.client, invoice, await currentSeller())
  const refunds = await ctx.stripe.refunds.list({ charge: chargeId, limit: 100 })
  // Oldest first: the credit notes take their numbers in the order of the refunds.
  for (const refund of [...refunds.data].reverse()) await recordCreditNote(ctx.client, refund, invoiceId)
}
