import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { it } from '../i18n/index.ts'
import { errorBody } from '../platform/index.ts'
import type { ApiVariables } from './viewer.ts'

z.config(z.locales.it())

/** Names a zod issue's field the way a user reads it (`billing.zipCode` -> `billing.zipCode`). */
function fieldName(path: PropertyKey[]): string {
  return path.length === 0 ? 'richiesta' : path.map(String).join('.')
}

/** The 400 body for a failed validation: the first bad field, named, with an Italian reason. */
export function validationError(error: ZodError) {
  const issue = error.issues[0]
  if (!issue) return errorBody('bad_request', it.errors.invalidInput)
  const field = fieldName(issue.path)
  return errorBody('bad_request', it.errors.invalidField(field, issue.message), field)
}

/** The context of every API route: the request id and the caller (viewer.ts). */
export type ApiEnv = { Variables: ApiVariables }

/** A router whose rejected inputs answer our 400 shape instead of a raw ZodError. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationError(result.error), 400)
      return undefined
    },
  })
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'bad_request' }),
      message: z.string().openapi({ example: 'Il campo «email» non è valido.' }),
      field: z.string().optional(),
    }),
  })
  .openapi('Errore')

/** Standard error responses for a route's OpenAPI description. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503)[]) {
  const descriptions: Record<number, string> = {
    400: 'Dati non validi',
    401: 'Accesso richiesto',
    403: 'Operazione non consentita',
    404: 'Risorsa non trovata',
    409: 'Conflitto',
    413: 'Richiesta troppo grande',
    415: 'Tipo di contenuto non supportato',
    429: 'Troppe richieste',
    503: 'Servizio non disponibile',
  }
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? 'Errore',
        content: { 'application/json': { schema: ErrorSchema } },
        // Every 429 says when to come back.
        ...(status === 429 ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
      },
    ]),
  )
}

/** The `Retry-After` header of a 429, as the OpenAPI document describes it. */
const RETRY_AFTER_HEADER = {
  description: 'Secondi da attendere prima di riprovare',
  schema: { type: 'integer' as const, minimum: 1 },
}
