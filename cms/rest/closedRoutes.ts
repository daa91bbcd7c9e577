/**
 * Payload's REST answers for routes that do not exist for callers: a
 * collection whose REST API is closed (`payload-migrations`, 501 with the
 * internal address of the request) and a path Payload does not know (an
 * English 'Route not found'). Both become the portal's Italian 404, in
 * Payload's error shape, naming no host.
 */
import { it } from '../../modules/i18n/index.ts'

type RestHandler<Args> = (request: Request, args: Args) => Promise<Response>

function notFound(): Response {
  return Response.json(
    { errors: [{ message: it.errors.routeNotFound }] },
    { status: 404, headers: { 'cache-control': 'no-store' } },
  )
}

async function isUnknownRoute(response: Response): Promise<boolean> {
  if (response.status === 501) return true
  if (response.status !== 404 || !response.headers.get('content-type')?.includes('application/json'))
    return false
  const body = (await response.clone().json()) as { message?: unknown }
  return typeof body.message === 'string' && body.message.startsWith('Route not found')
}

/** The handler, with Payload's answers for unknown or closed routes replaced by an Italian 404. */
export function withClosedRoutesNotFound<Args>(handler: RestHandler<Args>): RestHandler<Args> {
  return async (request, args) => {
    const response = await handler(request, args)
    return (await isUnknownRoute(response)) ? notFound() : response
  }
}
