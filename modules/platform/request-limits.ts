/**
 * Request body limits, applied by the server before any handler reads a
 * body: a declared Content-Length over the route's limit is answered 413 at
 * once; a chunked body is counted as it arrives and cut off with 413 as soon
 * as it passes the limit. The refused bytes are dropped, never kept.
 */
import { IncomingMessage, type ServerResponse } from 'node:http'
import { it } from '../i18n/index.ts'
import { errorBody } from './errors.ts'

const KB = 1024
const MB = 1024 * KB

/** The largest profile picture a subscriber uploads. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * MB
/** The largest file an editor uploads to the CMS (Payload's `upload.limits.fileSize`). */
export const CMS_UPLOAD_MAX_BYTES = 50 * MB

/** A body limit: its size in bytes and how a user reads it. */
export type BodyLimit = { bytes: number; label: string }

/** Every route's body limit: one rule per kind of body. */
export const BODY_LIMITS = {
  /** Stripe's webhook events (a few KB; Stripe's largest are well under this). */
  stripeWebhook: { bytes: 256 * KB, label: '256 KB' },
  /** JSON and form bodies: the API, sign-in and sign-up, the site's forms, the CMS's JSON calls. */
  json: { bytes: MB, label: '1 MB' },
  /** The profile picture, with room for its multipart envelope. */
  profilePicture: { bytes: PROFILE_PICTURE_MAX_BYTES + 64 * KB, label: '5 MB' },
  /** An upload to the CMS (multipart), with room for the document's own fields. */
  cmsUpload: { bytes: CMS_UPLOAD_MAX_BYTES + MB, label: '50 MB' },
} as const satisfies Record<string, BodyLimit>

const WEBHOOK = /^\/api\/v1\/stripe\/webhook$/
const PROFILE_PICTURE = /^\/api\/v1\/user\/[^/]+\/uploadprofilepicture$/
/** The Next app's paths (the Payload admin and its REST and GraphQL API). */
const CMS = /^\/(admin|cms\/api|_next|__nextjs)(\/|$)/

/** The body limit of a request, by its path (API paths match case-insensitively) and its content type. */
export function bodyLimitOf(url: string, contentType: string | undefined): BodyLimit {
  const pathname = (url.split('?')[0] ?? '/').toLowerCase().replace(/(.)\/+$/, '$1')
  if (WEBHOOK.test(pathname)) return BODY_LIMITS.stripeWebhook
  if (PROFILE_PICTURE.test(pathname)) return BODY_LIMITS.profilePicture
  if (CMS.test(pathname) && /^multipart\/form-data\b/i.test(contentType ?? '')) return BODY_LIMITS.cmsUpload
  return BODY_LIMITS.json
}

/**
 * How long a refused connection keeps reading (and dropping) what the client
 * still sends after the 413, as a lingering close: closed at once, the
 * connection would answer the client's next bytes with a reset, which can
 * throw away the 413 before the client reads it.
 */
const REFUSED_LINGER_MS = 2_000

/**
 * The server's request class: its body can be limited. Every body byte the
 * HTTP parser receives passes through `push`; past the limit the bytes (and
 * the end of the body) are dropped, so whoever reads the body never gets a
 * truncated one, and the connection is closed once the 413 is sent.
 */
export class LimitedRequest extends IncomingMessage {
  #limit = Number.POSITIVE_INFINITY
  #received = 0
  #refused = false
  #onExceeded: (() => void) | undefined

  /** Limits the body to `limit` bytes; `onExceeded` runs once when a chunk passes it. */
  limitBody(limit: number, onExceeded: () => void): void {
    this.#limit = limit
    this.#onExceeded = onExceeded
  }

  /** Drops the rest of the body as it arrives, unread. */
  refuseBody(): void {
    this.#refused = true
  }

  // Node's HTTP parser hands each body chunk to push, and the end of the body as null.
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (this.#refused) return true
    if (chunk !== null && (chunk as { length?: number }).length !== undefined) {
      this.#received += (chunk as { length: number }).length
      if (this.#received > this.#limit) {
        this.#refused = true
        this.#onExceeded?.()
        return true
      }
    }
    return super.push(chunk, encoding)
  }
}

/**
 * Answers 413, then closes the connection the lingering way: its sending side
 * at once (the client sees the end after the 413), its reading side once the
 * client closes or the linger ends, dropping the rest of the body meanwhile.
 */
function refuse(req: IncomingMessage, res: ServerResponse, limit: BodyLimit): void {
  if (req instanceof LimitedRequest) req.refuseBody()
  else req.resume()
  const socket = req.socket
  const close = () => {
    // HTTP sockets are half-open: end() sends the end of the answer and keeps reading what still arrives.
    socket.end()
    const timer = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref()
    socket.once('close', () => clearTimeout(timer))
  }
  if (res.headersSent) {
    // A handler answered without waiting for the body: the connection just ends.
    close()
    return
  }
  const text = JSON.stringify(errorBody('payload_too_large', it.errors.bodyTooLarge(limit.label)))
  // No 'Connection: close': Node would then destroy the socket as soon as the answer is written.
  res.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  res.end(text, close)
}

/**
 * Applies the route's body limit to a request before anything reads it.
 * True when the request is already answered (413 for a Content-Length over
 * the limit); otherwise a chunked body is counted as it arrives (the server
 * must create its requests as LimitedRequest).
 */
export function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): boolean {
  const limit = bodyLimitOf(req.url ?? '/', req.headers['content-type'])
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit.bytes) {
    refuse(req, res, limit)
    return true
  }
  if (req instanceof LimitedRequest) req.limitBody(limit.bytes, () => refuse(req, res, limit))
  return false
}
