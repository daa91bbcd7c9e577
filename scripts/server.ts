/**
 * The portal's single HTTP server: Next (Payload admin and CMS API), built
 * static assets and the Astro site, on one port, with the embedded services
 * started first when their variables are unset.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { Registry } from 'prom-client'
import sirv from 'sirv'
import {
  CSP_REPORT_PATH,
  adminPolicy,
  clientAddressOf,
  commonSecurityHeaders,
  createCspReportLog,
  decodedComponent,
  errorBody,
  exposureWarning,
  getEnv,
  getLogger,
  isDevPath,
  isTlsRequest,
  isUploadedFilePath,
  LimitedRequest,
  nullByteError,
  nullByteInUrl,
  refuseOversizedBody,
  startConfiguredPostgres,
  type Env,
  uploadedFileHeaders,
  type RunningPostgres,
} from '../modules/platform/index.ts'
import { API_BASE, createApi } from '../modules/api/index.ts'
import { poolOf } from '../modules/cms/index.ts'
import { it } from '../modules/i18n/index.ts'
import {
  createMetrics,
  mayReadMetrics,
  METRICS_PATH,
  portalSources,
  type PortalMetrics,
} from '../modules/metrics/index.ts'
import { createAdminApp, isNextPath } from './admin-app.ts'
import { bootstrapCms, cmsReadiness } from '../cms/start.ts'
import { CLIENT_IP_HEADER, enableViewerCache, forgetViewers } from '../modules/accounts/index.ts'
import {
  getBillingStripe,
  onSubscriptionAccessChange,
  setSdiProvider,
  syncCatalogue,
} from '../modules/billing/index.ts'
import { pageCache, type CachedPage } from '../modules/site-content/index.ts'
import { mailOnStudioAccessChange } from '../modules/studio/index.ts'
import { startMailServices, type MailServices } from '../modules/mail/index.ts'
// Types only (erased): the test tools of dev/ are loaded below, dynamically, in embedded or emulator mode only.
import type { MailCatcher, OidcEmulator, StripeEmulator } from '../dev/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

export type RunningServer = {
  url: string
  close: () => Promise<void>
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

/** A page of the page cache, as it was answered when it was kept. */
function sendPage(res: ServerResponse, page: CachedPage): void {
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('x-cache', 'HIT')
  res.setHeader('content-length', page.body.byteLength)
  res.writeHead(page.status)
  res.end(page.body)
}

/** Methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** True for the REST API's paths. */
function isApiPath(pathname: string): boolean {
  return pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)
}

