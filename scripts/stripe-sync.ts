/**
 * `npm run stripe:sync`: creates or updates in Stripe the catalogue (the eight
 * plans by lookup_key, the 22% VAT rate, the launch coupon). With
 * STRIPE_SECRET_KEY it writes to that Stripe account; without it, to the
 * emulator's state in the portal's database (the embedded one under DATA_DIR,
 * already started by a running portal or started here for the time of the sync).
 */
import pg from 'pg'
import Stripe from 'stripe'
import { getLogger, selfUrl } from '../modules/platform/index.ts'
import { commandDatabase, commandEnv } from './embedded-database.ts'

function print(report: { created: string[]; updated: string[]; unchanged: string[] }) {
  console.log(
    `Catalogo Stripe sincronizzato: ${report.created.length} creati, ${report.updated.length} aggiornati, ` +
      `${report.unchanged.length} invariati.`,
  )
  for (const name of report.created) console.log(`  + ${name}`)
  for (const name of report.updated) console.log(`  ~ ${name}`)
}

async function main(): Promise<number> {
  const env = await commandEnv()
  if (env === 78) return 78
  const logger = getLogger()
  const { syncCatalogue } = await import('../modules/billing/index.ts')

  if (env.STRIPE_SECRET_KEY) {
    print(await syncCatalogue(new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 })))
    return 0
  }

  const database = await commandDatabase(env)
  const pool = new pg.Pool({ connectionString: database.env.databaseUrl, max: 2 })
  const { emulatorClient, startStripeEmulator } = await import('../dev/stripe-emulator/index.ts')
  const emulator = await startStripeEmulator({
    pool,
    webhook: `${selfUrl(env)}/api/v1/stripe/webhook`,
    publicBase: `${env.publicUrl}/dev/stripe`,
    logger,
  })
  // The catalogue's events concern no subscriber: the portal sends them on with its own emulator.
  emulator.pauseDeliveries()
  try {
    print(await syncCatalogue(emulatorClient(emulator)))
    return 0
  } finally {
    await emulator.close()
    await pool.end()
    await database.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
