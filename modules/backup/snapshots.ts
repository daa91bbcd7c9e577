/**
 * The snapshots of a destination: a local folder (BACKUP_DIR or the folder
 * given), or the bucket's `backups/` prefix with S3_BUCKET. A snapshot is a
 * folder `bancadati-AAAAMMGG-HHMMSS` (UTC) holding `manifest.json`.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ensurePrivateFolder, type Env } from '../platform/index.ts'
import { MANIFEST_FILE } from './manifest.ts'
import { bucketStore, folderStore, s3Client, type FileStore } from './storage.ts'

/** The key prefix of the snapshots in the bucket. */
export const BUCKET_PREFIX = 'backups'

const NAME = /^bancadati-\d{8}-\d{6}$/

/** The name of a snapshot taken at `date`. */
export function snapshotName(date: Date): string {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')
  return `bancadati-${stamp}`
}

/** Where snapshots go and come from. */
export interface SnapshotDestination {
  /** Where a snapshot is, for messages. */
  where(name: string): string
  /** A local folder to build a snapshot in. */
  prepare(name: string): Promise<string>
  /** Makes the folder `prepare` gave the snapshot `name` (the manifest last). */
  publish(dir: string, name: string): Promise<void>
  /** The complete snapshots, oldest first. */
  list(): Promise<string[]>
  remove(name: string): Promise<void>
}

/**
 * Snapshots in a local folder: built under `<name>.partial`, renamed when
 * complete. The folder is made private (0700) when the backup creates it; an
 * existing one keeps the mode its owner gave it (each snapshot is 0700 anyway).
 */
export function folderDestination(root: string): SnapshotDestination {
  const folder = path.resolve(root)
  return {
    where: (name) => path.join(folder, name),
    prepare: async (name) => {
      if (!existsSync(folder)) ensurePrivateFolder(folder)
      const dir = path.join(folder, `${name}.partial`)
      await rm(dir, { recursive: true, force: true })
      return dir
    },
    publish: async (dir, name) => rename(dir, path.join(folder, name)),
    list: async () => {
      if (!existsSync(folder)) return []
      const names = (await readdir(folder)).filter(
        (name) => NAME.test(name) && existsSync(path.join(folder, name, MANIFEST_FILE)),
      )
      return names.sort()
    },
    remove: (name) => rm(path.join(folder, name), { recursive: true, force: true }),
  }
}

/** Snapshots under `backups/` in a bucket: built in a temporary folder, then uploaded. */
export function bucketDestination(store: FileStore): SnapshotDestination {
  return {
    where: (name) => `${store.where}${name}`,
    prepare: async () => mkdtemp(path.join(tmpdir(), 'bancadati-backup-')),
    publish: async (dir, name) => {
      const files = (await folderStore(dir).list('')).filter((file) => file !== MANIFEST_FILE)
      for (const file of files) await store.upload(path.join(dir, file), `${name}/${file}`)
      await store.upload(path.join(dir, MANIFEST_FILE), `${name}/${MANIFEST_FILE}`)
      await rm(dir, { recursive: true, force: true })
    },
    list: async () => {
      const keys = await store.list('')
      return keys
        .filter((key) => key.endsWith(`/${MANIFEST_FILE}`))
        .map((key) => key.slice(0, -MANIFEST_FILE.length - 1))
        .filter((name) => NAME.test(name))
        .sort()
    },
    remove: async (name) => store.remove(await store.list(`${name}/`)),
  }
}

/** The destination of the settings: the bucket with S3_BUCKET, else `folder` (BACKUP_DIR by default). */
export function snapshotDestination(env: Env, folder?: string): SnapshotDestination {
  if (env.S3_BUCKET) return bucketDestination(bucketStore(s3Client(env), env.S3_BUCKET, BUCKET_PREFIX))
  return folderDestination(folder ?? env.BACKUP_DIR)
}

/** Removes the oldest snapshots beyond the newest `keep`; their names. */
export async function pruneSnapshots(destination: SnapshotDestination, keep: number): Promise<string[]> {
  const names = await destination.list()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await destination.remove(name)
  return old
}
