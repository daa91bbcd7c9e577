/** The contract database's rows of one subscriber, for the data export: favourite categories and consultations. */
import type { Pool } from 'pg'

export type DatabaseDataExport = {
  contratti_preferiti: Record<string, unknown>[]
  consultazioni: Record<string, unknown>[]
}

/** The subscriber's favourites and the log of the category dashboards opened. */
export async function exportAccountData(options: {
  pool: Pool
  userId: string
}): Promise<DatabaseDataExport> {
  const { pool, userId } = options
  const [favourites, views] = await Promise.all([
    pool.query(
      `select category_code, created_at from database_favourites where user_id = $1 order by created_at`,
      [userId],
    ),
    pool.query(`select category_code, viewed_at from database_views where user_id = $1 order by viewed_at`, [
      userId,
    ]),
  ])
  return { contratti_preferiti: favourites.rows, consultazioni: views.rows }
}
