/**
 * Embedded mode or STRIPE_EMULATOR=1: starts the Stripe emulator (its state in
 * the portal's Postgres, its webhooks sent to this portal's endpoint) and
 * hands billing a client of it. The emulator's secret key is made at its start
 * and lives only in this process's client.
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { setBillingStripe, WEBHOOK_PATH } from '../modules/billing/index.ts'
import { selfUrl, type Env } from '../modules/platform/index.ts'
import { emulatorClient, startStripeEmulator, type StripeEmulator } from './stripe-emulator/index.ts'

export async function startEmulatedStripe(options: {
  env: Env
  pool: Pool
  logger: Logger
}): Promise<StripeEmulator> {
  const { env } = options
  const emulator = await startStripeEmulator({
    pool: options.pool,
    webhook: `${selfUrl(env)}${WEBHOOK_PATH}`,
    publicBase: `${env.publicUrl}/dev/stripe`,
    logger: options.logger,
    // Webhooks wait until the portal listens (the server resumes them).
    holdDeliveries: true,
  })
  setBillingStripe({
    stripe: emulatorClient(emulator),
    webhookSecret: emulator.webhookSecret,
    publishableKey: emulator.publishableKey,
    emulator,
  })
  return emulator
}
