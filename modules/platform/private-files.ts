/**
 * Files only the portal's user may read: the embedded data folder and what
 * the portal writes there (secrets, the backup key, the port record, the test
 * mailbox, uploaded files), and the snapshots of a backup. Folders are 0700
 * and files 0600 whatever the process's umask: the umask only removes bits,
 * and an entry that already exists gets its mode set again.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { chmod, writeFile } from 'node:fs/promises'
import { userInfo } from 'node:os'
import path from 'node:path'

/** A private folder: its owner lists, reads and writes it; nobody else reaches inside. */
export const PRIVATE_FOLDER_MODE = 0o700
/** A private file: its owner reads and writes it. */
export const PRIVATE_FILE_MODE = 0o600
/** The embedded Postgres's own folder under the data folder: initdb makes it 0700 for the database's user. */
const CLUSTER_FOLDER = 'postgres'
/** The local folders of the upload collections (cms/collections/Media, SiteMedia): made private before Payload first writes there. */
const UPLOAD_FOLDERS = ['media', 'site-media']

/**
 * The mode of the data folder itself: 0700, or 0711 when the portal runs as
 * root, because Postgres then runs as its own user and must pass through it
 * to its cluster (traverse only: nobody else can list the folder).
 */
export function dataDirMode(): number {
  return userInfo().uid === 0 ? 0o711 : PRIVATE_FOLDER_MODE
}

/** Creates `dir` (its missing parents with the usual mode) and makes it `mode` (0700 by default). */
export function ensurePrivateFolder(dir: string, mode = PRIVATE_FOLDER_MODE): void {
  mkdirSync(path.dirname(dir), { recursive: true })
  mkdirSync(dir, { recursive: true, mode })
  chmodSync(dir, mode)
}

/** Writes a private file (0600), replacing an existing one's mode too. */
export function writePrivateFileSync(file: string, content: string | Uint8Array): void {
  writeFileSync(file, content, { mode: PRIVATE_FILE_MODE })
  chmodSync(file, PRIVATE_FILE_MODE)
}

/** Writes a private file (0600), replacing an existing one's mode too. */
export async function writePrivateFile(file: string, content: string | Uint8Array): Promise<void> {
  await writeFile(file, content, { mode: PRIVATE_FILE_MODE })
  await chmod(file, PRIVATE_FILE_MODE)
}

/**
 * Makes the embedded data folder private: the folder itself (`dataDirMode`),
 * every file directly inside it 0600 and every folder 0700 (what they hold is
 * then out of reach), except the cluster folder, which belongs to Postgres;
 * the upload folders are made now, private, rather than by Payload later.
 * Run at each start, so an installation from before keeps no readable file.
 */
export function secureDataDir(dataDir: string): void {
  ensurePrivateFolder(dataDir, dataDirMode())
  for (const folder of UPLOAD_FOLDERS)
    mkdirSync(path.join(dataDir, folder), { mode: PRIVATE_FOLDER_MODE, recursive: true })
  for (const entry of readdirSync(dataDir)) {
    if (entry === CLUSTER_FOLDER) continue
    const full = path.join(dataDir, entry)
    const stat = lstatSync(full)
    if (stat.isDirectory()) chmodSync(full, PRIVATE_FOLDER_MODE)
    else if (stat.isFile()) chmodSync(full, PRIVATE_FILE_MODE)
  }
}
