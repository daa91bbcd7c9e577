/**
 * The cryptography of a snapshot, all node:crypto: the manifest's signature
 * (HMAC-SHA256 over its exact bytes, compared in constant time), the files'
 * encryption (AES-256-GCM, a random 96-bit nonce per file: nonce, ciphertext,
 * then the 128-bit tag), and a sealed short text (the embedded installation's
 * signing secret inside the manifest).
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
  type DecipherGCM,
} from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'

const ALGORITHM = 'aes-256-gcm'
const NONCE_BYTES = 12
const TAG_BYTES = 16
/** The prefix of a signature file's line, naming the algorithm. */
const SIGNATURE_PREFIX = 'hmac-sha256:'
/** The prefix of a sealed text, naming the layout. */
const SEALED_PREFIX = 'aes-256-gcm:'

/** The signature file's content for a manifest's bytes. */
export function signManifest(manifest: Buffer, key: Buffer): string {
  return `${SIGNATURE_PREFIX}${createHmac('sha256', key).update(manifest).digest('hex')}\n`
}

/** Whether `signature` (a signature file's content) is the manifest's under `key`. */
export function verifyManifest(manifest: Buffer, signature: string, key: Buffer): boolean {
  const expected = Buffer.from(signManifest(manifest, key).trim())
  const given = Buffer.from(signature.trim())
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A stream that encrypts what goes through it: nonce, ciphertext, tag. */
export function encryptingStream(key: Buffer): Transform {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, nonce)
  let started = false
  const start = (stream: Transform) => {
    if (!started) stream.push(nonce)
    started = true
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      start(this)
      done(null, cipher.update(chunk))
    },
    flush(done: TransformCallback) {
      start(this)
      this.push(cipher.final())
      done(null, cipher.getAuthTag())
    },
  })
}

/**
 * A stream that decrypts what `encryptingStream` wrote; it fails at the end
 * when the tag does not match (another key, or altered bytes). The last 16
 * bytes are held back as they arrive: they are the tag.
 */
export function decryptingStream(key: Buffer): Transform {
  let head = Buffer.alloc(0)
  let decipher: DecipherGCM | undefined
  let tail = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let data = chunk
      if (!decipher) {
        head = Buffer.concat([head, data])
        if (head.length < NONCE_BYTES) return done()
        decipher = createDecipheriv(ALGORITHM, key, head.subarray(0, NONCE_BYTES))
        data = head.subarray(NONCE_BYTES)
      }
      const pending = Buffer.concat([tail, data])
      const cut = Math.max(0, pending.length - TAG_BYTES)
      tail = pending.subarray(cut)
      done(null, decipher.update(pending.subarray(0, cut)))
    },
    flush(done: TransformCallback) {
      if (!decipher || tail.length < TAG_BYTES) return done(new Error('File cifrato troncato'))
      try {
        decipher.setAuthTag(tail)
        done(null, decipher.final())
      } catch (error) {
        done(error as Error)
      }
    },
  })
}

/** A short text encrypted with `key`, as one line of text. */
export function sealText(text: string, key: Buffer): string {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, nonce)
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return `${SEALED_PREFIX}${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`
}

/** The text `sealText` sealed; undefined when it was sealed with another key or altered. */
export function openText(sealed: string, key: Buffer): string | undefined {
  if (!sealed.startsWith(SEALED_PREFIX)) return undefined
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url')
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, NONCE_BYTES))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    const body = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    // A wrong key or altered bytes: GCM's tag does not match.
    return undefined
  }
}
