/**
 * The data export's route of the REST API (/api/v1): POST
 * user/esportazione-dati asks for the signed-in account's archive (401 for
 * anonymous callers, 429 beyond one request an hour).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonContent, signedInOf, signedInOnly } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { requestDataExport } from './request-data-export.ts'
import { privacyPool } from './runtime.ts'

const requestRoute = createRoute({
  method: 'post',
  path: '/user/esportazione-dati',
  summary: "Chiede l'archivio dei propri dati personali (inviato per e-mail con un link valido 24 ore)",
  middleware: [signedInOnly] as const,
  responses: {
    202: jsonContent(
      z.object({ id: z.uuid(), message: z.string() }).openapi('EsportazioneDatiRichiesta'),
      'Richiesta registrata: il link arriverà per e-mail',
    ),
    ...errorResponses(401, 429),
  },
})

/** The routes, mounted by the API at its base path. */
export function privacyRoutes() {
  return createRouter().openapi(requestRoute, async (c) => {
    const { user } = signedInOf(c)
    const id = await requestDataExport({ pool: await privacyPool(), userId: user.id })
    return c.json({ id, message: it.privacy.export.requested(user.email) }, 202)
  })
}
