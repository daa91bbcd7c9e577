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
  service_unavailable: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

type AppErrorOptions = { field?: string; cause?: unknown }

/** A failure with a code and an Italian message a user may read; thrown by services, mapped once at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly field: string | undefined
  /** Whole seconds the caller should wait before trying again: every 429 has it, the edge answers it as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined

  constructor(code: Exclude<ErrorCode, 'too_many_requests'>, message: string, options?: AppErrorOptions)
  constructor(
    code: 'too_many_requests',
    message: string,
    options: AppErrorOptions & { retryAfterSeconds: number },
  )
  constructor(code: ErrorCode, message: string, options?: AppErrorOptions & { retryAfterSeconds?: number }) {
    super(message, { cause: options?.cause })
    this.name = 'AppError'
    this.code = code
    this.field = options?.field
    this.retryAfterSeconds =
      options?.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds))
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code]
  }

  /** The same failure naming another field (a use case's field renamed as its route's parameter). */
  withField(field: string): AppError {
    const code = this.code
    const options = { field, cause: this.cause }
    return code === 'too_many_requests'
      ? new AppError(code, this.message, { ...options, retryAfterSeconds: this.retryAfterSeconds ?? 1 })
      : new AppError(code, this.message, options)
  }
}

/** A 429 with its Italian message and the seconds to wait (never a 429 without them). */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  return new AppError('too_many_requests', message, { retryAfterSeconds })
}

/** The headers an error's answer carries besides its body: `Retry-After` on a 429. */
export function errorHeaders(error: AppError): Record<string, string> {
  return error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) }
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
  return error instanceof AppError
}

/** Node's network errors and Postgres's SQLSTATEs that mean the database cannot be reached or went away. */
const DATABASE_GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
  '57P01',
  '57P02',
  '57P03',
  // connection exceptions
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])

/** The pg driver's own messages for a lost or refused connection and its timeouts. */
const DATABASE_GONE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly|terminating connection due to administrator command|the database system is (starting up|shutting down)|canceling statement due to statement timeout/i

/**
 * True when `error` (or any error it wraps: Drizzle, Payload and better-auth
 * wrap the driver's) says the database is unreachable, went away or timed out:
 * the request is answered 503 and may be retried, it is not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0) {
    const current = pending.pop()
    if (typeof current !== 'object' || current === null || seen.has(current)) continue
    seen.add(current)
    const { code, message, cause, errors } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && DATABASE_GONE_CODES.has(code)) return true
    if (typeof message === 'string' && DATABASE_GONE_MESSAGE.test(message)) return true
    pending.push(cause)
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]))
  }
  return false
}
