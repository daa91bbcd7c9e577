/**
 * Profile pictures: a JPEG, PNG or WebP of at most 5 MB, re-encoded as a
 * 256x256 WebP (cropped to the centre, orientation applied, metadata dropped)
 * and kept in Postgres, so every instance of the portal serves it.
 */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { it } from '../i18n/index.ts'
import { AppError, PROFILE_PICTURE_MAX_BYTES } from '../platform/index.ts'
import { authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'
import { inTransaction } from './users.ts'

/** Largest picture accepted (the server refuses larger requests before reading them). */
export const PICTURE_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES
/** Side of the stored square picture, in pixels. */
export const PICTURE_SIZE = 256
/** Where pictures are served. */
export const PICTURE_PATH = '/api/v1/user/profilepicture'

const acceptedFormats = new Set(['jpeg', 'png', 'webp'])
const FILE_NAME = /^[a-z0-9]{8,40}-[a-f0-9]{24}\.webp$/i

/** The address of a stored picture. */
export function pictureUrl(fileName: string): string {
  return `${PICTURE_PATH}/${fileName}`
}

/** A file name a user reads in a message: no path, no control characters, at most 80 characters. */
function shownName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base.replace(/[\p{Cc}]/gu, '').trim()
  if (!clean) return 'senza nome'
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean
}

/**
 * Checks and re-encodes an uploaded picture. Anything but a readable JPEG,
 * PNG or WebP of at most 5 MB is a 400 naming the file.
 */
export async function encodePicture(file: { name: string; bytes: Uint8Array }): Promise<Buffer> {
  const name = shownName(file.name)
  const t = it.accounts.picture
  if (file.bytes.byteLength > PICTURE_MAX_BYTES) {
    throw new AppError('bad_request', t.tooLarge(name), { field: 'file' })
  }
  let format: string | undefined
  try {
    format = (await sharp(file.bytes).metadata()).format
  } catch {
    throw new AppError('bad_request', t.wrongType(name), { field: 'file' })
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError('bad_request', t.wrongType(name), { field: 'file' })
  }
  try {
    return await sharp(file.bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new AppError('bad_request', t.unreadable(name), { field: 'file' })
  }
}

/** Re-encodes and stores the account's picture; the account's `image` points to it. */
export async function saveProfilePicture(
  userId: string,
  file: { name: string; bytes: Uint8Array },
): Promise<{ fileName: string; url: string }> {
  const content = await encodePicture(file)
  const fileName = `${userId.replace(/[^a-z0-9]/gi, '').slice(0, 40) || 'utente'}-${randomBytes(12).toString('hex')}.webp`
  const url = pictureUrl(fileName)
  await inTransaction(async (client) => {
    await client.query(
      `insert into profile_pictures (user_id, file_name, content_type, content, updated_at)
       values ($1, $2, 'image/webp', $3, now())
       on conflict (user_id) do update set file_name = excluded.file_name, content_type = excluded.content_type,
         content = excluded.content, updated_at = excluded.updated_at`,
      [userId, fileName, content],
    )
    await client.query(`update ${authTables.user} set image = $2, updated_at = now() where id = $1`, [
      userId,
      url,
    ])
  })
  return { fileName, url }
}

/** A stored picture by its file name (null when unknown). */
export async function profilePicture(
  fileName: string,
): Promise<{ contentType: string; content: Buffer; updatedAt: Date } | null> {
  if (!FILE_NAME.test(fileName)) return null
  const { pool } = await getAccounts()
  const result = await pool.query<{ content_type: string; content: Buffer; updated_at: Date }>(
    'select content_type, content, updated_at from profile_pictures where file_name = $1',
    [fileName],
  )
  const row = result.rows[0]
  return row ? { contentType: row.content_type, content: row.content, updatedAt: row.updated_at } : null
}
