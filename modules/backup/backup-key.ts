/**
 * The key of the snapshots. It signs every manifest (HMAC-SHA256), so a
 * restore loads only a snapshot this installation wrote, and, with
 * BACKUP_ENCRYPT, encrypts every file (AES-256-GCM). Two independent keys are
 * derived from it with HKDF.
 *
 * Where it comes from: BACKUP_KEY (required in production, for backup and
 * restore alike); in embedded mode without it, a key made once at the first
 * backup and kept in `DATA_DIR/backup.key` (0600). A restore into a new data
 * folder needs that key: BACKUP_KEY, or the file copied into the new folder.
 */
import { hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { backup as strings } from '../i18n/index.ts'
import { writePrivateFile, type Env } from '../platform/index.ts'
import { BackupError } from './errors.ts'

/** The file of an embedded data folder that holds its snapshot key (when BACKUP_KEY is unset). */
export const BACKUP_KEY_FILE = 'backup.key'

/** The keys derived from the snapshot key: one signs manifests, the other encrypts files. */
export type BackupKeys = { signing: Buffer; encryption: Buffer }

const derive = (material: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', material, 'bancadati-backup', purpose, 32))

/** The two keys of a snapshot key. */
export function deriveBackupKeys(material: string): BackupKeys {
  return { signing: derive(material, 'manifest-signature'), encryption: derive(material, 'file-encryption') }
}

/**
 * The keys of this installation's snapshots. `backup` may make the embedded
 * key file the first time; `restore` never does (a key made now could verify
 * nothing): without a key it refuses with the Italian message that says where
 * to find it.
 */
export async function backupKeys(env: Env, purpose: 'backup' | 'restore'): Promise<BackupKeys> {
  if (env.BACKUP_KEY) return deriveBackupKeys(env.BACKUP_KEY)
  if (!env.embedded) throw new BackupError('no_key', strings.errors.noKeyProduction)
  const file = path.join(env.dataDir, BACKUP_KEY_FILE)
  if (existsSync(file)) return deriveBackupKeys(readFileSync(file, 'utf8').trim())
  if (purpose === 'restore') throw new BackupError('no_key', strings.errors.noKeyEmbedded(file))
  const material = randomBytes(32).toString('base64url')
  // The data folder exists: the settings made it with the installation's secrets.
  await writePrivateFile(file, `${material}\n`)
  return deriveBackupKeys(material)
}
