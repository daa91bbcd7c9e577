/** Why a backup or a restore stopped; `message` is Italian, for the operator. */
export type BackupErrorCode =
  /** The snapshot does not exist or is incomplete. */
  | 'not_found'
  /** The snapshot is damaged, of another format, or of another database schema. */
  | 'invalid'
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

/** The exit code of a command stopped by `error`: 66 no input, 65 bad data, 73 target not empty, 1 otherwise. */
export function exitCodeOf(error: BackupError): number {
  return { not_found: 66, invalid: 65, not_empty: 73, failed: 1 }[error.code]
}
