import { createRoute, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createApi } from './app.ts'
import { canonicalPath, staticSegments } from './case-insensitive.ts'
import { createRouter, validationError } from '../http/index.ts'

const api = createApi({ version: '1.2.3' })
const call = (path: string, init?: RequestInit) => api.fetch(new Request(`http://localhost${path}`, init))

describe('the API skeleton', () => {
  it('answers its status', async () => {
    const response = await call('/api/v1/status')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', version: '1.2.3' })
  })

  it('serves an OpenAPI 3.1 document listing its routes', async () => {
    const response = await call('/api/v1/openapi.json')
    expect(response.status).toBe(200)
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toContain('/api/v1/status')
  })

  it('knows the schema of each documented answer of its operations', () => {
    const status = api.answers.get('GET /api/v1/status')
    expect(
      status?.[200]?.safeParse({ status: 'ok', version: '1', time: new Date().toISOString() }).success,
    ).toBe(true)
    expect(status?.[503]?.safeParse({ error: { code: 'x', message: 'y' } }).success).toBe(true)
    expect(api.answers.size).toBeGreaterThan(100)
  })
  it('documents every JSON answer with a real schema: no part of any answer may be anything', async () => {
    const document = (await (await call('/api/v1/openapi.json')).json()) as OpenApiDocument
    const vague: string[] = []
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema
          if (schema) vague.push(...vagueParts(schema, document, `${method.toUpperCase()} ${path} ${status}`))
        }
      }
    }
    expect(vague).toEqual([])
  })

  it('answers unknown routes with 404 in the error shape, in Italian', async () => {
    const response = await call('/api/v1/non-esiste')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'Il percorso richiesto non esiste.' },
    })
  })

  it('matches fixed segments regardless of case', async () => {
    expect((await call('/api/v1/STATUS')).status).toBe(200)
  })
})

describe('the edge guards', () => {
  const crossSite = {
    method: 'POST',
    headers: { origin: 'https://altro-sito.example', 'content-type': 'application/json' },
    body: '{}',
  }
  it('refuses a write from another site’s page with 403 in Italian, before the route', async () => {
    const response = await call('/api/v1/contacts/create-hs-contact', crossSite)
    expect(response.status).toBe(403)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden')
  })
  it('gives every answer, errors included, the policy of an answer that is not a page', async () => {
    for (const response of [
      await call('/api/v1/status'),
      await call('/api/v1/non-esiste'),
      await call('/api/v1/contacts/create-hs-contact', crossSite),
    ])
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
  })
})

describe('input validation', () => {
  const route = createRoute({
    method: 'post',
    path: '/echo/{code}',
    request: {
      params: z.object({ code: z.coerce.number().int().positive() }),
      body: {
        content: { 'application/json': { schema: z.object({ email: z.email(), nome: z.string().min(1) }) } },
      },
    },
    responses: { 200: { description: 'ok' } },
  })
  const app = createRouter().openapi(route, (c) => c.json({ ok: true }, 200))

  it('answers malformed input with 400 naming the field in Italian', async () => {
    const response = await app.request('/echo/5', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'non-una-mail', nome: 'Anna' }),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; message: string; field: string } }
    expect(body.error.code).toBe('bad_request')
    expect(body.error.field).toBe('email')
    expect(body.error.message).toMatch(/^Il campo «email» non è valido: /)
    expect(body.error.message).not.toMatch(/Invalid/)
  })

  it('names a bad path parameter', async () => {
    const response = await app.request('/echo/-3', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.it', nome: 'Anna' }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('code')
  })

  it('describes an empty issue list as generic invalid input', () => {
    expect(validationError({ issues: [] } as never)).toEqual({
      error: { code: 'bad_request', message: 'I dati inviati non sono validi.' },
    })
  })
})

describe('case-insensitive paths', () => {
  const segments = staticSegments(['/api/v1/tabelleretributive/byCategoria/:cod/decorrenza/:data'])
  it('restores the canonical spelling of fixed segments and keeps parameters', () => {
    expect(canonicalPath('/api/v1/tabelleretributive/bycategoria/AbC/DECORRENZA/01-11-2025', segments)).toBe(
      '/api/v1/tabelleretributive/byCategoria/AbC/decorrenza/01-11-2025',
    )
  })
})

type JsonSchema = { [key: string]: unknown }
type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >
  components?: { schemas?: Record<string, JsonSchema> }
}

/** The places of `schema` that accept anything (`{}`: how an unknown value or an empty passthrough object is documented). */
function vagueParts(
  schema: JsonSchema,
  document: OpenApiDocument,
  where: string,
  seen = new Set<string>(),
): string[] {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : null
  if (ref) {
    if (seen.has(ref)) return []
    const name = ref.replace('#/components/schemas/', '')
    const target = document.components?.schemas?.[name]
    return target
      ? vagueParts(target, document, `${where} ${name}`, new Set([...seen, ref]))
      : [`${where}: ${ref} mancante`]
  }
  const shaped = ['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((key) => key in schema)
  if (!shaped) return [`${where}: qualsiasi valore`]
  const parts: JsonSchema[] = []
  for (const key of ['anyOf', 'oneOf', 'prefixItems'] as const) {
    if (Array.isArray(schema[key])) parts.push(...(schema[key] as JsonSchema[]))
  }
  // In `allOf`, a part may only annotate the others (a description beside a $ref).
  if (Array.isArray(schema.allOf))
    parts.push(...(schema.allOf as JsonSchema[]).filter((part) => !isAnnotation(part)))
  if (schema.items && typeof schema.items === 'object') parts.push(schema.items as JsonSchema)
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    parts.push(schema.additionalProperties as JsonSchema)
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  if (schema.type === 'object' && Object.keys(properties).length === 0 && !schema.additionalProperties)
    return [`${where}: oggetto senza campi`]
  return [
    ...parts.flatMap((part) => vagueParts(part, document, where, seen)),
    ...Object.entries(properties).flatMap(([name, part]) =>
      vagueParts(part, document, `${where}.${name}`, seen),
    ),
  ]
}

/** A part that only describes (description, example, format) and constrains nothing. */
function isAnnotation(part: JsonSchema): boolean {
  return Object.keys(part).every((key) =>
    ['description', 'example', 'examples', 'format', 'title'].includes(key),
  )
}
