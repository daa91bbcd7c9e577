/**
 * The support routes of the REST API (/api/v1): the captcha challenge and
 * POST user/invia-segnalazione (signed-in callers only; 401 before reading input).
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Pool } from 'pg'
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  signedInOf,
  signedInOnly,
} from '../http/index.ts'
import { clientIpOf } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, createLimiter, type Limiter } from '../platform/index.ts'
import { createCaptchaChallenge, verifyCaptcha } from './captcha.ts'
import { reportBodySchema, submitSupportReport } from './reports.ts'

const t = it.helpCentre.report

async function pool(): Promise<Pool> {
  const { getPool } = await import('../cms/index.ts')
  return getPool()
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

/** A captcha challenge (ALTCHA v2): what the widget solves, signed by the server. */
const ChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional().openapi({ description: 'Scadenza (secondi dall’epoca Unix)' }),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
    codeChallenge: z
      .object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() })
      .optional(),
  })
  .openapi('SfidaCaptcha')

const challengeRoute = createRoute({
  method: 'get',
  path: '/captcha/challenge',
  summary: 'Una nuova sfida del captcha (ALTCHA, proof of work)',
  responses: {
    200: jsonContent(ChallengeSchema, 'La sfida firmata'),
  },
})

const reportRoute = createRoute({
  method: 'post',
  path: '/user/invia-segnalazione',
  summary: 'Invia una segnalazione al Centro Assistenza',
  middleware: [signedInOnly] as const,
  request: jsonBody(reportBodySchema),
  responses: {
    201: jsonContent(
      z.object({ id: z.number().int(), message: z.string() }).openapi('SegnalazioneInviata'),
      'Segnalazione registrata e inoltrata',
    ),
    ...errorResponses(400, 401, 429),
  },
})

/** The routes, mounted by the API at its base path. */
export function supportRoutes() {
  return createRouter()
    .openapi(challengeRoute, async (c) => {
      c.header('cache-control', 'no-store')
      return c.json(await createCaptchaChallenge(), 200)
    })
    .openapi(reportRoute, async (c) => {
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
}
