/** The portal's database pool, reached through the CMS instance (one pool for every module). */
import type { Pool } from 'pg'

export async function privacyPool(): Promise<Pool> {
  const { getPool } = await import('../cms/index.ts')
  return getPool()
}
