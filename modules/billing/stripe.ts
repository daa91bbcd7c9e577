/**
 * The portal's Stripe client, one per process: real Stripe when
 * STRIPE_SECRET_KEY is set; otherwise the composition root hands in a client
 * of the test emulator (dev/) with `setBillingStripe`, through the same SDK.
 */
import Stripe from 'stripe'
import { it } from '../i18n/index.ts'
import { AppError, getEnv } from '../platform/index.ts'

/** What billing needs of a test-mode Stripe (the emulator): its clock, which the test clock moves. */
export type TestStripe = { now: () => Promise<number> }

export type BillingStripe = {
  stripe: Stripe
  /** The webhook endpoint's signing secret. */
  webhookSecret: string
  /** What the browser uses to confirm payments (Stripe.js, or the emulator's test card form). */
  publishableKey: string
  /** Test mode (the emulator, when there is no Stripe account): payments are simulated. */
  emulator: TestStripe | null
}

let current: BillingStripe | undefined

export const WEBHOOK_PATH = '/api/v1/stripe/webhook'

/** Uses this client (server start-up, tests). */
export function setBillingStripe(runtime: BillingStripe | undefined): void {
  current = runtime
}

/** The client in use; with Stripe keys it is made on first use, without them the server must have set one. */
export function getBillingStripe(): BillingStripe {
  if (current) return current
  const env = getEnv()
  if (!env.STRIPE_SECRET_KEY) {
    throw new Error(
      'Stripe non configurato: senza STRIPE_SECRET_KEY il server deve avviare l’emulatore (setBillingStripe) prima di usare la fatturazione',
    )
  }
  const runtime: BillingStripe = {
    // Stripe's default waits 80 s: a checkout may not hang that long when Stripe does not answer.
    stripe: new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 20_000 }),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    publishableKey: env.PUBLIC_STRIPE_PUBLISHABLE_KEY ?? '',
    emulator: null,
  }
  current = runtime
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
