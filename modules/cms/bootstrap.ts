import type { Pool, PoolClient } from 'pg'
import type { Migration, Payload } from 'payload'
import type { Logger } from 'pino'
import { migrations } from '../../cms/migrations/index.ts'
import { releaseJobs } from '../../cms/jobs/runner-lock.ts'
import { getEnv } from '../platform/index.ts'
import { getCms } from './payload.ts'

/** Demo CMS accounts, created only in embedded mode. */
export const DEMO_CMS_PASSWORD = 'Demo2026!'
export const DEMO_ADMIN_EMAIL = 'admin@demo.local'
export const DEMO_EDITOR_EMAIL = 'redazione@demo.local'

async function ensureCmsUser(payload: Payload, email: string, name: string, roles: ('admin' | 'editor')[]) {
  const existing = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    overrideAccess: true,
  })
  if (existing.docs.length > 0) return false
  await payload.create({
    collection: 'users',
    data: { email, name, roles, password: DEMO_CMS_PASSWORD },
    overrideAccess: true,
  })
  return true
}

/** A lost connection's error as it is logged: what and why, without the pg client pg attaches to it. */
function connectionError(error: Error): Error {
  const { code, severity } = error as Error & { code?: string; severity?: string }
  return Object.assign(new Error(error.message), { code, severity, stack: error.stack })
}

/** Connects Payload, applies pending migrations and, in embedded mode, creates the demo CMS accounts. */
export async function bootstrapCms(options: { logger: Logger; runJobs?: boolean }) {
  const env = getEnv()
  // The server runs the jobs queue (scheduled publications, nightly import); one-off commands do not.
  const payload = await getCms({ cron: options.runJobs ?? true })
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it and the next query reconnects.
  const pool = (payload.db as unknown as { pool: Pool }).pool
  pool.on('error', (error) => {
    options.logger.warn(
      { err: connectionError(error) },
      'Connessione al database interrotta: verrà ristabilita',
    )
  })
  // A connection lost while a client is checked out between two queries (a transaction waiting on
  // Stripe or on the mail server) is reported as an event on that client: without a listener it
  // would end the process. Its holder's next query fails, and the pool replaces the client.
  const guarded = new WeakSet<PoolClient>()
  pool.on('acquire', (client) => {
    if (guarded.has(client)) return
    guarded.add(client)
    client.on('error', (error) => {
      options.logger.warn(
        { err: connectionError(error) },
        'Connessione al database persa durante un’operazione: verrà sostituita',
      )
    })
  })
  if (!env.isProduction) {
    // In production Payload applies `prodMigrations` itself while connecting.
    await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
  }
  if (env.embedded) {
    const createdAdmin = await ensureCmsUser(payload, DEMO_ADMIN_EMAIL, 'Amministratore demo', ['admin'])
    await ensureCmsUser(payload, DEMO_EDITOR_EMAIL, 'Redazione demo', ['editor'])
    if (createdAdmin) {
      options.logger.info(
        { admin: DEMO_ADMIN_EMAIL, editor: DEMO_EDITOR_EMAIL },
        `Account redazione demo creati (password ${DEMO_CMS_PASSWORD})`,
      )
    }
  }
  return {
    payload,
    close: async () => {
      await payload.destroy()
      // Another instance takes over the jobs queue at once.
      await releaseJobs()
    },
  }
}

export type Readiness = {
  ready: boolean
  database: 'ok' | 'unreachable'
  migrations: 'ok' | 'pending' | 'unknown'
}

/** Ready when the database answers and every committed migration is applied. */
export async function cmsReadiness(payload: Payload): Promise<Readiness> {
  const pool = (payload.db as unknown as { pool: Pool }).pool
  try {
    const result = await Promise.race([
      pool.query<{ name: string }>('select name from payload_migrations'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ])
    const applied = new Set(result.rows.map((row) => row.name))
    const pending = migrations.some((migration) => !applied.has(migration.name))
    return { ready: !pending, database: 'ok', migrations: pending ? 'pending' : 'ok' }
  } catch (error) {
    const missingTable = error instanceof Error && /payload_migrations/.test(error.message)
    return missingTable
      ? { ready: false, database: 'ok', migrations: 'pending' }
      : { ready: false, database: 'unreachable', migrations: 'unknown' }
  }
}
