/**
 * The portal's single HTTP server: Next (Payload admin and CMS API), built
 * static assets and the Astro site, on one port, with the embedded services
 * started first when their variables are unset.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { getRequestListener } from '@hono/node-server'
import sirv from 'sirv'
import {
  CSP_REPORT_PATH,
  adminPolicy,
  commonSecurityHeaders,
  errorBody,
  exposureWarning,
  getEnv,
  getLogger,
  devToolAccess,
  isCrossOriginPost,
  isDevPath,
  isTlsRequest,
  LimitedRequest,
  nullByteError,
  nullByteInUrl,
  refuseOversizedBody,
  startConfiguredPostgres,
  trustedOrigins,
  type Env,
  type RunningPostgres,
} from '../modules/platform/index.ts'
import { API_BASE, createApi } from '../modules/api/index.ts'
import { it } from '../modules/i18n/index.ts'
import { servePersonalPageFromCache } from '../site/lib/personal-page.ts'
import { bootstrapCms, cmsReadiness } from '../modules/cms/index.ts'
import {
  CLIENT_IP_HEADER,
  enableViewerCache,
  ensureDemoPersonas,
  forgetViewers,
  testSignInProvider,
} from '../modules/accounts/index.ts'
import {
  ensureDemoSubscriptions,
  registerBillingLookup,
  startBillingStripe,
  startReconciliationSchedule,
  syncCatalogue,
  type BillingStripe,
} from '../modules/billing/index.ts'
import { hasContent, importPackage } from '../modules/importer/index.ts'
import {
  ensureDemoSiteContent,
  servePublicPageFromCache,
  startPageCacheSync,
  type PageCacheSync,
} from '../modules/site-content/index.ts'
import { ensureDemoStudioLinks, registerStudio } from '../modules/studio/index.ts'
import { getSearch, reindexAll } from '../modules/search/index.ts'
import { registerFavouritesLookup, sendNotificationDigests } from '../modules/feed/index.ts'
import { favouriteContractCodes, followersOfContracts } from '../modules/database/index.ts'
import {
  mailboxJson,
  outboxOverview,
  renderMailbox,
  startMailServices,
  type MailCatcher,
  type MailServices,
} from '../modules/mail/index.ts'
import type { OidcEmulator } from '../modules/oidc-emulator/index.ts'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

export type RunningServer = {
  url: string
  close: () => Promise<void>
}

const NEXT_PREFIXES = ['/admin', '/cms/api', '/_next', '/__nextjs']

function isNextPath(pathname: string): boolean {
  return NEXT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  res.end(text)
}

/** Methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** True for the REST API's paths. */
function isApiPath(pathname: string): boolean {
  return pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)
}

/** The connection's address; behind a configured proxy (TRUST_PROXY), the first X-Forwarded-For address. */
function clientAddress(env: Env, req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
  return env.TRUST_PROXY && first ? first : (req.socket.remoteAddress ?? '')
}

