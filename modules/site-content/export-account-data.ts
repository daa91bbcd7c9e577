/** The cookie choices recorded for one subscriber (kept as proof of consent), for the data export. */
import type { Pool } from 'pg'

export type ConsentDataExport = { consensi_cookie: Record<string, unknown>[] }

/** Every cookie choice made while signed in to this account, oldest first. */
export async function exportAccountData(options: { pool: Pool; userId: string }): Promise<ConsentDataExport> {
  const result = await options.pool.query(
    `select consent_id, categories, action, created_at from cookie_consents where user_id = $1 order by created_at, id`,
    [options.userId],
  )
  return {
    consensi_cookie: result.rows.map((row: { categories: string[] } & Record<string, unknown>) => ({
      ...row,
      categories: row.categories.join(' '),
    })),
  }
}
