/**
 * The test tools under /dev/*: the Stripe emulator's browser surface wherever
 * the emulator runs (the checkout needs it); in embedded mode only, and for
 * this computer only, the mailbox, the Stripe test clock, the CSP violations,
 * the notification digest, the jobs queue and the SDI transmissions' run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Pool } from 'pg'
import { runSdiTransmissions } from '../modules/billing/index.ts'
import { getCms } from '../modules/cms/index.ts'
import { sendNotificationDigests } from '../modules/feed/index.ts'
import { it } from '../modules/i18n/index.ts'
import { outboxOverview } from '../modules/mail/index.ts'
import { mailboxJson, renderMailbox, type MailCatcher } from './mail-catcher/index.ts'
import {
  devToolAccess,
  errorBody,
  getLogger,
  isCrossOriginPost,
  trustedOrigins,
  type CspViolation,
  type Env,
} from '../modules/platform/index.ts'
import type { StripeEmulator } from './stripe-emulator/index.ts'

/** Embedded mode: the Content-Security-Policy violations reported since start, as JSON. */
const CSP_VIOLATIONS_PATH = '/dev/csp-report'
/** Embedded mode: POST runs the daily notification digest at once. */
const DIGEST_PATH = '/dev/notifiche/riepilogo'
/** Embedded mode: POST runs the jobs waiting in the default queue at once (fan-out, renewal alerts). */
const JOBS_PATH = '/dev/lavori/esegui'
/** Embedded mode: POST sends the electronic invoices waiting and collects SDI's receipts at once. */
const SDI_PATH = '/dev/sdi/invia'
const STRIPE_DEV_PREFIX = '/dev/stripe/'
/** Embedded mode: the emulator's test clock, `POST /dev/stripe/advance?days=N`. */
const CLOCK_PATH = `${STRIPE_DEV_PREFIX}advance`
const MAILBOX_PATHS = new Set(['/dev/posta', '/dev/posta/', '/dev/posta/messages.json'])

export type DevRoutesOptions = {
  env: Env
  pool: Pool
  /** The Stripe emulator, when it runs. */
  emulator: StripeEmulator | undefined
  /** The embedded SMTP catcher, when it runs. */
  catcher: MailCatcher | undefined
  /** The CSP violations reported since start. */
  cspViolations: () => CspViolation[]
}

/** Answers a /dev/* request: false when nothing answers the path (the site's 404 page). */
export type DevRoutes = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  res.end(text)
}

export function createDevRoutes({
  env,
  pool,
  emulator,
  catcher,
  cspViolations,
}: DevRoutesOptions): DevRoutes {
  return async (req, res, pathname) => {
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
      sendJson(res, 200, { violations: cspViolations() })
      return true
    }
    if (pathname === DIGEST_PATH && method === 'POST') {
      // Today's notification digest now, instead of at 07:00 (demos and browser tests).
      sendJson(res, 200, { mails: await sendNotificationDigests(pool) })
      return true
    }
    if (pathname === JOBS_PATH && method === 'POST') {
      // The default queue now, instead of at the next minute (demos and browser tests).
      const result = await (await getCms()).jobs.run({ queue: 'default', limit: 50 })
      sendJson(res, 200, { jobs: Object.keys(result.jobStatus ?? {}).length })
      return true
    }
    if (pathname === SDI_PATH && method === 'POST') {
      // The SDI job's run now, instead of at the next minute (demos and browser tests).
      sendJson(res, 200, { report: await runSdiTransmissions({ logger: getLogger() }) })
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
}

/** Moves the emulator's clock forward by `days` and waits until its webhooks are delivered. */
async function advanceStripeClock(req: IncomingMessage, res: ServerResponse, emulator: StripeEmulator) {
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

/** The embedded mailbox: the page at /dev/posta, the messages as JSON at /dev/posta/messages.json (`?to=` filters by recipient). */
async function serveMailbox(req: IncomingMessage, res: ServerResponse, catcher: MailCatcher, pool: Pool) {
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
