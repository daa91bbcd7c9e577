import type { Endpoint } from 'payload'
import { resendFattura, retryFattura } from '../../modules/billing/index.ts'
import { it } from '../../modules/i18n/index.ts'
import { errorBody, isAppError } from '../../modules/platform/index.ts'
import { hasAdminRole } from '../access/isAdmin.ts'

/**
 * An administrator's action on an invoice's electronic file from the form of
 * /admin/abbonamenti, then back to where the form was (`cliente`: the
 * subscriber's invoices; otherwise the list) with `done` in the address.
 * 403 for anyone else; the use case's 404 and 409 as JSON.
 */
function einvoiceAction(options: {
  path: string
  run: (invoiceId: string) => Promise<unknown>
  done: string
  log: string
}): Endpoint {
  return {
    path: options.path,
    method: 'post',
    handler: async (req) => {
      if (!hasAdminRole(req.user as { roles?: string[] } | null)) {
        return Response.json(errorBody('forbidden', it.billing.admin.forbidden), { status: 403 })
      }
      const id = String(req.routeParams?.id ?? '')
      try {
        await options.run(id)
      } catch (error) {
        if (!isAppError(error)) throw error
        return Response.json(errorBody(error.code, error.message), { status: error.status })
      }
      req.payload.logger.info({ invoiceId: id, by: req.user?.id }, options.log)
      let customer = ''
      try {
        const form = req.formData ? await req.formData() : null
        const value = form?.get('cliente')
        if (typeof value === 'string') customer = value
      } catch {
        // No form body (a call from a script): back to the list.
      }
      const location = customer
        ? `/admin/abbonamenti?cliente=${encodeURIComponent(customer)}&${options.done}=1`
        : `/admin/abbonamenti?${options.done}=1`
      return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
    },
  }
}

/** `POST /cms/api/fatture/{id}/reinvia`: resends an invoice SDI rejected, once its data are corrected. */
export const resendEinvoice = einvoiceAction({
  path: '/fatture/:id/reinvia',
  run: resendFattura,
  done: 'reinviata',
  log: 'Fattura elettronica rimessa in coda per SDI',
})

/**
 * `POST /cms/api/fatture/{id}/riprova`: puts back in the queue the files of an
 * invoice (and of its credit notes) refused as `invalid`, once the data are corrected.
 */
export const retryEinvoice = einvoiceAction({
  path: '/fatture/:id/riprova',
  run: retryFattura,
  done: 'riprovata',
  log: 'Fattura elettronica corretta rimessa in coda per SDI',
})
