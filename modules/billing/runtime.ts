/** The database pool billing writes its mirror with: the CMS's (one pool per process). */
import type { Pool, PoolClient } from 'pg'

export async function getBillingPool(): Promise<Pool> {
  // Loaded on first use: importing the CMS configuration reads the settings and loads Payload.
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  return (payload.db as unknown as { pool: Pool }).pool
}

/** Runs `work` in one transaction. */
export async function inBillingTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const pool = await getBillingPool()
  const client = await pool.connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback')
    throw error
  } finally {
    client.release()
  }
}
