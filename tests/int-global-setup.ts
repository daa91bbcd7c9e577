/**
 * Integration tests run against a real Postgres: an embedded cluster in a
 * temporary directory, created for this run and removed after it. The
 * portal's migrations are applied once, to a template database; each test
 * file then works on its own copy (tests/int-file-database.ts), so files run
 * in parallel.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pino } from 'pino'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The migrated database every test file's database is copied from. */
const TEMPLATE = 'bancadati_test'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export default async function setup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bancadati-int-'))
  const port = await freePort()
  const password = 'integration'
  const postgres = await startEmbeddedPostgres({
    dataDir,
    port,
    password,
    database: TEMPLATE,
    logger: pino({ level: 'warn' }),
    ephemeral: true,
  })
  process.env.DATABASE_URL = postgres.url
  process.env.DATA_DIR = dataDir
  process.env.PAYLOAD_SECRET = 'integration-tests-secret-0123456789abcdef'
  // Production mode (DATABASE_URL) with test payments: the modules' tests run billing on the Stripe emulator.
  process.env.STRIPE_EMULATOR = '1'
  Object.assign(process.env, { NODE_ENV: 'test' })
  process.env.LOG_LEVEL = 'warn'

  const migrated = spawnSync(process.execPath, [path.join(root, 'tests', 'int-template.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: await mkdtemp(path.join(dataDir, 'template-')) },
    stdio: 'inherit',
  })
  if (migrated.status !== 0) throw new Error('Migrazioni del database modello dei test non riuscite')
  const admin = new URL(postgres.url)
  admin.pathname = '/postgres'
  process.env.INT_ADMIN_DATABASE_URL = admin.toString()
  process.env.INT_TEMPLATE_DATABASE = TEMPLATE
  process.env.INT_RUN_DIR = dataDir
  return async () => {
    await postgres.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
