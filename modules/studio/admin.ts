/** The operators' view of the Studio links (/admin/studio). */
import type { Pool } from 'pg'

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
  const result = await pool.query<AdminStudioRow>(
    `select l.owner_user_id, u.email as owner_email, u.name as owner_name, l.email, l.is_active,
            l.linked_user_id, l.invited_at, l.activated_at, l.code_expires_at
       from studio_links l join auth_users u on u.id = l.owner_user_id
      where $1 = '' or position($1 in lower(u.email)) > 0 or position($1 in l.email) > 0
      order by u.email, l.slot
      limit 500`,
    [search],
  )
  return result.rows
}
