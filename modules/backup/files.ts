import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PRIVATE_FILE_MODE } from '../platform/index.ts'

/** A pass-through stream that hashes (SHA-256) and counts what goes through it. */
export class Digest extends Transform {
  private readonly hash = createHash('sha256')
  bytes = 0

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk)
    this.bytes += chunk.length
    done(null, chunk)
  }

  hex(): string {
    return this.hash.digest('hex')
  }
}

/** A pass-through stream that counts the lines (rows of COPY's text format) going through it. */
export class LineCounter extends Transform {
  lines = 0

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.lines += 1
    done(null, chunk)
  }
}

/** The SHA-256 of a file, in hexadecimal. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Copies `source` into a new private file `target` through `transform` (encryption or decryption). */
export async function transformFile(source: string, target: string, transform: Transform): Promise<void> {
  await pipeline(createReadStream(source), transform, createWriteStream(target, { mode: PRIVATE_FILE_MODE }))
}
