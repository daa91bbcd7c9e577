import type { Endpoint } from 'payload'
import { resendFattura } from '../../modules/billing/index.ts'
import { it } from '../../modules/i18n/index.ts'
import { errorBody, isAppError } from '../../modules/platform/index.ts'
import { hasAdminRole } from '../access/isAdmin.ts'

/**
 * `POST /cms/api/fatture/{id}/reinvia`: an administrator resends an invoice SDI
 * rejected, once its data are corrected (the form of /admin/abbonamenti), then
 * returns to the subscriber's invoices. 403 for anyone else; 404 for an
 * invoice without a file, 409 unless its last file was rejected.
 */
export const resendEinvoice: Endpoint = {
  path: '/fatture/:id/reinvia',
  method: 'post',
  handler: async (req) => {
    if (!hasAdminRole(req.user as { roles?: string[] } | null)) {
      return Response.json(errorBody('forbidden', it.billing.admin.forbidden), { status: 403 })
    }
    const id = String(req.routeParams?.id ?? '')
    try {
      await resendFattura(id)
    } catch (error) {
      if (!isAppError(error)) throw error
      return Response.json(errorBody(error.code, error.message), { status: error.status })
    }
    req.payload.logger.info(
      { invoiceId: id, by: req.user?.id },
      'Fattura elettronica rimessa in coda per SDI',
    )
    let customer = ''
    try {
      const form = req.formData ? await req.formData() : null
      const value = form?.get('cliente')
      if (typeof value === 'string') customer = value
    } catch {
      // No form body (a call from a script): back to the list.
    }
    const location = customer
      ? `/admin/abbonamenti?cliente=${encodeURIComponent(customer)}&reinviata=1`
      : '/admin/abbonamenti'
    return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
  },
}
