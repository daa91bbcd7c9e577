/** One transaction on a Postgres pool, for modules that write several rows together. */
import type { Pool, PoolClient } from 'pg'

/** Runs `work` between begin and commit on one client of `pool`; any error rolls back and is rethrown. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
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
