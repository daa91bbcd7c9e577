/**
 * A backup: the database (the portal's logical dump, without its short-lived
 * secrets) and the uploaded files, with a manifest of counts and checksums,
 * signed with the snapshot key and written last, to the destination; every
 * folder 0700 and file 0600, every file encrypted with BACKUP_ENCRYPT. Then
 * the snapshots beyond the newest `keep` are removed.
 */
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import { ensurePrivateFolder, PRIVATE_FOLDER_MODE, writePrivateFile, type Env } from '../platform/index.ts'
import { backupKeys } from './backup-key.ts'
import { dumpDatabase } from './dump-database.ts'
import { fileSha256, transformFile } from './files.ts'
import { MANIFEST_FILE, SIGNATURE_FILE, SNAPSHOT_FORMAT, type Manifest } from './manifest.ts'
import { encryptingStream, sealText, signManifest } from './sealing.ts'
import { pruneSnapshots, snapshotName, type SnapshotDestination } from './snapshots.ts'
import { MEDIA_FOLDERS, mediaStore } from './storage.ts'

/** The folder of the uploaded files inside a snapshot. */
export const MEDIA_FOLDER = 'media'

export type BackupResult = { name: string; where: string; manifest: Manifest; pruned: string[] }

/** Copies the uploaded files into `dir` (encrypted with `encryptionKey` when given); the manifest's list. */
async function copyMedia(
  env: Env,
  dir: string,
  encryptionKey: Buffer | undefined,
): Promise<Manifest['media']> {
  const store = mediaStore(env)
  const media: Manifest['media'] = []
  for (const folder of MEDIA_FOLDERS) {
    for (const relative of await store.list(`${folder}/`)) {
      const target = path.join(dir, MEDIA_FOLDER, relative)
      if (encryptionKey) {
        // Fetched in clear beside the snapshot's files (0600), encrypted into place, removed.
        const plain = path.join(dir, '.plain-media')
        await store.download(relative, plain)
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE })
        await transformFile(plain, target, encryptingStream(encryptionKey))
        await rm(plain)
      } else {
        await store.download(relative, target)
      }
      media.push({ path: relative, bytes: (await stat(target)).size, sha256: await fileSha256(target) })
    }
  }
  return media
}

/** Takes a snapshot of the portal into `destination`, keeping the newest `keep`. */
export async function createBackup(options: {
  env: Env
  destination: SnapshotDestination
  keep: number
  portalVersion: string
  logger: Logger
  now?: Date
}): Promise<BackupResult> {
  const { env, destination, logger } = options
  const keys = await backupKeys(env, 'backup')
  const encryptionKey = env.BACKUP_ENCRYPT ? keys.encryption : undefined
  const name = snapshotName(options.now ?? new Date())
  const dir = await destination.prepare(name)
  ensurePrivateFolder(dir)
  let manifest: Manifest
  try {
    const database = await dumpDatabase({ databaseUrl: env.databaseUrl, dir, encryptionKey })
    const media = await copyMedia(env, dir, encryptionKey)
    manifest = {
      format: SNAPSHOT_FORMAT,
      portalVersion: options.portalVersion,
      createdAt: (options.now ?? new Date()).toISOString(),
      encryption: encryptionKey ? 'aes-256-gcm' : 'none',
      database,
      media,
      ...(env.embedded ? { secrets: { payloadSecret: sealText(env.payloadSecret, keys.encryption) } } : {}),
    }
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
    await writePrivateFile(path.join(dir, SIGNATURE_FILE), signManifest(bytes, keys.signing))
    await writePrivateFile(path.join(dir, MANIFEST_FILE), bytes)
    await destination.publish(dir, name)
  } catch (error) {
    // An incomplete snapshot is never left behind.
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  const { database, media } = manifest
  const pruned = await pruneSnapshots(destination, options.keep)
  logger.info(
    {
      snapshot: name,
      tables: database.tables.length,
      media: media.length,
      encrypted: !!encryptionKey,
      pruned,
    },
    'Istantanea scritta',
  )
  return { name, where: destination.where(name), manifest, pruned }
}
