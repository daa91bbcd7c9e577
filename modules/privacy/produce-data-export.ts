/**
 * The job of a data export (task `dataExport`): collects the subscriber's
 * data from every module, zips it, stores the archive and mails a link valid
 * 24 hours. The link carries a random token (256 bits, kept only as its
 * SHA-256) and opens only for the account that asked (docs/security.md).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import { userById } from '../accounts/index.ts'
import { formatDate, it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { getEnv } from '../platform/index.ts'
import { buildArchive } from './build-archive.ts'
import { collectAccountData } from './collect-account-data.ts'
import { exportStore } from './storage.ts'

/** How long the mailed link works, in hours. */
export const EXPORT_LINK_HOURS = 24
/** The page that hands over the archive (followed by the export's id). */
export const EXPORT_DOWNLOAD_PATH = '/profilo/esportazione-dati'

const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' })

/** The SHA-256 of a link's token, as the table keeps it. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The link of an export (the page checks the token and the signed-in account). */
export function exportLink(exportId: string, token: string): string {
  return `${getEnv().publicUrl}${EXPORT_DOWNLOAD_PATH}/${exportId}?token=${encodeURIComponent(token)}`
}

/**
 * Prepares export `exportId` once: a second run of a job already taken (or
 * done) does nothing. A failure puts the export back to pending for the
 * job's retry, and rethrows.
 */
export async function produceDataExport(options: {
  pool: Pool
  exportId: string
  now?: () => Date
}): Promise<'ready' | 'skipped'> {
  const { pool, exportId } = options
  const now = options.now ?? (() => new Date())
  const claimed = await pool.query<{ user_id: string }>(
    `update privacy_exports set status = 'running' where id = $1 and status = 'pending' returning user_id`,
    [exportId],
  )
  const userId = claimed.rows[0]?.user_id
  if (!userId) return 'skipped'
  try {
    const user = await userById(userId)
    if (!user) {
      await pool.query(`update privacy_exports set status = 'failed' where id = $1`, [exportId])
      return 'skipped'
    }
    const at = now()
    const archive = await buildArchive(await collectAccountData({ pool, userId }), at)
    const key = `${exportId}.zip`
    await exportStore().put(key, archive)
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(at.getTime() + EXPORT_LINK_HOURS * 3_600_000)
    await pool.query(
      `update privacy_exports
          set status = 'ready', ready_at = $2, expires_at = $3, token_hash = $4, object_key = $5, size_bytes = $6
        where id = $1`,
      [exportId, at, expiresAt, tokenHash(token), key, archive.byteLength],
    )
    const t = it.privacy.export
    await enqueueMail(pool, {
      to: user.email,
      template: 'notice',
      dedupeKey: `data-export:${exportId}`,
      data: {
        subject: t.mailSubject,
        title: t.mailTitle,
        ...(user.name ? { name: user.name } : {}),
        paragraphs: [t.mailIntro, t.mailValidity(`${time.format(expiresAt)} del ${formatDate(expiresAt)}`)],
        button: { label: t.mailButton, url: exportLink(exportId, token) },
        closing: [t.mailNotYou],
      },
    })
    return 'ready'
  } catch (error) {
    await pool.query(`update privacy_exports set status = 'pending' where id = $1 and status = 'running'`, [
      exportId,
    ])
    throw error
  }
}
