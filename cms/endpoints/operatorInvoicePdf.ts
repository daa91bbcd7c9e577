import type { Endpoint } from 'payload'
import { operatorInvoicePdf as renderOperatorInvoicePdf } from '../../modules/billing/index.ts'
import { it } from '../../modules/i18n/index.ts'
import { errorBody, isAppError } from '../../modules/platform/index.ts'
import { hasAdminRole } from '../access/isAdmin.ts'

/**
 * `GET /cms/api/fatture/{id}/pdf`: the portal's PDF of a subscriber's issued
 * invoice, for the operators' view in /admin/abbonamenti. Administrators
 * only (403 otherwise); 404 for an unknown or unpaid invoice, 503 while the
 * seller's data are incomplete, with the Italian message of the error.
 */
export const operatorInvoicePdf: Endpoint = {
  path: '/fatture/:id/pdf',
  method: 'get',
  handler: async (req) => {
    if (!hasAdminRole(req.user as { roles?: string[] } | null)) {
      return Response.json(errorBody('forbidden', it.billing.admin.forbidden), { status: 403 })
    }
    try {
      const { fileName, pdf } = await renderOperatorInvoicePdf(String(req.routeParams?.id ?? ''))
      return new Response(pdf, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${fileName}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    } catch (error) {
      if (!isAppError(error)) throw error
      return Response.json(errorBody(error.code, error.message), { status: error.status })
    }
  },
}
