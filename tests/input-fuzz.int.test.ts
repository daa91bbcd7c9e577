/**
 * Input fuzzing of the whole REST API: for every operation of the OpenAPI
 * document (so a new route is fuzzed as soon as it exists), fast-check
 * generates junk for each of its inputs as the document declares them (path
 * and query parameters, the JSON body's fields): wrong types, huge strings,
 * unicode, SQL and HTML fragments, path traversal, negative and enormous
 * numbers, malformed dates, codice fiscale and partita IVA near-misses. The
 * calls are made as a signed-in Professional subscriber, so they get past the
 * access gates to the validation. No answer may be a 500 or carry a stack
 * trace, and every 400 names the bad field in Italian.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAS, startPortal, type Portal } from './portal.ts'

/** Cases per operation: enough to meet each kind of junk, bounded so the whole file runs in a few minutes. */
const RUNS_PER_ROUTE = 24

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  items?: Schema
  enum?: unknown[]
  $ref?: string
  anyOf?: Schema[]
  oneOf?: Schema[]
}
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: Schema }> }
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

/** Codici fiscali and partite IVA one character or one check digit away from valid ones. */
const taxIdNearMisses = [
  'RSSMRA80A01H501V', // wrong check character
  'RSSMRA80A01H501', // one short
  'RSSMRA80A01H501UU',
  'rssmra80a01h50lu', // a letter where a digit goes
  'RSSMRA80Z41H501U', // impossible month
  '12345678901', // P.IVA with a bad check digit
  '1234567890',
  '00000000000',
  'IT0123456789',
  '0123456789A',
]

const junkStrings: fc.Arbitrary<string>[] = [
  fc.constantFrom(
    '',
    ' ',
    "' OR '1'='1",
    '1; DROP TABLE auth_users; --',
    '" UNION SELECT password FROM auth_users --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '../../../../etc/passwd',
    '..%2f..%2f..%2fetc%2fpasswd',
    '%00',
    '\u0000',
    '\uD800',
    '﷽'.repeat(50),
    '👩‍👩‍👧‍👦'.repeat(30),
    'Ṁāřïā Çøñtè',
    '2026-02-30',
    '31/13/2026',
    '9999-99-99T99:99:99Z',
    '-1',
    '1e309',
    'NaN',
    '__proto__',
    'constructor',
    '{"$ne":null}',
    ...taxIdNearMisses,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 5_000, max: 70_000 }).map((size) => 'a'.repeat(size)),
]

const junkNumbers = fc.oneof(
  fc.constantFrom(-1, 0, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** Any JSON value of a type a field did not ask for, or a hostile one of the right type. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.oneof(...junkStrings) },
  { weight: 2, arbitrary: junkNumbers },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(...junkStrings), { maxLength: 3 }) },
)

/** Text for a path segment or a query value (numbers and strings alike, as the URL carries them). */
const junkText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.oneof(...junkStrings) },
  { weight: 2, arbitrary: junkNumbers.map(String) },
)

function resolve(schema: Schema | undefined, document: OpenApi): Schema | undefined {
  if (!schema?.$ref) return schema
  const name = schema.$ref.split('/').pop() ?? ''
  return document.components?.schemas?.[name]
}

/** The property names a JSON body declares (the union of its alternatives). */
function bodyFields(schema: Schema | undefined, document: OpenApi): string[] {
  const resolved = resolve(schema, document)
  if (!resolved) return []
  const alternatives = resolved.anyOf ?? resolved.oneOf
  if (alternatives) return [...new Set(alternatives.flatMap((option) => bodyFields(option, document)))]
  return Object.keys(resolved.properties ?? {})
}

/** One generated request: the path with its parameters filled, the query, and the body (or raw text). */
type Case = { path: string; body?: string; contentType?: string }

