/**
 * The Studio links of one subscriber, for the data export: as the owner (the
 * accounts invited or linked) and as a linked account (the Studio it reads with).
 */
import type { Pool } from 'pg'

export type StudioDataExport = { collegamenti_studio: Record<string, unknown>[] }

/** The links the subscriber owns or is linked by (never an invitation code, which is kept only hashed). */
export async function exportAccountData(options: { pool: Pool; userId: string }): Promise<StudioDataExport> {
  const result = await options.pool.query(
    `select case when owner_user_id = $1 then 'titolare' else 'account collegato' end as ruolo,
            slot, email, is_active, invited_at, activated_at
       from studio_links
      where owner_user_id = $1 or linked_user_id = $1
      order by invited_at, id`,
    [options.userId],
  )
  return { collegamenti_studio: result.rows }
}
