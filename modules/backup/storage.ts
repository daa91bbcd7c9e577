/**
 * Where uploaded files and snapshots live: a folder on local disk, or an
 * S3-compatible bucket (the settings of cms/storage.ts: S3_BUCKET, S3_REGION,
 * S3_ENDPOINT, the key pair, S3_FORCE_PATH_STYLE).
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, type Env } from '../platform/index.ts'

/** The folders of the upload collections (the local folder under DATA_DIR, or the key prefix in the bucket). */
export const MEDIA_FOLDERS = ['media', 'site-media'] as const

/** Files by relative path (`a/b.pdf`) in a folder or under a key prefix. */
export interface FileStore {
  /** Where, for messages. */
  readonly where: string
  /** Every file's relative path, sorted. */
  list(prefix: string): Promise<string[]>
  /** Copies a file of the store into a local file. */
  download(relative: string, file: string): Promise<void>
  /** Copies a local file into the store. */
  upload(file: string, relative: string): Promise<void>
  remove(relatives: string[]): Promise<void>
}

/** A folder on local disk; what it writes is private (folders 0700, files 0600). */
export function folderStore(root: string): FileStore {
  const walk = async (dir: string, base: string, out: string[]) => {
    if (!existsSync(dir)) return out
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const relative = base ? `${base}/${entry.name}` : entry.name
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative, out)
      else if (entry.isFile()) out.push(relative)
    }
    return out
  }
  return {
    where: root,
    list: async (prefix) => (await walk(path.join(root, prefix), prefix.replace(/\/$/, ''), [])).sort(),
    download: async (relative, file) => {
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE })
      await pipeline(
        createReadStream(path.join(root, relative)),
        createWriteStream(file, { mode: PRIVATE_FILE_MODE }),
      )
    },
    upload: async (file, relative) => {
      const target = path.join(root, relative)
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE })
      await pipeline(createReadStream(file), createWriteStream(target, { mode: PRIVATE_FILE_MODE }))
    },
    remove: async (relatives) => {
      for (const relative of relatives) await rm(path.join(root, relative), { force: true })
    },
  }
}

/** The S3 client of the settings (the same as the media storage's). */
export function s3Client(env: Env): S3Client {
  return new S3Client({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    // Streamed uploads as plain bodies with their length: not every S3-compatible store reads
    // the SDK's default aws-chunked encoding with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  })
}

/** The keys under `root/` in a bucket (root '' for the whole bucket). */
export function bucketStore(client: S3Client, bucket: string, root = ''): FileStore {
  const key = (relative: string) => (root ? `${root}/${relative}` : relative)
  return {
    where: `s3://${bucket}/${root ? `${root}/` : ''}`,
    list: async (prefix) => {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: key(prefix), ContinuationToken: token }),
        )
        for (const object of page.Contents ?? []) {
          if (object.Key && !object.Key.endsWith('/'))
            keys.push(root ? object.Key.slice(root.length + 1) : object.Key)
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },
    download: async (relative, file) => {
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE })
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(relative) }))
      await pipeline(object.Body as Readable, createWriteStream(file, { mode: PRIVATE_FILE_MODE }))
    },
    upload: async (file, relative) => {
      const { size } = await stat(file)
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(relative),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      )
    },
    remove: async (relatives) => {
      for (let at = 0; at < relatives.length; at += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: relatives.slice(at, at + 1000).map((relative) => ({ Key: key(relative) })) },
          }),
        )
      }
    },
  }
}

/** The uploaded files of the portal: the bucket with S3_BUCKET, the folders under DATA_DIR otherwise. */
export function mediaStore(env: Env): FileStore {
  return env.S3_BUCKET ? bucketStore(s3Client(env), env.S3_BUCKET) : folderStore(env.dataDir)
}
