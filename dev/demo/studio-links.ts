/**
 * Embedded mode: collega@demo.local is an active linked account of the Studio
 * of studio@demo.local (both demo personas). Idempotent; a link removed in a
 * demo is put back at the next start.
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { findAccountByEmail } from '../../modules/accounts/index.ts'

export const DEMO_STUDIO_OWNER = 'studio@demo.local'
export const DEMO_STUDIO_LINKED = 'collega@demo.local'

export async function ensureDemoStudioLinks(options: { pool: Pool; logger?: Logger }): Promise<void> {
  const owner = await findAccountByEmail(DEMO_STUDIO_OWNER)
  const linked = await findAccountByEmail(DEMO_STUDIO_LINKED)
  if (!owner || !linked) return
  const result = await options.pool.query(
    `insert into studio_links (owner_user_id, slot, email, linked_user_id, is_active, activated_at)
     select $1, s.slot, $3, $2, true, now()
       from (values (1), (2)) as s(slot)
      where not exists (select 1 from studio_links where owner_user_id = $1 and slot = s.slot)
      order by s.slot
      limit 1
     on conflict do nothing`,
    [owner.id, linked.id, DEMO_STUDIO_LINKED],
  )
  if ((result.rowCount ?? 0) > 0) options.logger?.info('Collegamento Studio dimostrativo creato')
}
