/**
 * Opening a mailed export link: the archive is handed over only to the
 * account that asked for it, with the link's token, within 24 hours.
 */
import { timingSafeEqual } from 'node:crypto'
import type { Pool } from 'pg'
import { tokenHash } from './produce-data-export.ts'
import { exportStore } from './storage.ts'

/** What the download page shows: the archive, or why not. */
export type ExportOpening =
  | { kind: 'archive'; fileName: string; sizeBytes: number; expiresAt: Date; read: () => Promise<Buffer> }
  | { kind: 'expired' }
  | { kind: 'invalid' }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function sameHash(stored: string, token: string): boolean {
  const expected = Buffer.from(stored, 'hex')
  const given = Buffer.from(tokenHash(token), 'hex')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * The archive of export `exportId` (read on demand) for `userId` holding `token`. Another
 * account, a wrong token or an unknown export are all 'invalid' (nothing
 * tells them apart); a valid link past its 24 hours is 'expired'.
 */
export async function openDataExport(options: {
  pool: Pool
  exportId: string
  token: string
  userId: string
  now?: Date
}): Promise<ExportOpening> {
  const { pool, exportId, token, userId } = options
  if (!UUID.test(exportId) || !token || token.length > 200) return { kind: 'invalid' }
  const found = await pool.query<{
    user_id: string
    token_hash: string | null
    expires_at: Date | null
    object_key: string | null
    ready_at: Date | null
    size_bytes: number | null
  }>(
    `select user_id, token_hash, expires_at, object_key, ready_at, size_bytes from privacy_exports
      where id = $1 and status = 'ready'`,
    [exportId],
  )
  const row = found.rows[0]
  if (!row?.token_hash || !row.object_key || row.user_id !== userId || !sameHash(row.token_hash, token)) {
    return { kind: 'invalid' }
  }
  if (!row.expires_at || row.expires_at.getTime() <= (options.now ?? new Date()).getTime()) {
    return { kind: 'expired' }
  }
  const key = row.object_key
  const day = (row.ready_at ?? new Date()).toISOString().slice(0, 10)
  return {
    kind: 'archive',
    fileName: `dati-personali-${day}.zip`,
    sizeBytes: row.size_bytes ?? 0,
    expiresAt: row.expires_at,
    async read() {
      const bytes = await exportStore().get(key)
      await pool.query('update privacy_exports set downloaded_at = now() where id = $1', [exportId])
      return bytes
    },
  }
}
