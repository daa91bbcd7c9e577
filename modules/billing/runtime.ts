/** The database pool billing writes its mirror with: the CMS's (one pool per process). */
import type { Pool, PoolClient } from 'pg'
import { inTransaction } from '../platform/index.ts'

export async function getBillingPool(): Promise<Pool> {
  // Loaded on first use: importing the CMS configuration reads the settings and loads Payload.
  const { getPool } = await import('../cms/index.ts')
  return getPool()
}

/** Runs `work` in one transaction. */
export async function inBillingTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const pool = await getBillingPool()
  return inTransaction(pool, work)
}
