/** The site-content route of the REST API (/api/v1): the cookie choice of the banner. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonContent, viewerOf } from '../http/index.ts'
import { clientIpOf } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { recordCookieConsent } from './consent.ts'
import { consentLimits, hitLimit, sitePool } from './limits.ts'
import { cookieConsentSchema } from './schemas.ts'

const RecordedSchema = z
  .object({
    consentId: z.string(),
    categories: z.array(z.string()),
    recordedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ConsensoCookie')

const consentRoute = createRoute({
  method: 'post',
  path: '/consenso-cookie',
  summary: 'Registra la scelta sui cookie (categorie accettate, con data e ora)',
  request: jsonBody(cookieConsentSchema),
  responses: {
    201: jsonContent(RecordedSchema, 'Scelta registrata'),
    ...errorResponses(400, 429),
  },
})

/** The routes, mounted by the API at its base path. */
export function siteContentRoutes() {
  return createRouter().openapi(consentRoute, async (c) => {
    const address = clientIpOf(c.req.raw.headers)
    for (const limit of consentLimits) await hitLimit(limit, address, it.publicSite.forms.tooManyRequests)
    const { session } = viewerOf(c)
    const recorded = await recordCookieConsent(await sitePool(), c.req.valid('json'), {
      userId: session?.user.id ?? null,
    })
    return c.json(
      {
        consentId: recorded.consentId,
        categories: recorded.categories,
        recordedAt: recorded.createdAt.toISOString(),
      },
      201,
    )
  })
}