function caseArbitrary(template: string, operation: Operation, document: OpenApi): fc.Arbitrary<Case> {
  const parameters = operation.parameters ?? []
  const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((p) => p.name)
  const queryNames = parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name)
  const content = operation.requestBody?.content ?? {}
  const jsonSchema = content['application/json']?.schema
  const fields = bodyFields(jsonSchema, document)
  const multipart = 'multipart/form-data' in content

  const pathValues = fc.record(Object.fromEntries(pathNames.map((name) => [name, junkText])))
  const queryValues = fc.dictionary(fc.constantFrom('', ...queryNames), junkText, {
    maxKeys: queryNames.length,
  })
  const jsonBody: fc.Arbitrary<Pick<Case, 'body' | 'contentType'>> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((name) => [name, junkValue])), { requiredKeys: [] })
        .map((body) => ({ body: JSON.stringify(body), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: junkValue.map((body) => ({ body: JSON.stringify(body), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(...junkStrings).map((body) => ({ body, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.oneof(...junkStrings).map((body) => ({ body, contentType: 'text/plain' })) },
  )
  const multipartBody = fc.oneof(...junkStrings).map((text) => ({
    body: `--x\r\nContent-Disposition: form-data; name="file"; filename="${text.slice(0, 100)}"\r\nContent-Type: image/png\r\n\r\n${text}\r\n--x--\r\n`,
    contentType: 'multipart/form-data; boundary=x',
  }))
  const body = fields.length > 0 || jsonSchema ? jsonBody : multipart ? multipartBody : fc.constant({})

  return fc.tuple(pathValues, queryValues, body).map(([params, query, payload]) => {
    const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(String(params[name] ?? '')),
    )
    const search = new URLSearchParams(Object.entries(query).filter(([name]) => name !== '')).toString()
    return { path: search ? `${filled}?${search}` : filled, ...payload }
  })
}

/** Markers of an internal error leaking out: stack frames, source paths, driver and engine messages. */
const LEAK =
  /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|ZodError|TypeError|ReferenceError|SyntaxError: |duplicate key|violates|relation "|column "|syntax error at|invalid input syntax/

/** Words of zod's English messages and of raw framework errors, never shown to our users. */
const ENGLISH =
  /\b(Invalid|Expected|Required|must be|Unexpected|Unrecognized|received|too (big|small)|Bad Request)\b/

/** The one 400 about the body as a whole rather than a field: it is not JSON at all. */
const INVALID_JSON = 'Il corpo della richiesta non è un JSON valido.'

let portal: Portal
let document: OpenApi
let cookie: string

beforeAll(async () => {
  portal = await startPortal()
  document = (await (await portal.fetch('/api/v1/openapi.json')).json()) as OpenApi
  cookie = await portal.signIn(PERSONAS.professional)
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

describe('every API operation withstands junk input', () => {
  it('covers the whole OpenAPI document', () => {
    expect(Object.keys(document.paths).length).toBeGreaterThan(100)
  })

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    )

  it(
    'answers no 500, leaks no stack trace and names every bad field in Italian',
    async () => {
      const failures: string[] = []
      let calls = 0
      for (const { path, method, operation } of operations()) {
        await fc.assert(
          fc.asyncProperty(caseArbitrary(path, operation, document), async (generated) => {
            calls += 1
            const headers: Record<string, string> = {}
            if (generated.contentType) headers['content-type'] = generated.contentType
            const response = await portal.fetch(generated.path, {
              method,
              cookie,
              headers,
              body: method === 'GET' || method === 'HEAD' ? undefined : generated.body,
            })
            const text = await response.text()
            const where = `${method} ${generated.path.slice(0, 160)} -> ${response.status}`
            if (response.status >= 500 && response.status !== 503)
              failures.push(`${where}: ${text.slice(0, 200)}`)
            if (LEAK.test(text))
              failures.push(`${where}: traccia interna nella risposta: ${text.slice(0, 200)}`)
            if (response.status === 400) {
              const body = JSON.parse(text) as { error?: { message?: string; field?: string } }
              const message = body.error?.message ?? ''
              const field = body.error?.field
              if (!message || ENGLISH.test(message))
                failures.push(`${where}: messaggio non in italiano: ${message}`)
              // The field is named in `error.field`; the generic message names it too (the specification's own
              // messages, such as the search box's, are kept word for word).
              if (!field && message !== INVALID_JSON)
                failures.push(`${where}: nessun campo indicato: ${message}`)
              const named = /^Il campo «([^»]+)»/.exec(message)?.[1]
              if (named !== undefined && named !== field)
                failures.push(`${where}: il messaggio nomina «${named}», il campo è ${field}`)
            }
            return true
          }),
          { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
        )
      }
      expect(calls).toBeGreaterThan(RUNS_PER_ROUTE * 100)
      expect(failures.slice(0, 30)).toEqual([])
    },
    15 * 60_000,
  )
})
