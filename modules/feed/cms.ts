import type { Payload } from 'payload'
import type { Pool } from 'pg'

/**
 * The process's Payload instance, imported on demand: the CMS configuration
 * imports this module (migrations, jobs), so it may not be loaded eagerly.
 */
export async function cms(): Promise<Payload> {
  return (await import('../cms/index.ts')).getCms()
}

/** The Postgres pool Payload runs on (the feed's own tables live in the same database). */
export async function pool(payload?: Payload): Promise<Pool> {
  const { poolOf } = await import('../cms/index.ts')
  return poolOf(payload ?? (await cms()))
}
