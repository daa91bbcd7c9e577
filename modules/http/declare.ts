/**
 * The pieces every route declaration repeats (`createRoute` + `router.openapi`):
 * a JSON answer with its schema, a JSON request body, the plain "done" answer,
 * and a JSON answer already serialised, typed as the route's answer.
 */
import { z } from '@hono/zod-openapi'
import type { TypedResponse } from 'hono'
import type { JSONParsed } from 'hono/utils/types'

/** A documented JSON answer: its description and the zod schema of its body. */
export const jsonContent = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/** A required JSON request body validated by `schema` (read with `c.req.valid('json')`). */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

/** A documented file answer of `mediaType` (PDF, CSV, XLSX, an image). */
export const fileContent = <M extends string>(mediaType: M, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string().openapi({ format: 'binary' }) } } as Record<
    M,
    { schema: z.ZodString }
  >,
})

/** The answer of an operation that only says it was done. */
export const OkSchema = z.object({ ok: z.literal(true) }).openapi('Esito')

/**
 * A JSON answer serialised once and kept (a search answer read by many
 * callers), typed as `c.json(value)` of the `T` it was serialised from.
 */
export function serialisedJson<T>(body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  const answer = new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
  // The bytes are `JSON.stringify` of a `T`: what `c.json` would have sent.
  return answer as Response & TypedResponse<JSONParsed<T>, 200, 'json'>
}
