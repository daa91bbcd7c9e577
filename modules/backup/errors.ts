/** Why a backup or a restore stopped; `message` is Italian, for the operator. */
export type BackupErrorCode =
  /** The snapshot does not exist or is incomplete. */
  | 'not_found'
  /** The snapshot is damaged, unsigned or signed with another key, of another format or database schema. */
  | 'invalid'
  /** No snapshot key: BACKUP_KEY (production), or the embedded data folder's key file for a restore. */
  | 'no_key'
  /** The restore's target already holds data. */
  | 'not_empty'
  /** A tool or the database failed along the way. */
  | 'failed'

export class BackupError extends Error {
  readonly code: BackupErrorCode

  constructor(code: BackupErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BackupError'
    this.code = code
  }
}

/** The exit code of a command stopped by `error`: 66 no input, 65 bad data, 73 target not empty, 78 no key, 1 otherwise. */
export function exitCodeOf(error: BackupError): number {
  return { not_found: 66, invalid: 65, no_key: 78, not_empty: 73, failed: 1 }[error.code]
}
