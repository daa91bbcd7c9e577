/** How the contract database's operations are declared: the reader of a request, the input helpers, and one call that documents and registers an operation. */
import { createHash } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type createRouter, errorResponses, viewerOf, type ApiEnv } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { type ContractHit } from '../search/index.ts'
import type { Reader } from './access.ts'
import { contractOptions, type getCategory } from './catalog.ts'
import { isoDay } from './store.ts'

/** The reader of a request: identity from the session only, read once by the API (modules/http, readViewer). */
export function readerOf(c: Context<ApiEnv>): Reader {
  const { access } = viewerOf(c)
  return { user: access.user, entitlements: access.entitlements }
}

/** A contract search hit in the specification's shape. */
export function contractHit(hit: ContractHit, favourites: Set<number>) {
  return {
    codiceContratto: hit.contractCode,
    categoria: {
      codiceSettore: hit.sectorCode,
      codiceContratto: hit.contractCode,
      codiceCategoria: hit.categoryCode,
      descrizioneSettore: hit.sectorName,
      descrizioneContratto: hit.contractTitle,
      descrizioneCategoria: hit.categoryName,
      codiceCnel: hit.cnelCode ?? null,
    },
    isFavorite: favourites.has(hit.categoryCode),
  }
}

export const code = z.coerce.number().int().positive().max(2_147_483_647)
export const text = (max = 200) => z.string().trim().min(1).max(max)
export const anyJson = z.unknown()
export const ok = (description: string) => ({
  200: { description, content: { 'application/json': { schema: anyJson } } },
})

/** A route of the table below: its path, documentation and input schemas. */
export type Def<P, Q, B> = {
  method?: 'get' | 'post'
  path: string
  tag: string
  summary: string
  params?: P
  query?: Q
  body?: B
  /** Needs a signed-in caller: the API answers 401 to anonymous callers before validation. */
  account?: boolean
  errors?: (400 | 401 | 403 | 404)[]
}

/** What zod made of one part of the input; an empty object where the route takes none. */
export type Valid<S> = S extends z.ZodObject ? z.output<S> : Record<string, never>

/** A route's answer (a body for `c.json`, or a whole Response) from its validated input and its reader. */
export type Handler<P, Q, B> = (
  c: Context<ApiEnv>,
  input: { params: Valid<P>; query: Valid<Q>; body: Valid<B> },
  reader: Reader,
) => Promise<unknown>

export const dayParam = (value: string) => {
  const day = isoDay(value)
  if (!day) throw new AppError('bad_request', it.database.errors.badDate, { field: 'data' })
  return day
}

export const bodyOf = (category: Awaited<ReturnType<typeof getCategory>>) => ({
  codiceContratto: category.code,
  codiceCategoria: category.code,
  descrizione: category.name,
  codiceSettore: category.sectorCode,
  codiceContrattoNazionale: category.contractCode,
})

export const ContractOptionSchema = z
  .object({
    code: z.number().int().openapi({ example: 133 }),
    name: z.string().openapi({ example: 'CCNL Terziario, distribuzione e servizi – Confcommercio' }),
    sectorCode: z.number().int().openapi({ example: 11 }),
  })
  .openapi('OpzioneContratto')

/** GET /contratti/opzioni: the filters' contract list, public and cacheable for a minute (ETag, 304). */
export const contractOptionsRoute = () =>
  createRoute({
    method: 'get',
    path: '/contratti/opzioni',
    tags: ['Banca dati'],
    summary: 'Contratti in forma compatta per i filtri (codice, nome, settore)',
    description:
      'Tutti i contratti, o quelli del settore indicato, ordinati per titolo. Risposta pubblica: Cache-Control public, max-age=60 ed ETag (If-None-Match risponde 304).',
    request: {
      query: z.object({
        settore: z.coerce
          .number({ message: it.database.errors.badSector })
          .int({ message: it.database.errors.badSector })
          .positive({ message: it.database.errors.badSector })
          .max(2_147_483_647, { message: it.database.errors.badSector })
          .optional(),
      }),
    },
    responses: {
      200: {
        description: 'I contratti',
        content: { 'application/json': { schema: z.array(ContractOptionSchema) } },
      },
      304: { description: 'Non modificato (ETag invariato)' },
      ...errorResponses(400, 404),
    },
  })

/** Declares one operation from its definition and registers its handler, with the reader and the validated input. */
export function routeAdder(router: ReturnType<typeof createRouter>) {
  return <
    P extends z.ZodObject | undefined = undefined,
    Q extends z.ZodObject | undefined = undefined,
    B extends z.ZodObject | undefined = undefined,
  >(
    def: Def<P, Q, B>,
    handler: Handler<P, Q, B>,
  ) => {
    const route = createRoute({
      method: def.method ?? 'get',
      path: def.path,
      tags: [def.tag],
      summary: def.summary,
      request: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { query: def.query } : {}),
        ...(def.body
          ? { body: { content: { 'application/json': { schema: def.body } }, required: true } }
          : {}),
      },
      responses: {
        ...ok(def.summary),
        ...errorResponses(...(def.errors ?? [400, 404]), ...(def.account ? ([401] as const) : [])),
      },
    })
    router.openapi(route, (async (c: Context<ApiEnv>) => {
      // Validated by zod against the schemas of `def` above, so each part has their output type.
      const request = c.req as unknown as { valid: (target: 'param' | 'query' | 'json') => object }
      const input = {
        params: (def.params ? request.valid('param') : {}) as Valid<P>,
        query: (def.query ? request.valid('query') : {}) as Valid<Q>,
        body: (def.body ? request.valid('json') : {}) as Valid<B>,
      }
      const result = await handler(c, input, readerOf(c))
      if (result instanceof Response) return result
      c.header('cache-control', 'private, no-store')
      return c.json(result as object, 200)
    }) as never)
  }
}

/** The contracts of the filters (`GET /contratti/opzioni`): the same for every visitor, so any cache may keep it (ETag, 304). */
export function registerContractOptions(router: ReturnType<typeof createRouter>): void {
  router.openapi(contractOptionsRoute(), async (c) => {
    const options = await contractOptions(c.req.valid('query').settore)
    const etag = `"${createHash('sha1').update(JSON.stringify(options)).digest('base64url')}"`
    c.header('cache-control', 'public, max-age=60')
    c.header('etag', etag)
    c.header('vary', 'accept-encoding')
    const seen = (c.req.header('if-none-match') ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''))
    if (seen.includes(etag)) return c.body(null, 304)
    return c.json(options, 200)
  })
}
