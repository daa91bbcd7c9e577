/**
 * The marketing-contact routes of the REST API (/api/v1): public, counted
 * per client address (30 calls an hour over both).
 */
import { createRoute } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { clientIpOf } from '../accounts/index.ts'
import { createRouter, errorResponses, jsonBody, jsonContent, OkSchema, type ApiEnv } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { recordContact } from './contacts.ts'
import { contactCallsLimiter } from './limits.ts'
import { createContactSchema, updateProfessionSchema } from './schemas.ts'

/** Counts a call from the caller's address; answers 429 beyond the limit. */
const limitContactCalls: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await (await contactCallsLimiter()).hit(clientIpOf(c.req.raw.headers), it.accounts.contacts.tooManyRequests)
  await next()
  return undefined
}

const createContact = createRoute({
  method: 'post',
  path: '/contacts/create-hs-contact',
  tags: ['Contatti'],
  summary: 'Registra un contatto commerciale',
  middleware: [limitContactCalls] as const,
  request: jsonBody(createContactSchema),
  responses: { 200: jsonContent(OkSchema, 'Contatto registrato'), ...errorResponses(400, 429) },
})

const updateProfession = createRoute({
  method: 'post',
  path: '/contacts/update-hs-profession',
  tags: ['Contatti'],
  summary: 'Aggiorna la professione di un contatto',
  middleware: [limitContactCalls] as const,
  request: jsonBody(updateProfessionSchema),
  responses: { 200: jsonContent(OkSchema, 'Professione aggiornata'), ...errorResponses(400, 429) },
})

/** The routes, mounted by the API at its base path. */
export function contactRoutes() {
  return createRouter()
    .openapi(createContact, async (c) => {
      const body = c.req.valid('json')
      await recordContact({
        email: body.email,
        name: body.name,
        product: body.product,
        profession: body.professione,
        source: 'api',
      })
      return c.json({ ok: true as const }, 200)
    })
    .openapi(updateProfession, async (c) => {
      const body = c.req.valid('json')
      await recordContact({ email: body.email, profession: body.professione, source: 'api' })
      return c.json({ ok: true as const }, 200)
    })
}
