/**
 * An operator's refund of a paid invoice (from /admin/abbonamenti): the whole
 * invoice by default, or part of it, with a reason. The refund is made in
 * Stripe on the payment that paid the invoice; its credit note follows from
 * the `charge.refunded` webhook (`credit-notes.ts`), as for a refund made in
 * Stripe's dashboard.
 */
import type Stripe from 'stripe'
import { formatEuroCents, it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { getBillingPool } from './runtime.ts'
import { getBillingStripe } from './stripe.ts'

export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

const t = it.invoices.refund.errors

/** '4,99', '4.99', '5' → cents; null when not a positive amount of euros with at most two decimals. */
export function parseEuroAmount(value: string): number | null {
  const text = value.trim().replace(/\s|€/g, '')
  if (!/^\d+([.,]\d{1,2})?$/.test(text)) return null
  const cents = Math.round(Number(text.replace(',', '.')) * 100)
  return cents > 0 ? cents : null
}

/**
 * Refunds `amount` cents (default: what is left of the invoice) of a paid,
 * numbered invoice; 404 unknown or not issued, 409 nothing left or more than
 * what is left, 400 a bad amount, 503 when Stripe refuses.
 */
export async function refundInvoice(input: {
  invoiceId: string
  amount?: number | null
  reason: RefundReason
  note?: string
}): Promise<Stripe.Refund> {
  const pool = await getBillingPool()
  const found = await pool.query<{ status: string | null; amount_paid: number }>(
    `select i.status, i.amount_paid from billing_invoices i
       join billing_invoice_numbers n on n.invoice_id = i.id where i.id = $1`,
    [input.invoiceId],
  )
  const invoice = found.rows[0]
  if (!invoice || invoice.status !== 'paid') throw new AppError('not_found', it.invoices.errors.notFound)
  const { stripe } = getBillingStripe()
  const payments = await stripe.invoicePayments.list({ invoice: input.invoiceId, limit: 10 })
  const paid = payments.data.find((payment) => payment.status === 'paid' && payment.payment.payment_intent)
  const paymentIntent = paid?.payment.payment_intent
  const paymentIntentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id
  if (!paymentIntentId) throw new AppError('conflict', t.notRefundable)
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId)
  const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id
  if (!chargeId) throw new AppError('conflict', t.notRefundable)
  const charge = await stripe.charges.retrieve(chargeId)
  const left = charge.amount - charge.amount_refunded
  if (left <= 0) throw new AppError('conflict', t.alreadyRefunded)
  const amount = input.amount ?? left
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError('bad_request', t.amount, { field: 'amount' })
  if (amount > left) throw new AppError('conflict', t.tooMuch(formatEuroCents(left)), { field: 'amount' })
  try {
    return await stripe.refunds.create({
      charge: chargeId,
      amount,
      reason: input.reason,
      metadata: {
        invoice_id: input.invoiceId,
        ...(input.note?.trim() ? { motivo: input.note.trim().slice(0, 500) } : {}),
      },
    })
  } catch (error) {
    throw new AppError('unavailable', t.failed, { cause: error })
  }
}
