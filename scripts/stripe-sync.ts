/**
 * `npm run stripe:sync`: creates or updates in Stripe the catalogue (the eight
 * plans by lookup_key, the 22% VAT rate, the launch coupon). With
 * STRIPE_SECRET_KEY it writes to that Stripe account; without it, to the
 * emulator's state in the portal's database (the embedded one under DATA_DIR,
 * already started by a running portal or started here for the time of the sync).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import Stripe from 'stripe'
import {
  EnvError,
  getEnv,
  getLogger,
  parseEnv,
  selfUrl,
  startEmbeddedPostgres,
} from '../modules/platform/index.ts'

/** The port of a live embedded Postgres under `dataDir`, read from its pid file. */
function livePostmasterPort(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number.parseInt(pidLine ?? '', 10)
  const port = Number.parseInt(portLine ?? '', 10)
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined
  }
  return port
}

function print(report: { created: string[]; updated: string[]; unchanged: string[] }) {
  console.log(
    `Catalogo Stripe sincronizzato: ${report.created.length} creati, ${report.updated.length} aggiornati, ` +
      `${report.unchanged.length} invariati.`,
  )
  for (const name of report.created) console.log(`  + ${name}`)
  for (const name of report.updated) console.log(`  ~ ${name}`)
}

async function main(): Promise<number> {
  try {
    const preliminary = parseEnv(process.env)
    const livePort = preliminary.embedded ? livePostmasterPort(preliminary.dataDir) : undefined
    if (livePort !== undefined && livePort !== preliminary.embeddedPgPort)
      process.env.EMBEDDED_PG_PORT = String(livePort)
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      return 78
    }
    throw error
  }
  const env = getEnv()
  const logger = getLogger()
  const { syncCatalogue } = await import('../modules/billing/index.ts')

  if (env.STRIPE_SECRET_KEY) {
    print(await syncCatalogue(new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 })))
    return 0
  }

  const shared = env.embedded && livePostmasterPort(env.dataDir) !== undefined
  const postgres =
    env.embedded && !shared
      ? await startEmbeddedPostgres({
          dataDir: env.dataDir,
          port: env.embeddedPgPort,
          password: env.embeddedPgPassword,
          database: 'bancadati',
          logger,
        })
      : undefined
  const pool = new pg.Pool({ connectionString: env.databaseUrl, max: 2 })
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
    await postgres?.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
