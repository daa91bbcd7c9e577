/**
 * The CMS's start-up, where the Payload configuration meets the domain: Payload
 * started once with the portal's configuration (the modules reach it through
 * `getCms`), pending migrations applied, the pool guarded against dropped
 * connections, the relays that empty the shared caches and the page cache of
 * every process when one writes, and the readiness probe.
 */
import type { PoolClient } from 'pg'
import type { Migration, Payload } from 'payload'
import type { Logger } from 'pino'
import config from '../payload.config.ts'
import { poolOf, startCms } from '../modules/cms/index.ts'
import { getEnv, startCacheRelay } from '../modules/platform/index.ts'
import { startPageCacheSync } from '../modules/site-content/index.ts'
import { jobRunnerState, runnerPeriodMs } from './jobs/runner-health.ts'
import { releaseJobs, runnerHeartbeat, runnerStarted } from './jobs/runner-lock.ts'
import { migrations } from './migrations/index.ts'

/** A lost connection's error as it is logged: what and why, without the pg client pg attaches to it. */
function connectionError(error: Error): Error {
  const { code, severity } = error as Error & { code?: string; severity?: string }
  return Object.assign(new Error(error.message), { code, severity, stack: error.stack })
}

/** Connects Payload and applies pending migrations. */
export async function bootstrapCms(options: { logger: Logger; runJobs?: boolean }) {
  const env = getEnv()
  // The server runs the jobs queue (scheduled publications, nightly import); one-off commands do not.
  const runJobs = options.runJobs ?? true
  const payload = await startCms(config, { cron: runJobs })
  if (runJobs) runnerStarted()
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it and the next query reconnects.
  const pool = poolOf(payload)
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
  // Every process that writes through the CMS (the server, an import from the command line, a
  // rebuild of the search index) empties the caches of the others, and hears when they write.
  const [cacheRelay, pageCacheSync] = await Promise.all([
    startCacheRelay({ pool, logger: options.logger }),
    startPageCacheSync({ pool, logger: options.logger }),
  ])
  return {
    payload,
    close: async () => {
      // The messages of the last writes leave before the connections close.
      await cacheRelay.close()
      await pageCacheSync.close()
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
  /** The jobs queue's runner loop of this process: ticking, or stopped (not started, or no tick for too long). */
  jobRunner: 'ok' | 'stopped'
  /** What is not ready, named: `database`, `migrations`, `jobRunner`. */
  down: ('database' | 'migrations' | 'jobRunner')[]
}

let periodMs: number | undefined

/**
 * Ready when the database answers, every committed migration is applied and the
 * runner loop of the jobs queue ticks; `down` names what is not.
 */
export async function cmsReadiness(payload: Payload): Promise<Readiness> {
  periodMs ??= runnerPeriodMs(getEnv().JOBS_CRON)
  const jobRunner = jobRunnerState(runnerHeartbeat(), periodMs)
  const stores = await storeReadiness(payload)
  const down: Readiness['down'] = []
  if (stores.database !== 'ok') down.push('database')
  if (stores.migrations !== 'ok' && stores.database === 'ok') down.push('migrations')
  if (jobRunner !== 'ok') down.push('jobRunner')
  return { ready: down.length === 0, ...stores, jobRunner, down }
}

/** The database and the migrations. */
async function storeReadiness(payload: Payload): Promise<Pick<Readiness, 'database' | 'migrations'>> {
  const pool = poolOf(payload)
  try {
    const result = await Promise.race([
      pool.query<{ name: string }>('select name from payload_migrations'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ])
    const applied = new Set(result.rows.map((row) => row.name))
    const pending = migrations.some((migration) => !applied.has(migration.name))
    return { database: 'ok', migrations: pending ? 'pending' : 'ok' }
  } catch (error) {
    const missingTable = error instanceof Error && /payload_migrations/.test(error.message)
    return missingTable
      ? { database: 'ok', migrations: 'pending' }
      : { database: 'unreachable', migrations: 'unknown' }
  }
}
