/**
 * The nightly retention run (task `dataRetention`): each module purges what
 * it keeps past its period (docs/privacy.md), and the expired export
 * archives are deleted with their rows. Consent records are never purged:
 * they are the proof of consent.
 */
import type { Pool } from 'pg'
import { purgeAccountRows, type AccountsPurge } from '../accounts/index.ts'
import { purgeSentMail } from '../mail/index.ts'
import { exportStore } from './storage.ts'

/** Hours a request that never became an archive (failed, or its job lost) is kept. */
const STALE_REQUEST_HOURS = 48

/** What one run removed. */
export type RetentionReport = AccountsPurge & { sentMails: number; exports: number }

/** Deletes the archives whose link has expired (and stale requests) with their rows; returns how many rows. */
export async function purgeExpiredExports(options: { pool: Pool; now?: Date }): Promise<number> {
  const now = options.now ?? new Date()
  const stale = new Date(now.getTime() - STALE_REQUEST_HOURS * 3_600_000)
  const expired = await options.pool.query<{ id: string; object_key: string | null }>(
    `select id, object_key from privacy_exports
      where (status = 'ready' and expires_at < $1) or (status <> 'ready' and requested_at < $2)`,
    [now, stale],
  )
  for (const row of expired.rows) {
    if (row.object_key) await exportStore().remove(row.object_key)
    await options.pool.query('delete from privacy_exports where id = $1', [row.id])
  }
  return expired.rows.length
}

/** One retention run at `now`. */
export async function applyRetention(options: { pool: Pool; now?: Date }): Promise<RetentionReport> {
  const accounts = await purgeAccountRows(options)
  const sentMails = await purgeSentMail(options)
  const exports = await purgeExpiredExports(options)
  return { ...accounts, sentMails, exports }
}

/** Deleting an account: its export archives, ready or still being made, and their rows. Returns how many. */
export async function eraseDataExports(options: { pool: Pool; userId: string }): Promise<number> {
  const rows = await options.pool.query<{ id: string; object_key: string | null }>(
    'select id, object_key from privacy_exports where user_id = $1',
    [options.userId],
  )
  for (const row of rows.rows) {
    if (row.object_key) await exportStore().remove(row.object_key)
    await options.pool.query('delete from privacy_exports where id = $1', [row.id])
  }
  return rows.rows.length
}
