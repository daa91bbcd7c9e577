/**
 * The documented answers of every operation, read from the routes' own
 * definitions: for each status in a route's `responses`, the zod schema of its
 * JSON body (null when the answer is not JSON: a file, a redirect, 304).
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { ZodType } from 'zod'

/** `METHOD /api/v1/template` → status → schema of the JSON body, or null for an answer that is not JSON. */
export type DocumentedAnswers = ReadonlyMap<string, Readonly<Record<number, ZodType | null>>>

type Content = Record<string, { schema?: unknown } | undefined>

/** The answers of the routes of `app`, mounted at `base`. */
export function documentedAnswers(
  app: Pick<OpenAPIHono, 'openAPIRegistry'>,
  base: string,
): DocumentedAnswers {
  const answers = new Map<string, Record<number, ZodType | null>>()
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue
    const { method, path, responses } = definition.route
    const statuses: Record<number, ZodType | null> = {}
    for (const [status, response] of Object.entries(responses)) {
      const content = (response as { content?: Content }).content
      const schema = content?.['application/json']?.schema
      statuses[Number(status)] =
        schema && typeof schema === 'object' && 'safeParse' in schema ? (schema as ZodType) : null
    }
    answers.set(`${method.toUpperCase()} ${base}${path}`, statuses)
  }
  return answers
}
