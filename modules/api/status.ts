import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses } from '../http/index.ts'

const StatusSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    time: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Stato')

const statusRoute = createRoute({
  method: 'get',
  path: '/status',
  tags: ['Sistema'],
  summary: 'Stato del servizio',
  responses: {
    200: { description: 'Il servizio risponde', content: { 'application/json': { schema: StatusSchema } } },
    ...errorResponses(503),
  },
})

/** `GET /status`: the API answers and reports its version. */
export function statusRoutes(version: string) {
  return createRouter().openapi(statusRoute, (c) =>
    c.json({ status: 'ok' as const, version, time: new Date().toISOString() }, 200),
  )
}
