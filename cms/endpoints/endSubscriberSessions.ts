import type { Endpoint } from 'payload'
import { revokeAllSessions } from '../../modules/accounts/index.ts'
import { it } from '../../modules/i18n/index.ts'
import { hasAdminRole } from '../access/isAdmin.ts'

/**
 * `POST /cms/api/abbonati/{id}/termina-sessioni`: an administrator ends every
 * session of a subscriber (the form of /admin/abbonati), then returns to the
 * subscriber's page. Anyone else gets 403.
 */
export const endSubscriberSessions: Endpoint = {
  path: '/abbonati/:id/termina-sessioni',
  method: 'post',
  handler: async (req) => {
    if (!hasAdminRole(req.user as { roles?: string[] } | null)) {
      return Response.json({ error: { code: 'forbidden', message: it.operators.forbidden } }, { status: 403 })
    }
    const id = String(req.routeParams?.id ?? '')
    const revoked = id ? await revokeAllSessions(id) : 0
    req.payload.logger.info(
      { subscriberId: id, revoked, by: req.user?.id },
      'Sessioni di un abbonato terminate',
    )
    let query = ''
    try {
      const form = req.formData ? await req.formData() : null
      const email = form?.get('email')
      if (typeof email === 'string' && email) query = `&email=${encodeURIComponent(email)}`
    } catch {
      // No form body (a call from a script): the page opens without the search.
    }
    const location = `/admin/abbonati?id=${encodeURIComponent(id)}${query}&terminate=${revoked}`
    return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
  },
}
