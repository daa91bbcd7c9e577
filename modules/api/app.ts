import { HTTPException } from 'hono/http-exception'
import { it } from '../i18n/index.ts'
import { errorBody, errorHeaders, getLogger, isAppError, isDatabaseUnavailable } from '../platform/index.ts'
import { canonicalPath, staticSegments } from './case-insensitive.ts'
import { documentedAnswers } from './answers.ts'
import { recordClientAddress, requestIdOf, securedEdge } from './edge.ts'
import { limitSearches, refuseAnonymous, refuseNullBytes } from './gate.ts'
import { createRouter, readViewer } from '../http/index.ts'
import { statusRoutes } from './status.ts'
import { accountRoutes } from '../accounts/routes.ts'
import { signupRoutes } from '../signup/routes.ts'
import { contactRoutes } from '../contacts/routes.ts'
import { feedRoutes } from '../feed/routes.ts'
import { billingRoutes } from '../billing/routes.ts'
import { atecoRoutes } from '../ateco/routes.ts'
import { databaseRoutes } from '../ccnl/routes.ts'
import { getCms } from '../cms/index.ts'
import { labourCostRoutes } from '../labour-cost/routes.ts'
import { siteContentRoutes } from '../site-content/routes.ts'
import { supportRoutes } from '../support/routes.ts'
import { studioRoutes } from '../studio/routes.ts'
import { erasureRoutes } from '../erasure/routes.ts'
import { privacyRoutes } from '../privacy/routes.ts'

export const API_BASE = '/api/v1'

export type ApiOptions = { version: string }

/** Builds the REST API mounted at /api/v1, with its OpenAPI document. */
export function createApi(options: ApiOptions) {
  const api = createRouter().basePath(API_BASE)

  api.use('*', requestIdOf)
  api.use('*', recordClientAddress)
  api.use('*', securedEdge)
  api.use('*', readViewer)
  // Before any route reads its input: anonymous callers of what is not public, then NUL bytes, then
  // a search beyond its address's limit.
  api.use('*', refuseAnonymous)
  api.use('*', refuseNullBytes)
  api.use('*', limitSearches)

  api.route('/', statusRoutes(options.version))
  api.route('/', accountRoutes())
  api.route('/', signupRoutes())
  api.route('/', contactRoutes())
  api.route('/', feedRoutes())
  api.route('/', billingRoutes())
  api.route('/', databaseRoutes())
  api.route('/', labourCostRoutes({ cms: getCms }))
  api.route('/', atecoRoutes())
  api.route('/', siteContentRoutes())
  api.route('/', supportRoutes())
  api.route('/', studioRoutes())
  api.route('/', erasureRoutes())
  api.route('/', privacyRoutes())

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'API Banca Dati CCNL',
      version: options.version,
      description:
        'API REST del portale: catalogo, abbonamenti, banca dati dei contratti collettivi, quotidiano e notifiche. Tutti i messaggi di errore sono in italiano nella forma { "error": { "code", "message" } }.',
    },
    servers: [{ url: '/' }],
  })

  api.notFound((c) => c.json(errorBody('not_found', it.errors.routeNotFound), 404))

  api.onError((error, c) => {
    if (isAppError(error)) {
      return c.json(errorBody(error.code, error.message, error.field), error.status, errorHeaders(error))
    }
    if (error instanceof HTTPException) {
      const status = error.status
      if (status === 400) return c.json(errorBody('bad_request', it.errors.invalidJson), 400)
      if (status === 415) {
        return c.json(errorBody('unsupported_media_type', it.errors.unsupportedMediaType), 415)
      }
      return c.json(errorBody('http_error', error.message || it.errors.internal), status)
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, restarting or too slow: the caller may retry; no stack trace, no 500.
      getLogger().warn({ err: error, requestId: c.get('requestId') }, 'Database non raggiungibile')
      c.header('retry-after', '5')
      return c.json(errorBody('service_unavailable', it.errors.unavailable), 503)
    }
    getLogger().error({ err: error, requestId: c.get('requestId') }, 'Errore non gestito nella API')
    return c.json(errorBody('internal', it.errors.internal), 500)
  })

  const segments = staticSegments(api.routes.map((route) => route.path))

  return {
    /** Answers one request; API paths match case-insensitively on their fixed segments, with or without a trailing slash. */
    fetch(request: Request, env?: unknown): Response | Promise<Response> {
      const url = new URL(request.url)
      // The specification spells some paths with a trailing slash (`user/{uid}/uploadprofilepicture/`).
      const trimmed = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
      const path = canonicalPath(trimmed, segments)
      if (path !== url.pathname) {
        url.pathname = path
        return api.fetch(new Request(url, request), env)
      }
      return api.fetch(request, env)
    },
    /** The OpenAPI routes, for tests and documentation. */
    routes: api.routes,
    /** Each operation's documented answers with their schemas (the answers test checks every call against them). */
    answers: documentedAnswers(api, API_BASE),
  }
}

export type Api = ReturnType<typeof createApi>

/*
 * Each module's routes as the islands' typed client (`hono/client`,
 * site/islands/api-client.ts) sees them, relative to /api/v1: types only,
 * declared here where the routes are mounted, so that no module's index
 * depends on its own routes (and through them on the modules they call).
 */
/** The account calls: profile, password and e-mail changes, the address confirmation. */
export type AccountsApi = ReturnType<typeof accountRoutes>
/** The trial sign-up and the completion of a Google or Facebook sign-up. */
export type SignupApi = ReturnType<typeof signupRoutes>
/** The billing calls: figures, customer, subscription, cards. */
export type BillingApi = ReturnType<typeof billingRoutes>
/** The feed's calls: news, favourites' news, notifications, the e-mail subscription. */
export type FeedApi = ReturnType<typeof feedRoutes>
/** The Studio calls: linked accounts, invitations. */
export type StudioApi = ReturnType<typeof studioRoutes>
/** The contract database's calls. */
export type CcnlApi = ReturnType<typeof databaseRoutes>
/** «Che contratto applico?»: the finder's call. */
export type AtecoApi = ReturnType<typeof atecoRoutes>
/** Deleting the account: the form's facts, the mailed code, the deletion. */
export type ErasureApi = ReturnType<typeof erasureRoutes>
/** The help-centre reports and their captcha. */
export type SupportApi = ReturnType<typeof supportRoutes>
/** The personal data export. */
export type PrivacyApi = ReturnType<typeof privacyRoutes>
