/** Backups and restores of the whole portal: database and uploaded files, to a folder or S3. */

/** Takes a snapshot (pg_dump or the logical dump, media, manifest) and keeps the newest N. */
export { createBackup, type BackupResult } from './create-backup.ts'
/** Finds and checks a snapshot, then restores it into an empty database and media storage. */
export { assertEmptyDataDir, openSnapshot, restoreSnapshot, type OpenSnapshot } from './restore-backup.ts'
/** The snapshots of a folder or of the bucket's `backups/`, their names, the removal of the oldest. */
export {
  folderDestination,
  pruneSnapshots,
  snapshotDestination,
  snapshotName,
  type SnapshotDestination,
} from './snapshots.ts'
/** The manifest's schema and types. */
export { manifestSchema, MANIFEST_FILE, SNAPSHOT_FORMAT, type Manifest } from './manifest.ts'
/** Why a backup or restore stopped (Italian message), and the command's exit code for it. */
export { BackupError, exitCodeOf, type BackupErrorCode } from './errors.ts'
/** The major version of a PostgreSQL tool from its `--version` line. */
export { toolMajor } from './pg-dump.ts'
