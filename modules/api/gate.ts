/**
 * The guards every API request passes before its route: an anonymous caller
 * of an operation that is not public is refused (401) before anything reads
 * its input, then a NUL byte anywhere in the input is refused (400, naming
 * the field) before any route hands it to the database, and a search beyond
 * its address's limit is refused (429 with Retry-After) before it runs.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { it } from '../i18n/index.ts'
import {
  decodedComponent,
  errorBody,
  isCheckedBody,
  nullByteError,
  nullByteInBody,
  nullByteInParams,
  nullByteInPath,
} from '../platform/index.ts'
import { clientIpOf } from '../accounts/index.ts'
import { countSearch } from '../search/index.ts'
import { isPublicOperation } from './public-operations.ts'
import { isSearchOperation } from './search-operations.ts'
import type { ApiEnv } from '../http/index.ts'

/** The operation a request reached: `METHOD /api/v1/template`, and the parameter named by each path segment. */
type Operation = { key: string; paramNames: (string | undefined)[] }

/**
 * The operation of a request: the first route that matched it with a method
 * of its own (middleware matches every method), which is the one that answers.
 */
function operationOf(c: Context<ApiEnv>): Operation | undefined {
  const route = matchedRoutes(c).find((candidate) => candidate.method !== 'ALL')
  if (!route) return undefined
  const segments = route.path.split('/').slice(1)
  return {
    key: `${route.method} /${segments.map((segment) => segment.replace(/^:(\w+)$/, '{$1}')).join('/')}`,
    paramNames: segments.map((segment) => /^:(\w+)$/.exec(segment)?.[1]),
  }
}

/** The path parameters of a request by name, decoded. */
function pathParams(operation: Operation, pathname: string): Record<string, string> {
  const values = pathname.split('/').slice(1)
  const params: Record<string, string> = {}
  operation.paramNames.forEach((name, index) => {
    if (name) params[name] = decodedComponent(values[index] ?? '')
  })
  return params
}

/** 401 for an anonymous caller of an operation that is not public (public-operations.ts), before anything else. */
export const refuseAnonymous: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const operation = operationOf(c)
  if (operation && !isPublicOperation(operation.key, pathParams(operation, new URL(c.req.url).pathname))) {
    if (!c.get('viewer').session) {
      c.header('cache-control', 'no-store')
      return c.json(errorBody('unauthorized', it.accounts.notSignedIn), 401)
    }
  }
  await next()
  return undefined
}

/** 400 naming the path parameter, query parameter or body field that holds a NUL byte. */
export const refuseNullBytes: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const url = new URL(c.req.url)
  const paramNames = operationOf(c)?.paramNames ?? []
  const contentType = c.req.header('content-type')
  const field =
    nullByteInPath(url.pathname, (index) => paramNames[index] ?? it.errors.pathField) ??
    nullByteInParams(url.searchParams) ??
    // The body is read once here and kept by Hono for the route's own validation.
    (isCheckedBody(contentType) ? nullByteInBody(contentType, await c.req.text()) : undefined)
  if (field) return c.json(nullByteError(field), 400)
  await next()
  return undefined
}

/** Every search operation (search-operations.ts) counts against its caller's address: 429 beyond the limit. */
export const limitSearches: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const operation = operationOf(c)
  if (operation && isSearchOperation(operation.key)) await countSearch(clientIpOf(c.req.raw.headers))
  await next()
  return undefined
}
