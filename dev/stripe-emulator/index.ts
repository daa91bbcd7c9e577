/**
 * A Stripe-compatible emulator for development and tests: the portal's own
 * `stripe` SDK client talks to it on loopback when STRIPE_SECRET_KEY is unset.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import Stripe from 'stripe'
import { createDeliverer, httpDeliver, type Deliver } from './delivery.ts'
import { createEngine, type FailedPaymentOutcome } from './engine.ts'
import { createEmulatorHandler, createSerialQueue, listen } from './server.ts'
import { createMemoryStore, createPostgresStore, type EmulatorStore } from './store.ts'

export { signPayload, type Deliver } from './delivery.ts'
export { StripeApiError, API_VERSION, type FailedPaymentOutcome } from './engine.ts'
export { declines, testCardNumbers, testCards, type CardDecline, type TestCard } from './cards.ts'
export { createMemoryStore, createPostgresStore, emulatorSchema, type EmulatorStore } from './store.ts'

/** The publishable key: public by nature (the checkout page carries it), as Stripe's is. */
export const EMULATOR_PUBLISHABLE_KEY = 'pk_test_emulator'

export type StripeEmulatorOptions = {
  /** Persistence: the portal's Postgres (tables stripe_emulator_*), or memory when omitted. */
  pool?: Pool
  /** Where events go: the portal's webhook URL, or a function (tests). */
  webhook: string | Deliver
  /** The signing secret of the webhook endpoint; without it, one kept in the store (made once). */
  webhookSecret?: string
  /** Public base URL of the emulator's pages as the browser reaches them (the portal proxies /dev/stripe). */
  publicBase: string
  logger?: Logger
  /** Loopback port (0: any free port). */
  port?: number
  retryDays?: number[]
  failedPaymentOutcome?: FailedPaymentOutcome
  /** Webhook retry delays in ms. */
  backoffMs?: number[]
  /** Holds webhook deliveries until `resumeDeliveries` (the portal resumes them once it listens). */
  holdDeliveries?: boolean
}

export type StripeEmulator = {
  /** Options for `new Stripe(key, …)`: host, port and protocol of the emulator. */
  clientOptions: { host: string; port: number; protocol: 'http' }
  /** The secret key of this run, made at start and never stored: only the holder of this object can use the full API. */
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /**
   * Answers a browser's request, `path` relative to the emulator: what Stripe.js
   * may do with the publishable key (read and confirm the payment intent whose
   * client secret it holds), the 3-D Secure challenge and the invoice page and
   * PDF. The secret key is refused here, whatever its value.
   */
  handleBrowser: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>
  /** The test clock: moves time forward by days, renewing, charging, failing and cancelling as Stripe would. */
  advance: (days: number) => Promise<{ now: number }>
  /** The emulator's current time (seconds). */
  now: () => Promise<number>
  /** Waits until every recorded event has been delivered. */
  idle: () => Promise<void>
  /** Holds webhook deliveries (the events wait) until `resumeDeliveries`. */
  pauseDeliveries: () => void
  resumeDeliveries: () => void
  close: () => Promise<void>
}

/** A `stripe` SDK client of the emulator, with the secret key of its run. */
export function emulatorClient(emulator: StripeEmulator): Stripe {
  return new Stripe(emulator.secretKey, { ...emulator.clientOptions, maxNetworkRetries: 1, timeout: 20_000 })
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const store: EmulatorStore = options.pool ? await createPostgresStore(options.pool) : createMemoryStore()
  let webhookSecret = options.webhookSecret ?? (await store.getState<string>('webhook_secret'))
  if (!webhookSecret) {
    webhookSecret = `whsec_${randomBytes(24).toString('hex')}`
    await store.setState('webhook_secret', webhookSecret)
  }
  const engine = createEngine({
    store,
    publicBase: options.publicBase,
    retryDays: options.retryDays,
    failedPaymentOutcome: options.failedPaymentOutcome,
  })
  const deliverer = createDeliverer({
    store,
    secret: webhookSecret,
    deliver: typeof options.webhook === 'string' ? httpDeliver(options.webhook) : options.webhook,
    logger: options.logger,
    backoffMs: options.backoffMs,
  })
  const clock = createSerialQueue()
  const secretKey = `sk_test_${randomBytes(24).toString('hex')}`
  const surfaces = createEmulatorHandler({
    serial: clock,
    engine,
    store,
    secretKey,
    publishableKey: EMULATOR_PUBLISHABLE_KEY,
    publicBase: options.publicBase,
    afterOperation: () => {
      engine.takeEvents()
      deliverer.kick()
    },
  })
  const server = await listen(surfaces.sdk, options.port ?? 0)
  // Events left undelivered by an earlier run go out now (or once the caller resumes deliveries).
  if (options.holdDeliveries) deliverer.pause()
  else deliverer.kick()
  options.logger?.info({ port: server.port }, 'Emulatore Stripe in ascolto su 127.0.0.1')
  return {
    clientOptions: { host: '127.0.0.1', port: server.port, protocol: 'http' },
    secretKey,
    publishableKey: EMULATOR_PUBLISHABLE_KEY,
    webhookSecret,
    handleBrowser: (req, res, path) => surfaces.browser(req, res, path),
    advance: async (days) => {
      try {
        const now = await clock(() => engine.advance(days * 24 * 60 * 60))
        return { now }
      } finally {
        engine.takeEvents()
        deliverer.kick()
      }
    },
    now: () => engine.now(),
    idle: () => deliverer.idle(),
    pauseDeliveries: () => deliverer.pause(),
    resumeDeliveries: () => deliverer.resume(),
    close: async () => {
      deliverer.stop()
      await server.close()
    },
  }
}