/** The REST API: its Hono app, with its own guards (modules/api/edge.ts), outside the site's page pipeline. */
function createApiListener(): Handler {
  const api = createApi({ version: packageVersion() })
  return getRequestListener((request, bindings) => api.fetch(request, bindings)) as Handler
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * Starts the portal. `database` is the embedded Postgres when the caller already
 * started it (start.ts does so while the server code loads); otherwise it is started here.
 */
export async function startServer(
  options: { database?: Promise<RunningPostgres | undefined> } = {},
): Promise<RunningServer> {
  const started = performance.now()
  const env = getEnv()
  const logger = getLogger()

  // The site's server code loads while the database starts and the services below wait on it.
  const astroEntry = pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href
  const astroLoading = import(astroEntry) as Promise<{
    handler: (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>
  }>
  // Awaited below; a failure before then is reported by the step that failed.
  astroLoading.catch(() => undefined)

  const postgres = await (options.database ?? startConfiguredPostgres())

  let server: http.Server | undefined
  let mail: MailServices | undefined
  let billing: BillingStripe | undefined
  let reconciliation: { stop: () => void } | undefined
  let pageCacheSync: PageCacheSync | undefined
  let testSignIn: OidcEmulator | undefined
  try {
    // Before the sign-in settings are first read: the portal's providers find it at their first use.
    testSignIn = await startTestSignIn(env, logger)
    const cms = await bootstrapCms({ logger })
    // Demo subscribers, one per kind of visitor (password Demo2026!).
    if (env.embedded) await ensureDemoPersonas({ logger })
    if (env.embedded && !(await hasContent(cms.payload))) {
      await loadDemoData(cms.payload, logger)
    }
    // Demo product and legal pages (only where none exist yet).
    if (env.embedded) {
      const created = await ensureDemoSiteContent(cms.payload)
      if (created.productPages + created.legalPages > 0)
        logger.info(created, 'Pagine dimostrative del sito create')
    }

    // The CMS's connection pool, which the services below share.
    const pool = (cms.payload.db as unknown as { pool: Pool }).pool
    // Three independent services, started together: the page-cache sync (a publish in any instance
    // empties the page cache of every instance), the mail outbox (in embedded mode also the SMTP
    // catcher) and billing (Stripe, or its emulator on loopback; the entitlements read the
    // webhook-fed mirror). Those that started are closed below should another fail.
    const [syncStart, mailStart, billingStart] = await Promise.allSettled([
      startPageCacheSync({ pool, logger }),
      startMailServices({ pool, logger }),
      startBillingStripe({ pool, logger }),
    ])
    if (syncStart.status === 'fulfilled') pageCacheSync = syncStart.value
    if (mailStart.status === 'fulfilled') mail = mailStart.value
    if (billingStart.status === 'fulfilled') billing = billingStart.value
    for (const started of [syncStart, mailStart, billingStart])
      if (started.status === 'rejected') throw started.reason
    if (!mail || !billing) throw new Error('Servizi di posta o di pagamento non avviati')
    const catcher = mail.catcher
    registerBillingLookup()
    // Studio: the owner of a secondary account (its access) and the owner's mail when the Studio ends or returns.
    registerStudio()
    // Who follows which contract: the favourite categories of the contract database, for the feed's
    // notifications and its favourites' news.
    registerFavouritesLookup({
      followersOfContracts,
      favouriteContractsOf: (userId) => favouriteContractCodes(userId),
    })
    if (env.embedded || billing.emulator) {
      const report = await syncCatalogue(billing.stripe)
      if (report.created.length > 0) logger.info({ created: report.created }, 'Catalogo Stripe aggiornato')
    }
    if (env.embedded) await ensureDemoSubscriptions({ pool, logger })
    if (env.embedded) await ensureDemoStudioLinks({ logger })
    reconciliation = startReconciliationSchedule({ pool, logger })
    const emulator = billing.emulator

    // Next (the admin) is loaded with the first request for it: readers never pay for its memory.
    type NextApp = {
      prepare: () => Promise<void>
      getRequestHandler: () => Handler
      close?: () => Promise<void>
    }
    let nextApp: NextApp | undefined
    let nextLoading: Promise<Handler> | undefined
    const nextHandler = (): Promise<Handler> =>
      (nextLoading ??= (async () => {
        const nextModule = await import('next')
        const createNext = nextModule.default as unknown as (options: {
          dir: string
          dev: boolean
          quiet: boolean
          customServer: boolean
        }) => NextApp
        const app = createNext({ dir: path.join(root, 'cms'), dev: false, quiet: true, customServer: true })
        await app.prepare()
        nextApp = app
        return app.getRequestHandler()
      })().catch((error: unknown) => {
        nextLoading = undefined
        throw error
      }))

    const { handler: astroHandler } = await astroLoading

    const clientDir = path.join(root, 'dist/client')
    const assets = sirv(clientDir, {
      dev: false,
      etag: true,
      gzip: true,
      brotli: true,
      setHeaders: (res, pathname) => {
        if (pathname.startsWith('/_astro/')) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable')
        } else {
          res.setHeader('cache-control', 'public, max-age=3600')
        }
      },
    })

    const cspReports = createCspReportLog(logger)
    const apiListener = createApiListener()
    // Sessions and subscriptions are reused for a few seconds; any request that may change them empties the cache.
    enableViewerCache()

    // The security headers of every answer, as name/value pairs, computed once for each kind of connection.
    const plainHeaders = Object.entries(commonSecurityHeaders({ tls: false })).flat()
    const tlsHeaders = Object.entries(commonSecurityHeaders({ tls: true })).flat()

    /**
     * /dev/*: the Stripe emulator's browser surface wherever the emulator runs
     * (the checkout needs it); in embedded mode only, and for this computer
     * only, the test tools: the mailbox, the test clock, the CSP violations and
     * the notification digest. False when nothing answers the path (a 404 page).
     */
    const devRoutes = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
      const method = req.method ?? 'GET'
      const request = {
        method,
        remoteAddress: req.socket.remoteAddress ?? '',
        headers: req.headers,
        ownOrigins: trustedOrigins(env),
      }
      if (emulator && pathname.startsWith(STRIPE_DEV_PREFIX) && pathname !== CLOCK_PATH) {
        if (isCrossOriginPost(request)) sendJson(res, 403, errorBody('forbidden', it.errors.crossOrigin))
        else await emulator.handleBrowser(req, res, (req.url ?? '/').slice(STRIPE_DEV_PREFIX.length - 1))
        return true
      }
      const access = devToolAccess(env.embedded, request)
      if (access === 'not-found') return false
      if (access !== 'allowed') {
        const message = access === 'not-local' ? it.errors.devToolsLocalOnly : it.errors.crossOrigin
        sendJson(res, 403, errorBody('forbidden', message))
        return true
      }
      if (pathname === CSP_VIOLATIONS_PATH && method === 'GET') {
        // The violations reported since start (the browser tests fail on any).
        sendJson(res, 200, { violations: cspReports.list() })
        return true
      }
      if (pathname === DIGEST_PATH && method === 'POST') {
        // Today's notification digest now, instead of at 07:00 (demos and browser tests).
        sendJson(res, 200, { mails: await sendNotificationDigests(pool) })
        return true
      }
      if (emulator && pathname === CLOCK_PATH && method === 'POST') {
        await advanceStripeClock(req, res, emulator)
        return true
      }
      if (catcher && MAILBOX_PATHS.has(pathname) && (method === 'GET' || method === 'HEAD')) {
        await serveMailbox(req, res, catcher, pool)
        return true
      }
      return false
    }

    const handle = async (
      req: IncomingMessage,
      res: ServerResponse,
      securityHeaders: readonly string[],
    ): Promise<void> => {
      const pathname = (req.url ?? '/').split('?')[0] ?? '/'
      for (let i = 0; i < securityHeaders.length; i += 2)
        res.setHeader(securityHeaders[i] as string, securityHeaders[i + 1] as string)
      // Before anything reads the request: a body over its route's limit is refused (413), and a NUL byte
      // in the address (400; the API checks its own input once it has refused anonymous callers).
      if (refuseOversizedBody(req, res)) return
      const nullByteField = isApiPath(pathname) ? undefined : nullByteInUrl(req.url ?? '/')
      if (nullByteField) {
        sendJson(res, 400, nullByteError(nullByteField))
        return
      }
      if (pathname === CSP_REPORT_PATH && req.method === 'POST') {
        await cspReports.receive(req, res)
        return
      }
      if (pathname === '/healthz') {
        sendJson(res, 200, { status: 'ok' })
        return
      }
      if (pathname === '/readyz') {
        const readiness = await cmsReadiness(cms.payload)
        sendJson(res, readiness.ready ? 200 : 503, readiness)
        return
      }
      if (isApiPath(pathname)) {
        await apiListener(req, res)
        return
      }
      if (isNextPath(pathname)) {
        // The editors' sign-in is throttled by client address (any value the client sent is replaced).
        req.headers[CLIENT_IP_HEADER] = clientAddress(env, req)
        res.setHeader('content-security-policy', adminPolicy())
        res.setHeader('x-frame-options', 'SAMEORIGIN')
        let admin: Handler
        try {
          admin = await nextHandler()
        } catch (error) {
          logger.error({ err: error }, 'Avvio dell’area di amministrazione non riuscito')
          sendJson(res, 503, {
            error: {
              code: 'unavailable',
              message: 'Area di amministrazione non disponibile: riprova tra qualche istante.',
            },
          })
          return
        }
        await admin(req, res)
        return
      }
      if (isDevPath(pathname) && (await devRoutes(req, res, pathname))) return
      if (
        (req.method === 'GET' || req.method === 'HEAD') &&
        !pathname.endsWith('/') &&
        path.extname(pathname) !== ''
      ) {
        const served = await new Promise<boolean>((resolve) => {
          assets(req, res, () => resolve(false))
          res.once('finish', () => resolve(true))
        })
        if (served) return
      }
      // A signed-in visitor's article from the cache of their access class, when it is there.
      if (await servePersonalPageFromCache(req, res)) return
      await astroHandler(req, res)
    }

    server = http.createServer({ IncomingMessage: LimitedRequest }, (req, res) => {
      const proto = req.headers['x-forwarded-proto']
      const securityHeaders = isTlsRequest(env, Array.isArray(proto) ? proto[0] : proto)
        ? tlsHeaders
        : plainHeaders
      // Pages the same for every anonymous visitor, straight from the cache the site fills, before anything else.
      if (servePublicPageFromCache(req, res, securityHeaders)) return
      const requestId = (req.headers['x-request-id'] as string | undefined) ?? randomUUID()
      req.headers['x-request-id'] = requestId
      res.setHeader('x-request-id', requestId)
      const begin = performance.now()
      if (!READ_METHODS.has(req.method ?? 'GET')) {
        // Before and after: a read made while this request runs may have remembered the old state.
        forgetViewers()
        res.once('close', forgetViewers)
      }
      res.once('finish', () => {
        logger.info(
          {
            requestId,
            method: req.method,
            path: (req.url ?? '/').split('?')[0],
            status: res.statusCode,
            durationMs: Math.round((performance.now() - begin) * 10) / 10,
          },
          'richiesta',
        )
      })
      handle(req, res, securityHeaders).catch((error: unknown) => {
        logger.error({ err: error, requestId }, 'Errore non gestito')
        if (!res.headersSent)
          sendJson(res, 500, {
            error: {
              code: 'internal',
              message: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
            },
          })
        else res.end()
      })
    })
    server.keepAliveTimeout = 65_000
    server.requestTimeout = 30_000

    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject)
      server?.listen(env.PORT, env.HOST, () => resolve())
    })
    logger.info({ ms: Math.round(performance.now() - started) }, 'Portale pronto')
    const exposure = exposureWarning(env)
    if (exposure) logger.warn({ host: env.HOST }, exposure)
    if (!env.embedded && emulator)
      logger.warn(
        'STRIPE_EMULATOR=1: i pagamenti sono simulati dall’emulatore Stripe (ambiente di prova); ' +
          'ogni pagina mostra la striscia «Modalità di prova»',
      )
    // The emulator's webhooks start once the endpoint answers.
    billing.emulator?.resumeDeliveries()

    const close = async () => {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve())
        server?.closeAllConnections()
      })
      await nextApp
        ?.close?.()
        .catch((error: unknown) => logger.warn({ err: error }, 'Chiusura di Next non riuscita'))
      reconciliation?.stop()
      await pageCacheSync?.close()
      await billing?.emulator?.close()
      await testSignIn?.stop()
      await mail?.close()
      await cms.close()
      await postgres?.stop()
    }
    return { url: env.publicUrl, close }
  } catch (error) {
    server?.close()
    reconciliation?.stop()
    await pageCacheSync?.close()
    await billing?.emulator?.close()
    await testSignIn?.stop()
    await mail?.close()
    await postgres?.stop()
    throw error
  }
}

