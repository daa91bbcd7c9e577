/** The portal's database pool, reached through the CMS instance (one pool for every module). */
import type { Pool } from 'pg'

export async function privacyPool(): Promise<Pool> {
  const { getCms } = await import('../cms/index.ts')
  return ((await getCms()).db as unknown as { pool: Pool }).pool
}
