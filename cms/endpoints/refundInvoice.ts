import type { Endpoint } from 'payload'
import {
  parseEuroAmount,
  refundInvoice,
  REFUND_REASONS,
  type RefundReason,
} from '../../modules/billing/index.ts'
import { it } from '../../modules/i18n/index.ts'
import { AppError, errorBody, isAppError } from '../../modules/platform/index.ts'
import { hasAdminRole } from '../access/isAdmin.ts'

/**
 * `POST /cms/api/fatture/{id}/rimborsa`: an administrator refunds a paid
 * invoice (the form of /admin/abbonamenti: `importo` in euros, empty for the
 * whole invoice, `motivo` one of Stripe's reasons, `nota` optional), then
 * returns to the subscriber's invoices with the outcome; the credit note
 * follows from Stripe's `charge.refunded`. 403 for anyone else; a refused
 * refund returns to the list with its Italian message (or, from a script, the
 * error as JSON).
 */
const errors = it.invoices.refund.errors

/** The refusal as a key of the list's messages (never a text taken from the address). */
function refundErrorKey(error: AppError): RefundErrorKey {
  if (error.code === 'conflict' && error.field === 'amount') return 'tooMuch'
  if (error.message === errors.alreadyRefunded) return 'alreadyRefunded'
  if (error.message === errors.notRefundable) return 'notRefundable'
  if (error.message === errors.amount) return 'amount'
  if (error.code === 'not_found') return 'notFound'
  return 'failed'
}

export type RefundErrorKey =
  'tooMuch' | 'alreadyRefunded' | 'notRefundable' | 'amount' | 'notFound' | 'failed'

export const refundInvoiceEndpoint: Endpoint = {
  path: '/fatture/:id/rimborsa',
  method: 'post',
  handler: async (req) => {
    if (!hasAdminRole(req.user as { roles?: string[] } | null)) {
      return Response.json(errorBody('forbidden', it.billing.admin.forbidden), { status: 403 })
    }
    const id = String(req.routeParams?.id ?? '')
    let form: FormData | null = null
    try {
      form = req.formData ? await req.formData() : null
    } catch {
      // No form body: the whole invoice, requested by the customer.
    }
    const field = (name: string) => {
      const value = form?.get(name)
      return typeof value === 'string' ? value.trim() : ''
    }
    const customer = field('cliente')
    const back = (query: string) =>
      new Response(null, {
        status: 303,
        headers: {
          location: `/admin/abbonamenti?cliente=${encodeURIComponent(customer)}&${query}`,
          'cache-control': 'no-store',
        },
      })
    try {
      const text = field('importo')
      const amount = text ? parseEuroAmount(text) : null
      if (text && amount == null)
        throw new AppError('bad_request', it.invoices.refund.errors.amount, { field: 'importo' })
      const chosen = field('motivo')
      const reason: RefundReason = (REFUND_REASONS as readonly string[]).includes(chosen)
        ? (chosen as RefundReason)
        : 'requested_by_customer'
      const refund = await refundInvoice({ invoiceId: id, amount, reason, note: field('nota') })
      req.payload.logger.info(
        { invoiceId: id, refundId: refund.id, amount: refund.amount, by: req.user?.id },
        'Fattura rimborsata',
      )
    } catch (error) {
      if (!isAppError(error)) throw error
      if (!customer) return Response.json(errorBody(error.code, error.message), { status: error.status })
      return back(`errore=${refundErrorKey(error)}&fattura=${encodeURIComponent(id)}`)
    }
    if (!customer) return Response.json({ ok: true }, { status: 200 })
    return back('rimborsata=1')
  },
}