/**
 * Embedded mode, Google or Facebook without keys: the local OpenID provider
 * that plays them ('Fornitore di prova', its consent page), on 127.0.0.1 at
 * EMBEDDED_OIDC_PORT, serving only this portal's callback addresses.
 */
async function startTestSignIn(env: Env, logger: Logger): Promise<OidcEmulator | undefined> {
  const provider = testSignInProvider(env, trustedOrigins(env))
  if (!provider) return undefined
  const { startOidcEmulator } = await import('../modules/oidc-emulator/index.ts')
  const port = Number(new URL(provider.issuer).port)
  const emulator = await startOidcEmulator({ port, clients: provider.clients }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    throw new Error(
      `La porta ${port} del fornitore di accesso di prova è occupata: indica un'altra porta con EMBEDDED_OIDC_PORT`,
      { cause: error },
    )
  })
  logger.info(
    { issuer: emulator.issuer, providers: provider.clients.map((client) => client.name) },
    'Accesso con Google e Facebook tramite il fornitore di prova locale',
  )
  return emulator
}

/** Embedded mode: the Content-Security-Policy violations reported since start, as JSON. */
const CSP_VIOLATIONS_PATH = '/dev/csp-report'
/** A report is a few hundred bytes; anything larger is cut off unread. */
const CSP_REPORT_MAX_BYTES = 16 * 1024
/** The most recent reports kept for /dev/csp-report. */
const CSP_REPORTS_KEPT = 200

