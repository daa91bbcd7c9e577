/** The operators' view of the Studio links (/admin/studio). */
import type { Pool } from 'pg'
import { userIdsMatching, usersByIds } from '../accounts/index.ts'

export type AdminStudioRow = {
  owner_user_id: string
  owner_email: string
  owner_name: string
  email: string
  is_active: boolean
  linked_user_id: string | null
  invited_at: Date
  activated_at: Date | null
  code_expires_at: Date | null
}

/** Every link, grouped by owner; `search` matches part of the owner's or the linked address. */
export async function adminStudioLinks(
  pool: Pool,
  options: { search?: string } = {},
): Promise<AdminStudioRow[]> {
  const search = (options.search ?? '').trim().toLowerCase()
  // Owners whose address holds the text: found by the accounts module, matched here by id.
  const owners = search ? await userIdsMatching(search, { db: pool }) : []
  const result = await pool.query<Omit<AdminStudioRow, 'owner_email' | 'owner_name'> & { slot: number }>(
    `select owner_user_id, email, is_active, linked_user_id, invited_at, activated_at, code_expires_at, slot
       from studio_links
      where $1 = '' or owner_user_id = any($2::text[]) or position($1 in email) > 0
      order by owner_user_id, slot
      limit 500`,
    [search, owners],
  )
  const users = await usersByIds(
    result.rows.map((row) => row.owner_user_id),
    pool,
  )
  return result.rows
    .flatMap(({ slot, ...row }) => {
      const owner = users.get(row.owner_user_id)
      return owner ? [{ row: { ...row, owner_email: owner.email, owner_name: owner.name }, slot }] : []
    })
    .sort((a, b) => a.row.owner_email.localeCompare(b.row.owner_email) || a.slot - b.slot)
    .map(({ row }) => row)
}
