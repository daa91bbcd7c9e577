/**
 * A restore, in two steps so nothing is written before the snapshot is known
 * good: `openSnapshot` finds it (a folder, or a name or s3:// address in the
 * bucket), reads its manifest and checks every file's checksum and the
 * database schema it needs; `restoreSnapshot` then refuses a target that
 * holds data, rebuilds the schema (the caller runs the migrations), loads the
 * rows and copies the uploaded files.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { backup as strings } from '../i18n/index.ts'
import type { Env } from '../platform/index.ts'
import { MEDIA_FOLDER } from './create-backup.ts'
import { BackupError } from './errors.ts'
import { fileSha256 } from './files.ts'
import { loadDatabase } from './load-database.ts'
import { MANIFEST_FILE, SNAPSHOT_FORMAT, manifestSchema, type Manifest } from './manifest.ts'
import { findTool, pgRestore } from './pg-dump.ts'
import { BUCKET_PREFIX } from './snapshots.ts'
import { bucketStore, MEDIA_FOLDERS, mediaStore, s3Client } from './storage.ts'

/** A snapshot checked and ready in a local folder. */
export type OpenSnapshot = {
  name: string
  dir: string
  manifest: Manifest
  /** Removes the local copy of a snapshot fetched from the bucket. */
  close: () => Promise<void>
}

/** Brings a snapshot into a local folder: itself when it is one, else a download from the bucket. */
async function fetchSnapshot(
  env: Env,
  source: string,
): Promise<{ name: string; dir: string; fetched: boolean }> {
  const address = /^s3:\/\/([^/]+)\/(.+?)\/?$/.exec(source)
  if (!address && existsSync(path.join(source, MANIFEST_FILE))) {
    return { name: path.basename(path.resolve(source)), dir: path.resolve(source), fetched: false }
  }
  if (!address && (!env.S3_BUCKET || existsSync(source) || source.includes('/'))) {
    throw new BackupError('not_found', strings.errors.notFound(source))
  }
  if (!env.S3_REGION) throw new BackupError('not_found', strings.errors.s3Unconfigured)
  const [bucket, root] = address ? [address[1]!, address[2]!] : [env.S3_BUCKET!, `${BUCKET_PREFIX}/${source}`]
  const store = bucketStore(s3Client(env), bucket, root)
  const files = await store.list('')
  if (!files.includes(MANIFEST_FILE)) throw new BackupError('not_found', strings.errors.notFound(store.where))
  const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-restore-'))
  for (const file of files) await store.download(file, path.join(dir, file))
  return { name: path.posix.basename(root), dir, fetched: true }
}

/** The manifest of the snapshot in `dir`, validated. */
async function readManifest(dir: string): Promise<Manifest> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8'))
  } catch (error) {
    throw new BackupError('invalid', strings.errors.badManifest((error as Error).message), { cause: error })
  }
  const format = (raw as { format?: unknown } | null)?.format
  if (format !== SNAPSHOT_FORMAT) throw new BackupError('invalid', strings.errors.unsupportedFormat(format))
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new BackupError(
      'invalid',
      strings.errors.badManifest(`${issue?.path.join('.')}: ${issue?.message}`),
    )
  }
  return parsed.data
}

/** Checks the checksum of every file the manifest lists. */
async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  const files = [
    ...manifest.database.tables.map((table) => ({ file: table.file, sha256: table.sha256 })),
    ...(manifest.database.archive ? [manifest.database.archive] : []),
    ...manifest.media.map((media) => ({ file: `${MEDIA_FOLDER}/${media.path}`, sha256: media.sha256 })),
  ]
  for (const { file, sha256 } of files) {
    const full = path.join(dir, file)
    if (!existsSync(full)) throw new BackupError('invalid', strings.errors.missingFile(file))
    if ((await fileSha256(full)) !== sha256) throw new BackupError('invalid', strings.errors.checksum(file))
  }
}

/**
 * Opens and checks a snapshot. `migrations` are this portal's: a logical dump
 * needs the same list (its schema is rebuilt by running them), a pg_dump
 * archive a list that starts like this one (the portal applies the rest at start).
 */
export async function openSnapshot(options: {
  env: Env
  source: string
  migrations: string[]
}): Promise<OpenSnapshot> {
  const fetched = await fetchSnapshot(options.env, options.source)
  const close = async () => {
    if (fetched.fetched) await rm(fetched.dir, { recursive: true, force: true })
  }
  try {
    const manifest = await readManifest(fetched.dir)
    const taken = manifest.database.migrations
    const same =
      manifest.database.method === 'logical'
        ? taken.length === options.migrations.length &&
          taken.every((name, index) => options.migrations[index] === name)
        : taken.every((name, index) => options.migrations[index] === name)
    if (!same) throw new BackupError('invalid', strings.errors.migrations(manifest.portalVersion))
    await verifyFiles(fetched.dir, manifest)
    return { name: fetched.name, dir: fetched.dir, manifest, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** An embedded data directory the restore may write into: missing, empty, or holding only its secrets. */
export async function assertEmptyDataDir(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return
  const entries = (await readdir(dataDir)).filter((entry) => entry !== 'secrets.json')
  if (entries.length > 0) throw new BackupError('not_empty', strings.errors.dataDirNotEmpty(dataDir))
}

/** Refuses a database that holds any table, and a media store that holds any file. */
async function assertEmptyTarget(env: Env): Promise<void> {
  const client = new pg.Client({ connectionString: env.databaseUrl })
  await client.connect()
  try {
    const result = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%'`,
    )
    const tables = result.rows[0]?.tables ?? 0
    if (tables > 0) throw new BackupError('not_empty', strings.errors.databaseNotEmpty(tables))
  } finally {
    await client.end()
  }
  const store = mediaStore(env)
  for (const folder of MEDIA_FOLDERS) {
    if ((await store.list(`${folder}/`)).length > 0) {
      throw new BackupError(
        'not_empty',
        strings.errors.mediaNotEmpty(`${store.where.replace(/\/$/, '')}/${folder}`),
      )
    }
  }
}

/**
 * Restores an opened snapshot into the settings' database and media storage,
 * both empty. `applyMigrations` builds the schema of a logical dump (the
 * Payload migrations the snapshot lists, on the empty database).
 */
export async function restoreSnapshot(options: {
  env: Env
  snapshot: OpenSnapshot
  applyMigrations: (names: string[]) => Promise<void>
  logger: Logger
}): Promise<void> {
  const { env, snapshot, logger } = options
  const { database } = snapshot.manifest
  await assertEmptyTarget(env)
  if (database.method === 'pg_dump') {
    const tool = await findTool('pg_restore', database.serverMajor, env.PG_DUMP)
    if (!tool) throw new BackupError('failed', strings.errors.noPgRestore(database.serverMajor))
    await pgRestore(tool, env.databaseUrl, path.join(snapshot.dir, database.archive!.file))
  } else {
    await options.applyMigrations(database.migrations)
    await loadDatabase({ databaseUrl: env.databaseUrl, dir: snapshot.dir, database })
  }
  logger.info({ snapshot: snapshot.name, tables: database.tables.length }, 'Database ripristinato')
  const store = mediaStore(env)
  for (const media of snapshot.manifest.media) {
    await store.upload(path.join(snapshot.dir, MEDIA_FOLDER, media.path), media.path)
  }
  logger.info({ files: snapshot.manifest.media.length }, 'File caricati ripristinati')
}