type CspViolation = { documentUri: string; directive: string; blockedUri: string; sample: string }

/** Receives the browsers' violation reports: logged as warnings, the latest kept in memory. */
function createCspReportLog(logger: Logger) {
  const kept: CspViolation[] = []
  return {
    list: () => [...kept],
    async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
      let size = 0
      const chunks: Buffer[] = []
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > CSP_REPORT_MAX_BYTES) break
        chunks.push(chunk)
      }
      res.writeHead(204, { 'cache-control': 'no-store' })
      res.end()
      if (size > CSP_REPORT_MAX_BYTES) return
      let report: Record<string, unknown> = {}
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        report = (parsed['csp-report'] ?? parsed) as Record<string, unknown>
      } catch {
        // Not JSON: nothing a browser sends; ignored.
        return
      }
      const text = (key: string) => String(report[key] ?? '').slice(0, 300)
      const violation: CspViolation = {
        documentUri: text('document-uri'),
        directive: text('effective-directive') || text('violated-directive'),
        blockedUri: text('blocked-uri'),
        sample: text('script-sample'),
      }
      logger.warn({ violation }, 'Violazione della Content-Security-Policy')
      kept.push(violation)
      if (kept.length > CSP_REPORTS_KEPT) kept.shift()
    },
  }
}

