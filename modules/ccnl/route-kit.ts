/** What the contract database's routes share: the reader of a request, the input pieces, and the declaration of a personal answer. */
import { createRoute, z, type RouteConfig } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { errorResponses, jsonContent, viewerOf, type ApiEnv } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { type ContractHit } from '../search/index.ts'
import type { Reader } from './access.ts'
import { type getCategory } from './catalog.ts'
import { isoDay } from './store.ts'

/** The reader of a request: identity from the session only, read once by the API (modules/http, readViewer). */
export function readerOf(c: Context<ApiEnv>): Reader {
  const { access } = viewerOf(c)
  return { user: access.user, entitlements: access.entitlements }
}

/** The signed-in reader's id (the gate refused anonymous callers of the routes that use it). */
export const userIdOf = (c: Context<ApiEnv>): string => viewerOf(c).access.user?.id ?? ''

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

/** The path's `gg-mm-aaaa` or `aaaa-mm-gg` day (400 otherwise). */
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

/** The answer of a contract database call is the reader's own: no shared cache keeps it. */
const privateAnswer: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.header('cache-control', 'private, no-store')
  await next()
}

/**
 * Declares one operation of the contract database (`createRoute`), its answers personal ('private, no-store').
 * `before` runs ahead of the request's validation: an access check that must refuse before a body is read.
 */
export function databaseRoute<
  P extends string,
  R extends Omit<RouteConfig, 'path' | 'middleware'> & { path: P },
>(route: R, before: MiddlewareHandler<ApiEnv>[] = []) {
  return createRoute({ ...route, middleware: [privateAnswer, ...before] })
}

/** Declares the reading operations of one OpenAPI tag: `read(path, summary, request, answers)`. */
export const readOperations =
  (tags: string[]) =>
  <P extends string, Q extends NonNullable<RouteConfig['request']>, A extends RouteConfig['responses']>(
    path: P,
    summary: string,
    request: Q,
    responses: A,
  ) =>
    databaseRoute({ method: 'get', path, tags, summary, request, responses })

/** The answers of an operation: `schema` for 200, then the documented errors. */
export const answers = <S extends z.ZodType>(
  schema: S,
  description: string,
  ...errors: (400 | 401 | 403 | 404 | 429)[]
) => ({ 200: jsonContent(schema, description), ...errorResponses(...errors) })

/** A file answer (CSV, XLSX, PDF) kept by no cache, with its name. */
export function fileAnswer(content: BodyInit, type: string, disposition: string): Response {
  return new Response(content, {
    headers: {
      'content-type': type,
      'content-disposition': disposition,
      'cache-control': 'private, no-store',
    },
  })
}
