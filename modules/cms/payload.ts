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

/** The Postgres pool a Payload instance runs on: one per process, shared by every module's own tables. */
export function poolOf(payload: Payload): Pool {
  return (payload.db as unknown as { pool: Pool }).pool
}

/** The process's Postgres pool (Payload's), once the CMS has started. */
export async function getPool(): Promise<Pool> {
  return poolOf(await getCms())
}
