/**
 * The portal's Stripe client, one per process (kept on the global object so
 * the server entry and the site bundle share it): real Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the project's emulator on loopback,
 * through the same SDK.
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import Stripe from 'stripe'
import { it } from '../i18n/index.ts'
import { AppError, getEnv, selfUrl } from '../platform/index.ts'
import type { StripeEmulator } from '../stripe-emulator/index.ts'

export type BillingStripe = {
  stripe: Stripe
  /** The webhook endpoint's signing secret. */
  webhookSecret: string
  /** What the browser uses to confirm payments (Stripe.js, or the emulator's test card form). */
  publishableKey: string
  /** The emulator, when there is no Stripe account. */
  emulator: StripeEmulator | null
}

const KEY = Symbol.for('bancadati.billing.stripe')
type Store = { [KEY]?: BillingStripe }

export const WEBHOOK_PATH = '/api/v1/stripe/webhook'

/** Uses this client (server start-up, tests). */
export function setBillingStripe(runtime: BillingStripe | undefined): void {
  ;(globalThis as Store)[KEY] = runtime
}

/** The client in use; with Stripe keys it is made on first use, without them `startBillingStripe` must have run. */
export function getBillingStripe(): BillingStripe {
  const store = globalThis as Store
  const current = store[KEY]
  if (current) return current
  const env = getEnv()
  if (!env.STRIPE_SECRET_KEY) {
    throw new Error(
      'Stripe non configurato: avviare startBillingStripe (emulatore) prima di usare la fatturazione',
    )
  }
  const runtime: BillingStripe = {
    // Stripe's default waits 80 s: a checkout may not hang that long when Stripe does not answer.
    stripe: new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 20_000 }),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    publishableKey: env.PUBLIC_STRIPE_PUBLISHABLE_KEY ?? '',
    emulator: null,
  }
  store[KEY] = runtime
  return runtime
}

/**
 * Runs one step of the checkout (billing data, subscription). Stripe failing
 * or unreachable there is the checkout's payment-failed error (503: the buyer
 * may retry); refusals the step decides itself (AppError) pass unchanged.
 */
export async function checkoutStep<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError('unavailable', it.billing.errors.paymentFailed, { cause: error })
    throw error
  }
}

/** A Stripe client for the emulator. */
export function emulatorClient(emulator: StripeEmulator): Stripe {
  return new Stripe(emulator.secretKey, { ...emulator.clientOptions, maxNetworkRetries: 1, timeout: 20_000 })
}

/**
 * Starts the billing side's Stripe: real Stripe with keys; otherwise (embedded
 * mode, or STRIPE_EMULATOR=1, which the settings require in production mode)
 * the emulator, its state in the portal's Postgres, its webhooks sent to this
 * portal's endpoint. The emulator's secret key is made at its start and lives
 * only in this process's client.
 */
export async function startBillingStripe(options: {
  pool: Pool
  logger: Logger
  /** Where the emulator sends its events (default: this portal's webhook endpoint on loopback). */
  webhookUrl?: string
}): Promise<BillingStripe> {
  const env = getEnv()
  if (!env.stripeEmulator) {
    setBillingStripe(undefined)
    return getBillingStripe()
  }
  const { startStripeEmulator } = await import('../stripe-emulator/index.ts')
  const emulator = await startStripeEmulator({
    pool: options.pool,
    webhook: options.webhookUrl ?? `${selfUrl(env)}${WEBHOOK_PATH}`,
    publicBase: `${env.publicUrl}/dev/stripe`,
    logger: options.logger,
    // Webhooks wait until the portal listens (the server resumes them).
    holdDeliveries: true,
  })
  const runtime: BillingStripe = {
    stripe: emulatorClient(emulator),
    webhookSecret: emulator.webhookSecret,
    publishableKey: emulator.publishableKey,
    emulator,
  }
  setBillingStripe(runtime)
  return runtime
}
