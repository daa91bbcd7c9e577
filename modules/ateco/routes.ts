/**
 * `GET /api/v1/ateco/contratti?q=`: the contracts usually applied to an
 * activity. Public, like the contract search: it answers names, codes and
 * the ATECO code that links them, never a category's classification tables.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonContent } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { findContractsByActivity, MAX_QUERY_LENGTH } from './find-contracts.ts'
import { FinderAnswerSchema } from './schemas.ts'

const t = it.activityFinder

const finderRoute = createRoute({
  method: 'get',
  path: '/ateco/contratti',
  tags: ['Banca dati'],
  summary: t.apiSummary,
  description:
    'Un codice ATECO 2025 completo o parziale (56.11.11, 56.11, 56) o parole dell’attività (ristorante, autofficina): i codici corrispondenti con il titolo ufficiale e, per ciascuno, i contratti applicati di solito, il più applicato per primo, con il motivo.',
  request: {
    query: z.object({
      q: z
        .string({ message: t.label })
        .trim()
        .min(1, { message: t.hint })
        .max(MAX_QUERY_LENGTH, { message: t.tooLong }),
    }),
  },
  responses: {
    200: jsonContent(FinderAnswerSchema, 'I codici ATECO e i contratti'),
    ...errorResponses(400, 429),
  },
})

/** The routes, mounted by the API at its base path. */
export function atecoRoutes() {
  return createRouter().openapi(finderRoute, async (c) => {
    c.header('cache-control', 'private, no-store')
    return c.json(await findContractsByActivity({ query: c.req.valid('query').q }), 200)
  })
}
