// The Postgres adapter's types widen Payload's `DatabaseAdapter` with `pool`, `drizzle`,
// `tables` and `sessions`: importing them here types `payload.db` with no cast.
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Pool } from 'pg'
import { getPayload, type Payload, type SanitizedConfig } from 'payload'

let running: Promise<Payload> | undefined

/**
 * Starts Payload with the portal's configuration (cms/start.ts does, once per
 * process). `cron: true` also starts the jobs queue's schedules (nightly
 * import, scheduled publications): only the long-running server asks for it.
 */
export function startCms(
  config: SanitizedConfig | Promise<SanitizedConfig>,
  options: { cron?: boolean } = {},
): Promise<Payload> {
  running = getPayload({ config, cron: options.cron ?? false })
  running.catch(() => {
    running = undefined
  })
  return running
}

/** The process's Payload instance, once started. */
export function getCms(): Promise<Payload> {
  if (!running) return Promise.reject(new Error('CMS non avviato: avviarlo con bootstrapCms (cms/start.ts)'))
  return running
}

/**
 * The Postgres pool a Payload instance runs on: one per process, shared by
 * every module's own tables. The one place that reaches it, for the product,
 * the scripts and the tests alike.
 */
export function poolOf(payload: Pick<Payload, 'db'>): Pool {
  return payload.db.pool
}

/** A Drizzle handle of Payload's Postgres adapter: its own, or an open transaction's. */
export type PayloadDrizzle = PostgresAdapter['drizzle'] | PostgresAdapter['sessions'][string]['db']

/**
 * The Drizzle handle to write with in a Payload transaction (a request's
 * `transactionID`), or the adapter's own outside one. Payload declares a
 * session's handle `unknown` for every database; the portal's is Postgres.
 */
export function drizzleOf(payload: Pick<Payload, 'db'>, transactionID?: number | string): PayloadDrizzle {
  const session = transactionID === undefined ? undefined : payload.db.sessions?.[transactionID]
  return (session?.db as PayloadDrizzle | undefined) ?? payload.db.drizzle
}

/** The process's Postgres pool (Payload's), once the CMS has started. */
export async function getPool(): Promise<Pool> {
  return poolOf(await getCms())
}