/** Embedded mode: POST runs the daily notification digest at once. */
const DIGEST_PATH = '/dev/notifiche/riepilogo'

const STRIPE_DEV_PREFIX = '/dev/stripe/'

/** Embedded mode: the emulator's test clock, `POST /dev/stripe/advance?days=N`. */
const CLOCK_PATH = `${STRIPE_DEV_PREFIX}advance`

/** Moves the emulator's clock forward by `days` and waits until its webhooks are delivered. */
async function advanceStripeClock(
  req: IncomingMessage,
  res: ServerResponse,
  emulator: NonNullable<BillingStripe['emulator']>,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const days = Number(url.searchParams.get('days') ?? '')
  if (!Number.isFinite(days) || days <= 0 || days > 3660) {
    sendJson(res, 400, {
      error: {
        code: 'bad_request',
        message: 'Indica con days un numero di giorni tra 1 e 3660.',
        field: 'days',
      },
    })
    return
  }
  const { now } = await emulator.advance(days)
  await emulator.idle()
  sendJson(res, 200, { now: new Date(now * 1000).toISOString(), days })
}

const MAILBOX_PATHS = new Set(['/dev/posta', '/dev/posta/', '/dev/posta/messages.json'])

/** The embedded mailbox: the page at /dev/posta, the messages as JSON at /dev/posta/messages.json (`?to=` filters by recipient). */
async function serveMailbox(
  req: IncomingMessage,
  res: ServerResponse,
  catcher: MailCatcher,
  pool: Pool,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname.endsWith('.json')) {
    sendJson(res, 200, mailboxJson(catcher.messages(), { to: url.searchParams.get('to') ?? undefined }))
    return
  }
  const page = renderMailbox(catcher.messages(), await outboxOverview(pool))
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(page),
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
    // The page runs no script; the mails it shows are in sandboxed frames.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'none'",
  })
  res.end(page)
}

/** Loads the shipped demo data set into an empty embedded installation and indexes it for search. */
async function loadDemoData(payload: Payload, logger: Logger) {
  const begin = performance.now()
  logger.info('Carico i dati dimostrativi (solo al primo avvio)')
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload, trigger: 'startup' })
  if (report.error || report.totals.rejected > 0) {
    logger.warn(
      { error: report.error, rejected: report.totals.rejected },
      'Dati dimostrativi caricati con errori',
    )
  }
  await reindexAll(payload, await getSearch(payload))
  logger.info({ seconds: Math.round((performance.now() - begin) / 100) / 10 }, 'Dati dimostrativi pronti')
}

/** True when the production build exists. */
export function isBuilt(): boolean {
  return (
    existsSync(path.join(root, 'dist/server/entry.mjs')) && existsSync(path.join(root, 'cms/.next/BUILD_ID'))
  )
}
