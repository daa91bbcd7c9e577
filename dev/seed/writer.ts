/** Writes a data package to disk: one streamed JSON Lines file per entity, media, manifest. */
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { entityOrder, type EntityName, type EntityRecords, type Manifest } from './types.ts'

const chunkSize = 512 * 1024

/** Buffers lines and writes them in large chunks, waiting for the stream to drain. */
class JsonlFile {
  readonly stream: WriteStream
  private buffer: string[] = []
  private size = 0
  count = 0

  constructor(file: string) {
    this.stream = createWriteStream(file, { encoding: 'utf8', highWaterMark: chunkSize * 2 })
  }

  async write(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`
    this.buffer.push(line)
    this.size += line.length
    this.count++
    if (this.size >= chunkSize) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return
    const data = this.buffer.join('')
    this.buffer = []
    this.size = 0
    if (!this.stream.write(data)) await once(this.stream, 'drain')
  }

  async close(): Promise<void> {
    await this.flush()
    this.stream.end()
    await finished(this.stream)
  }
}

export type PackageWriter = {
  /** Appends one record to the entity's file (opened on first use). */
  write<K extends EntityName>(entity: K, record: EntityRecords[K]): Promise<void>
  /** Writes a file into the package's media folder. */
  addMedia(file: string, data: Uint8Array | string): Promise<void>
  /** Closes every file and writes manifest.json; returns the manifest and record counts. */
  finish(): Promise<{ manifest: Manifest; counts: Partial<Record<EntityName, number>> }>
}

/**
 * Opens a package folder for writing. Files of a previous package in the same folder
 * (manifest, entity files, media) are removed first; nothing else is touched.
 */
export async function createPackageWriter(
  dir: string,
  meta: { name: string; createdAt: string },
): Promise<PackageWriter> {
  await mkdir(dir, { recursive: true })
  const stale = new Set(['manifest.json', ...entityOrder.map((e) => `${e}.jsonl`)])
  for (const entry of await readdir(dir)) {
    if (stale.has(entry)) await rm(path.join(dir, entry))
  }
  await rm(path.join(dir, 'media'), { recursive: true, force: true })
  const files = new Map<EntityName, JsonlFile>()
  let mediaReady = false

  return {
    async write(entity, record) {
      let file = files.get(entity)
      if (!file) {
        file = new JsonlFile(path.join(dir, `${entity}.jsonl`))
        files.set(entity, file)
      }
      await file.write(record)
    },
    async addMedia(file, data) {
      if (file.includes('/') || file.includes('\\') || file.startsWith('.'))
        throw new Error(`invalid media file name: ${file}`)
      if (!mediaReady) {
        await mkdir(path.join(dir, 'media'), { recursive: true })
        mediaReady = true
      }
      await writeFile(path.join(dir, 'media', file), data)
    },
    async finish() {
      const counts: Partial<Record<EntityName, number>> = {}
      const manifestFiles: Partial<Record<EntityName, string>> = {}
      for (const entity of entityOrder) {
        const file = files.get(entity)
        if (!file) continue
        await file.close()
        counts[entity] = file.count
        manifestFiles[entity] = `${entity}.jsonl`
      }
      const manifest: Manifest = {
        format: 'bancadati-ccnl/1',
        name: meta.name,
        createdAt: meta.createdAt,
        files: manifestFiles,
      }
      await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
      return { manifest, counts }
    },
  }
}
