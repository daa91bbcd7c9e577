import type { Endpoint } from 'payload'
import { deleteAccountByOperator, operatorDeletionSchema } from '../../modules/erasure/index.ts'
import { it } from '../../modules/i18n/index.ts'
import { isAppError } from '../../modules/platform/index.ts'
import { hasAdminRole } from '../access/isAdmin.ts'

const back = (query: string) =>
  new Response(null, {
    status: 303,
    headers: { location: `/admin/abbonati?${query}`, 'cache-control': 'no-store' },
  })

/**
 * `POST /cms/api/abbonati/{id}/elimina-account`: an administrator deletes a
 * subscriber's account (the form of /admin/abbonati) with a mandatory
 * reason, recorded in the erasure log with the operator; the subscription
 * ends at period end or now as chosen. Returns to the view with the outcome.
 * Anyone else gets 403.
 */
export const deleteSubscriberAccount: Endpoint = {
  path: '/abbonati/:id/elimina-account',
  method: 'post',
  handler: async (req) => {
    const user = req.user as { id?: string | number; email?: string; roles?: string[] } | null
    if (!hasAdminRole(user)) {
      return Response.json({ error: { code: 'forbidden', message: it.operators.forbidden } }, { status: 403 })
    }
    const id = String(req.routeParams?.id ?? '')
    const form = req.formData ? await req.formData() : null
    const input = operatorDeletionSchema.safeParse({
      reason: form?.get('reason') ?? undefined,
      subscriptionEnd: form?.get('subscriptionEnd') ?? undefined,
    })
    if (!input.success) {
      return back(`id=${encodeURIComponent(id)}&eliminazione=motivo`)
    }
    try {
      await deleteAccountByOperator({
        userId: id,
        operator: { id: String(user?.id ?? ''), email: user?.email ?? '' },
        input: input.data,
      })
    } catch (error) {
      if (!isAppError(error)) throw error
      return back(`id=${encodeURIComponent(id)}&eliminazione=${encodeURIComponent(error.code)}`)
    }
    req.payload.logger.info({ subscriberId: id, by: user?.id }, 'Account di un abbonato eliminato')
    return back('eliminato=1')
  },
}
