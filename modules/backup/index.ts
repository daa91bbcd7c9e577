/** Backups and restores of the whole portal: database and uploaded files, to a folder or S3. */

/** Takes a snapshot (the logical dump without short-lived secrets, media, signed manifest) and keeps the newest N. */
export { createBackup, type BackupResult } from './create-backup.ts'
/** Finds and checks a snapshot (signature, paths, schema, checksums), then restores it into an empty database and media storage. */
export {
  assertEmptyDataDir,
  openSnapshot,
  restoreSnapshot,
  snapshotPayloadSecret,
  type OpenSnapshot,
} from './restore-backup.ts'
/** The snapshots of a folder or of the bucket's `backups/`, their names, the removal of the oldest. */
export {
  folderDestination,
  pruneSnapshots,
  snapshotDestination,
  snapshotName,
  type SnapshotDestination,
} from './snapshots.ts'
/** The manifest's schema and types, and the files that hold it and its signature. */
export { manifestSchema, MANIFEST_FILE, SIGNATURE_FILE, SNAPSHOT_FORMAT, type Manifest } from './manifest.ts'
/** The embedded data folder's snapshot key file (when BACKUP_KEY is unset), and the keys derived from a snapshot key. */
export { BACKUP_KEY_FILE, deriveBackupKeys, type BackupKeys } from './backup-key.ts'
/** The manifest's signature file content (HMAC-SHA256 with the derived signing key). */
export { signManifest } from './sealing.ts'
/** What a snapshot never holds: the short-lived tables. */
export { SHORT_LIVED_TABLES } from './short-lived.ts'
/** Why a backup or restore stopped (Italian message), and the command's exit code for it. */
export { BackupError, exitCodeOf, type BackupErrorCode } from './errors.ts'
