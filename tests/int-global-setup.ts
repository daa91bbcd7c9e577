/**
 * Integration tests run against a real Postgres: an embedded cluster in a
 * temporary directory, created for this run and removed after it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'

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
    database: 'bancadati_test',
    logger: pino({ level: 'warn' }),
    ephemeral: true,
  })
  process.env.DATABASE_URL = postgres.url
  process.env.DATA_DIR = dataDir
  process.env.PAYLOAD_SECRET = 'integration-tests-secret-0123456789abcdef'
  Object.assign(process.env, { NODE_ENV: 'test' })
  // Outside production Payload compares the versions of its packages; the nodemailer adapter and the
  // S3 storage are 3.90.1, pinned to Payload 3.90.2 by package.json's overrides, and would fail the run.
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = 'true'
  process.env.LOG_LEVEL = 'warn'
  return async () => {
    await postgres.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
