/** Error codes the edge maps to HTTP statuses. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

/** Marks an AppError, so one thrown by another copy of this module (the site's bundle) is still recognised. */
const APP_ERROR = Symbol.for('bancadati.AppError')

/** A failure with a code and an Italian message a user may read; thrown by services, mapped once at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined

  constructor(code: ErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, { cause: options?.cause })
    this.name = 'AppError'
    this.code = code
    this.field = options?.field
    Object.defineProperty(this, APP_ERROR, { value: true })
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code]
  }
}

/** The one JSON shape of every API error. */
export type ErrorBody = { error: { code: string; message: string; field?: string } }

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } }
}

/**
 * True for an AppError, also one created by another copy of this module: the
 * server entry and the site's bundle each load their own, and a rate limiter
 * made by one may throw into the other.
 */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[APP_ERROR] === true)
  )
}
