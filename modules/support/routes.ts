/**
 * The support routes of the REST API (/api/v1): the captcha challenge and
 * POST user/invia-segnalazione (signed-in callers only; 401 before reading input).
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Pool } from 'pg'
import { createRouter, errorResponses, signedInOf, signedInOnly } from '../http/index.ts'
import { clientIpOf } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, createLimiter, type Limiter } from '../platform/index.ts'
import { createCaptchaChallenge, verifyCaptcha } from './captcha.ts'
import { reportBodySchema, submitSupportReport } from './reports.ts'

const t = it.helpCentre.report

async function pool(): Promise<Pool> {
  const { getCms } = await import('../cms/index.ts')
  return ((await getCms()).db as unknown as { pool: Pool }).pool
}

/** Reports per account and address per hour, counted in Postgres (table `rate_limits`) across instances. */
const REPORTS_PER_HOUR = 20
let limiter: Limiter | undefined

async function countReport(key: string): Promise<void> {
  limiter ??= createLimiter(await pool(), 'supportReports', {
    points: REPORTS_PER_HOUR,
    durationSeconds: 60 * 60,
  })
  await limiter.hit(key, t.tooMany)
}

/** Built on demand: the API module imports this module while it loads. */
export function supportRoutes() {
  const router = createRouter()

  const challengeRoute = createRoute({
    method: 'get',
    path: '/captcha/challenge',
    summary: 'Una nuova sfida del captcha (ALTCHA, proof of work)',
    responses: {
      200: {
        description: 'La sfida firmata',
        content: { 'application/json': { schema: z.object({}).passthrough() } },
      },
    },
  })
  router.openapi(challengeRoute, async (c) => {
    c.header('cache-control', 'no-store')
    return c.json((await createCaptchaChallenge()) as unknown as Record<string, unknown>, 200)
  })

  const reportRoute = createRoute({
    method: 'post',
    path: '/user/invia-segnalazione',
    summary: 'Invia una segnalazione al Centro Assistenza',
    middleware: [signedInOnly] as const,
    request: { body: { content: { 'application/json': { schema: reportBodySchema } }, required: true } },
    responses: {
      201: {
        description: 'Segnalazione registrata e inoltrata',
        content: { 'application/json': { schema: z.object({ id: z.number(), message: z.string() }) } },
      },
      ...errorResponses(400, 401, 429),
    },
  })
  router.openapi(reportRoute, async (c) => {
    const { user } = signedInOf(c)
    const body = c.req.valid('json')
    const db = await pool()
    const captcha = await verifyCaptcha(db, body.altcha)
    if (captcha !== 'ok') throw new AppError('bad_request', t.captcha[captcha], { field: 'altcha' })
    await countReport(`${user.id}|${clientIpOf(c.req.raw.headers)}`)
    const id = await submitSupportReport({
      pool: db,
      reporter: { id: user.id, name: user.name, email: user.email },
      body,
    })
    return c.json({ id, message: t.sent }, 201)
  })

  return router
}
