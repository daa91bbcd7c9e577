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

/** A failure with a code and an Italian message a user may read; thrown by services, mapped once at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined

  constructor(code: ErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, { cause: options?.cause })
    this.name = 'AppError'
    this.code = code
    this.field = options?.field
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