/** The client's address: the connection's, or behind configured proxies the one they vouch for (client-address.ts). */
function clientAddress(env: Env, req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for']
  const header = Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? null)
  return clientAddressOf(env.proxyTrust, header, req.socket.remoteAddress ?? '')
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
  // A literal path: the build bundles the site's server entry with this file (scripts/bundle-server.ts).
  const astroLoading = import('../dist/server/entry.mjs' as string) as Promise<{
    handler: (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>
  }>
  // Awaited below; a failure before then is reported by the step that failed.
  astroLoading.catch(() => undefined)

  const postgres = await (options.database ?? startConfiguredPostgres())

  let server: http.Server | undefined
  let mail: MailServices | undefined
  let catcher: MailCatcher | undefined
  let emulator: StripeEmulator | undefined
  let testSignIn: OidcEmulator | undefined
  let metrics: PortalMetrics | undefined
  let closeCms: (() => Promise<void>) | undefined
  // Embedded mode, or a staging deployment with STRIPE_EMULATOR=1: the test tools (never loaded otherwise).
  const dev = env.embedded || env.stripeEmulator ? await import('../dev/index.ts') : undefined
  try {
    // Before the sign-in settings are first read: the portal's providers find it at their first use.
    if (env.embedded) testSignIn = await dev?.startTestSignIn(env, logger)
    const cms = await bootstrapCms({ logger })
    closeCms = cms.close
    // Demo CMS accounts, subscribers (password Demo2026!), data set and site pages.
    if (env.embedded) await dev?.ensureDemoContent(cms.payload, logger, { dataDir: env.dataDir })

    // The CMS's connection pool, which the services below share.
    const pool = poolOf(cms.payload)
    // Independent services, started together (the CMS's start-up already relays the caches: a
    // publish or an import in any process empties the page cache and the shared data caches of
    // every instance): the mail outbox's sender and, without Stripe keys, the Stripe emulator on
    // loopback, handed to billing (the entitlements read the webhook-fed mirror). Those that started
    // are closed below should another fail. Embedded mode without SMTP_URL: the sender delivers to
    // the SMTP catcher of dev/ on loopback, whose mailbox is /dev/posta.
    if (env.embedded && !env.SMTP_URL && dev) {
      catcher = await dev.startMailCatcher({ port: 0, logger })
      logger.info({ smtpPort: catcher.port }, 'Posta di prova attiva: le e-mail si leggono su /dev/posta')
    }
    const [mailStart, emulatorStart] = await Promise.allSettled([
      startMailServices({
        pool,
        logger,
        localTransport: catcher && dev?.createCatcherTransport(catcher.port),
      }),
      env.stripeEmulator ? dev?.startEmulatedStripe({ env, pool, logger }) : undefined,
    ])
    if (mailStart.status === 'fulfilled') mail = mailStart.value
    if (emulatorStart.status === 'fulfilled') emulator = emulatorStart.value
    for (const started of [mailStart, emulatorStart]) if (started.status === 'rejected') throw started.reason
    if (!mail) throw new Error('Servizi di posta non avviati')
    // Billing tells, in the mirror's transaction, when an account's subscription access changes:
    // Studio management mails the owner whose linked accounts lost (or regained) it.
    onSubscriptionAccessChange('studio', mailOnStudioAccessChange)
    if (env.embedded || emulator) {
      const report = await syncCatalogue(getBillingStripe().stripe)
      if (report.created.length > 0) logger.info({ created: report.created }, 'Catalogo Stripe aggiornato')
    }
    if (env.embedded) await dev?.ensureDemoAccounts({ pool, logger })
    // The electronic invoices' intermediary (SDI_PROVIDER): the local one with the test payments.
    if (env.sdiProvider === 'locale' && dev) setSdiProvider(await dev.startLocalSdi({ pool }))
    else logger.warn('Nessun intermediario SDI (SDI_PROVIDER): le fatture elettroniche restano da inviare')

    // Next (the admin) is loaded with the first request for it: readers never pay for its memory.
    const adminApp = createAdminApp({ root, logger })

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

    const pages = pageCache()
    // The metrics on the process's one registry: requests observed below, the modules' figures read at each scrape.
    const portalMetrics = createMetrics({
      registry: new Registry(),
      sources: portalSources({ pool, payload: cms.payload, pageCache: () => pages.figures() }),
      logger,
    })
    metrics = portalMetrics
    const cspReports = createCspReportLog(logger)
    const apiListener = createApiListener()
    // Sessions and subscriptions are reused for a few seconds; any request that may change them empties the cache.
    enableViewerCache()

    // The security headers of every answer, as name/value pairs, computed once for each kind of connection.
    const plainHeaders = Object.entries(commonSecurityHeaders({ tls: false })).flat()
    const tlsHeaders = Object.entries(commonSecurityHeaders({ tls: true })).flat()

    // /dev/*: the test tools (embedded mode) and the emulator's browser surface.
    const devRoutes = dev?.createDevRoutes({
      env,
      pool,
      emulator,
      catcher,
      cspViolations: cspReports.list,
    })

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
      if (pathname === METRICS_PATH) {
        // This computer, or a scraper with METRICS_TOKEN; never another computer without it.
        const request = { remoteAddress: req.socket.remoteAddress ?? '', headers: req.headers }
        if (!mayReadMetrics(env.METRICS_TOKEN, request)) {
          sendJson(res, 403, errorBody('forbidden', it.errors.metricsForbidden))
          return
        }
        const text = await portalMetrics.text()
        res.writeHead(200, {
          'content-type': portalMetrics.contentType,
          'content-length': Buffer.byteLength(text),
          'cache-control': 'no-store',
        })
        res.end(text)
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
        // An uploaded file opened on its own runs no script (an SVG is downloaded); the admin gets its policy.
        const headers = isUploadedFilePath(pathname)
          ? uploadedFileHeaders(decodedComponent(pathname))
          : { 'content-security-policy': adminPolicy() }
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
        res.setHeader('x-frame-options', 'SAMEORIGIN')
        await adminApp.handle(req, res)
        return
      }
      if (devRoutes && isDevPath(pathname) && (await devRoutes(req, res, pathname))) return
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
      // A page every anonymous visitor shares, already kept: answered without the site's pipeline, whose
      // middleware has nothing to do for it (no session, no form, no redirect).
      const kept = req.method === 'GET' ? pages.anonymousPage(req.url ?? '/', req.headers.cookie) : undefined
      if (kept) {
        sendPage(res, kept)
        return
      }
      await astroHandler(req, res)
    }

    server = http.createServer({ IncomingMessage: LimitedRequest }, (req, res) => {
      const proto = req.headers['x-forwarded-proto']
      const securityHeaders = isTlsRequest(env, Array.isArray(proto) ? proto[0] : proto)
        ? tlsHeaders
        : plainHeaders
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
        const pathname = (req.url ?? '/').split('?')[0] ?? '/'
        const ms = performance.now() - begin
        portalMetrics.observeRequest(pathname, res.statusCode, ms / 1000)
        logger.info(
          {
            requestId,
            method: req.method,
            path: pathname,
            status: res.statusCode,
            durationMs: Math.round(ms * 10) / 10,
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
    emulator?.resumeDeliveries()

    const close = async () => {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve())
        server?.closeAllConnections()
      })
      await adminApp.close()
      metrics?.close()
      await emulator?.close()
      await testSignIn?.stop()
      await mail?.close()
      await catcher?.stop()
      await cms.close()
      await postgres?.stop()
    }
    return { url: env.publicUrl, close }
  } catch (error) {
    server?.close()
    metrics?.close()
    await emulator?.close()
    await testSignIn?.stop()
    await mail?.close()
    await catcher?.stop()
    await closeCms?.().catch((closing: unknown) =>
      logger.debug({ err: closing }, 'Chiusura del CMS dopo un avvio non riuscito'),
    )
    await postgres?.stop()
    throw error
  }
}
