/**
 * A backup: the database (pg_dump when a recent enough one is installed, the
 * portal's own logical dump otherwise) and the uploaded files, with a
 * manifest of counts and checksums, written to the destination; then the
 * snapshots beyond the newest `keep` are removed.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import type { Env } from '../platform/index.ts'
import { appliedMigrations, DATABASE_FOLDER, dumpDatabase, serverMajor } from './dump-database.ts'
import { fileSha256 } from './files.ts'
import { MANIFEST_FILE, SNAPSHOT_FORMAT, type Manifest } from './manifest.ts'
import { findTool, pgDump } from './pg-dump.ts'
import { pruneSnapshots, snapshotName, type SnapshotDestination } from './snapshots.ts'
import { MEDIA_FOLDERS, mediaStore } from './storage.ts'

/** The folder of the uploaded files inside a snapshot. */
export const MEDIA_FOLDER = 'media'

export type BackupResult = { name: string; where: string; manifest: Manifest; pruned: string[] }

async function databaseFacts(databaseUrl: string): Promise<{ major: number; migrations: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return { major: await serverMajor(client), migrations: await appliedMigrations(client) }
  } finally {
    await client.end()
  }
}

/** Dumps the database into `dir`: with pg_dump when one can read the server, else the logical dump. */
async function dumpInto(env: Env, dir: string, logger: Logger): Promise<Manifest['database']> {
  const facts = await databaseFacts(env.databaseUrl)
  const tool = await findTool('pg_dump', facts.major, env.PG_DUMP)
  if (!tool) {
    logger.info(
      { serverMajor: facts.major },
      'Nessun pg_dump adatto al server: uso il dump logico del portale',
    )
    return dumpDatabase({ databaseUrl: env.databaseUrl, dir })
  }
  const file = `${DATABASE_FOLDER}/database.dump`
  await mkdir(path.join(dir, DATABASE_FOLDER), { recursive: true })
  await pgDump(tool, env.databaseUrl, path.join(dir, file))
  return {
    method: 'pg_dump',
    serverMajor: facts.major,
    migrations: facts.migrations,
    tables: [],
    sequences: [],
    archive: {
      file,
      sha256: await fileSha256(path.join(dir, file)),
      bytes: (await stat(path.join(dir, file))).size,
    },
  }
}

/** Copies the uploaded files into `dir`; the manifest's list. */
async function copyMedia(env: Env, dir: string): Promise<Manifest['media']> {
  const store = mediaStore(env)
  const media: Manifest['media'] = []
  for (const folder of MEDIA_FOLDERS) {
    for (const relative of await store.list(`${folder}/`)) {
      const target = path.join(dir, MEDIA_FOLDER, relative)
      await store.download(relative, target)
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
  const name = snapshotName(options.now ?? new Date())
  const dir = await destination.prepare(name)
  await mkdir(dir, { recursive: true })
  let manifest: Manifest
  try {
    const database = await dumpInto(env, dir, logger)
    const media = await copyMedia(env, dir)
    manifest = {
      format: SNAPSHOT_FORMAT,
      portalVersion: options.portalVersion,
      createdAt: (options.now ?? new Date()).toISOString(),
      database,
      media,
      ...(env.embedded ? { secrets: { payloadSecret: env.payloadSecret } } : {}),
    }
    await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    await destination.publish(dir, name)
  } catch (error) {
    // An incomplete snapshot is never left behind.
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  const { database, media } = manifest
  const pruned = await pruneSnapshots(destination, options.keep)
  logger.info(
    { snapshot: name, tables: database.tables.length, media: media.length, method: database.method, pruned },
    'Istantanea scritta',
  )
  return { name, where: destination.where(name), manifest, pruned }
}
