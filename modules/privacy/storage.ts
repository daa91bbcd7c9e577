/**
 * Where the export archives are kept: with S3_BUCKET set, in that bucket
 * under `data-exports/` (as the media collections keep theirs under their own
 * prefix, cms/storage.ts); otherwise on local disk under DATA_DIR/exports.
 * Archives are never served directly: only the download page reads them,
 * after checking the link and the signed-in account.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getEnv } from '../platform/index.ts'

/** A store of archives by key. */
export type ExportStore = {
  put: (key: string, bytes: Uint8Array) => Promise<void>
  get: (key: string) => Promise<Buffer>
  remove: (key: string) => Promise<void>
}

const PREFIX = 'data-exports'

function diskStore(dir: string): ExportStore {
  const file = (key: string) => path.join(dir, path.basename(key))
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await writeFile(file(key), bytes, { mode: 0o600 })
    },
    get: (key) => readFile(file(key)),
    remove: (key) => rm(file(key), { force: true }),
  }
}

function bucketStore(bucket: string): ExportStore {
  const env = getEnv()
  const client = new S3Client({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  })
  const objectKey = (key: string) => `${PREFIX}/${path.basename(key)}`
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: 'application/zip',
        }),
      )
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
      if (!answer.Body) throw new Error(`Archivio ${key} vuoto nel bucket`)
      return Buffer.from(await answer.Body.transformToByteArray())
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
    },
  }
}

let store: ExportStore | undefined

/** The archives' store of this process (the bucket when S3_BUCKET is set, else DATA_DIR/exports). */
export function exportStore(): ExportStore {
  const env = getEnv()
  store ??= env.S3_BUCKET ? bucketStore(env.S3_BUCKET) : diskStore(path.join(env.dataDir, 'exports'))
  return store
}
