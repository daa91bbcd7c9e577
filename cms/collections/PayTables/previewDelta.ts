import type { Endpoint } from 'payload'
import { previewPayTableDelta } from '../../../modules/ccnl/index.ts'
import { it } from '../../../modules/i18n/index.ts'
import { errorBody, isAppError } from '../../../modules/platform/index.ts'

/**
 * `POST /cms/api/pay-tables/anteprima-variazioni` `{ category, effectiveDate, levels, unaTantum?, id? }`:
 * the changes of the table being edited from the category's previous
 * decorrenza, for the preview under the levels. Signed-in CMS users only (403).
 */
export const previewDelta: Endpoint = {
  path: '/anteprima-variazioni',
  method: 'post',
  handler: async (req) => {
    if (!req.user) {
      return Response.json(errorBody('forbidden', it.database.deltaPreview.forbidden), { status: 403 })
    }
    const body = (await req.json?.().catch(() => null)) as Record<string, unknown> | null
    const category = Number(body?.category)
    const effectiveDate = typeof body?.effectiveDate === 'string' ? body.effectiveDate : ''
    if (!Number.isInteger(category) || category <= 0 || Number.isNaN(Date.parse(effectiveDate))) {
      return Response.json(errorBody('bad_request', it.database.deltaPreview.incomplete), { status: 400 })
    }
    try {
      const preview = await previewPayTableDelta({
        category,
        effectiveDate,
        levels: typeof body?.levels === 'string' ? safeJson(body.levels) : body?.levels,
        unaTantum: typeof body?.unaTantum === 'string' ? safeJson(body.unaTantum) : body?.unaTantum,
        id: Number.isInteger(Number(body?.id)) && Number(body?.id) > 0 ? Number(body?.id) : undefined,
      })
      return Response.json(preview, { headers: { 'cache-control': 'private, no-store' } })
    } catch (error) {
      if (!isAppError(error)) throw error
      return Response.json(errorBody(error.code, error.message, error.field), { status: error.status })
    }
  },
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
