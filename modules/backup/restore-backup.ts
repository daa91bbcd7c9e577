/**
 * A restore, in two steps so nothing is written before the snapshot is known
 * good: `openSnapshot` finds it (a folder, or a name or s3:// address in the
 * bucket), checks the manifest's signature with the snapshot key, then the
 * manifest, that every path stays inside the snapshot, the database schema it
 * was taken at and every file's checksum; `restoreSnapshot` then refuses a
 * target that holds data, rebuilds the schema with the portal's own
 * migrations (the caller runs them) and the code's own run-time tables,
 * loads the rows into the tables and columns that schema has, and copies the
 * uploaded files. Nothing read from a snapshot is ever run as SQL.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { backup as strings } from '../i18n/index.ts'
import type { Env } from '../platform/index.ts'
import { BACKUP_KEY_FILE, backupKeys, type BackupKeys } from './backup-key.ts'
import { MEDIA_FOLDER } from './create-backup.ts'
import { BackupError } from './errors.ts'
import { fileSha256, transformFile } from './files.ts'
import { loadDatabase } from './load-database.ts'
import { MANIFEST_FILE, SIGNATURE_FILE, SNAPSHOT_FORMAT, manifestSchema, type Manifest } from './manifest.ts'
import { decryptingStream, openText, verifyManifest } from './sealing.ts'
import { assertInside, snapshotFile } from './snapshot-paths.ts'
import { BUCKET_PREFIX } from './snapshots.ts'
import { bucketStore, MEDIA_FOLDERS, mediaStore, s3Client } from './storage.ts'

/** A snapshot checked and ready in a local folder. */
export type OpenSnapshot = {
  name: string
  dir: string
  manifest: Manifest
  /** The keys that verified it, and decrypt it when it is encrypted. */
  keys: BackupKeys
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
  // Every key becomes a path under the local folder: none may lead out of it.
  for (const file of files) assertInside(file)
  const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-restore-'))
  for (const file of files) await store.download(file, path.join(dir, file))
  return { name: path.posix.basename(root), dir, fetched: true }
}

/** The `format` a manifest declares, read only to say which version wrote an unsigned one. */
function declaredFormat(bytes: Buffer): unknown {
  try {
    return (JSON.parse(bytes.toString('utf8')) as { format?: unknown } | null)?.format
  } catch {
    // Not JSON: no format to name.
    return undefined
  }
}

/** The manifest of the snapshot in `dir`: signature first (with `keys`), then its content. */
async function readManifest(dir: string, keys: BackupKeys): Promise<Manifest> {
  const bytes = await readFile(await snapshotFile(dir, MANIFEST_FILE))
  if (!existsSync(path.join(dir, SIGNATURE_FILE))) {
    const format = declaredFormat(bytes)
    if (format !== SNAPSHOT_FORMAT) throw new BackupError('invalid', strings.errors.unsupportedFormat(format))
    throw new BackupError('invalid', strings.errors.unsigned)
  }
  const signature = await readFile(await snapshotFile(dir, SIGNATURE_FILE), 'utf8')
  if (!verifyManifest(bytes, signature, keys.signing)) {
    throw new BackupError('invalid', strings.errors.badSignature)
  }
  let raw: unknown
  try {
    raw = JSON.parse(bytes.toString('utf8'))
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

/**
 * The snapshot's schema must be this portal's: a migration this portal does
 * not know means a later schema; another list, an earlier or different one.
 */
function assertSameSchema(manifest: Manifest, migrations: string[]): void {
  const taken = manifest.database.migrations
  const known = new Set(migrations)
  const unknown = taken.find((name) => !known.has(name))
  if (unknown) throw new BackupError('invalid', strings.errors.laterSchema(unknown, manifest.portalVersion))
  const same = taken.length === migrations.length && taken.every((name, index) => migrations[index] === name)
  if (!same) throw new BackupError('invalid', strings.errors.migrations(manifest.portalVersion))
}

/** The place of an uploaded file in the snapshot; its path must name one of the upload folders. */
function mediaFile(media: Manifest['media'][number]): string {
  assertInside(media.path)
  if (!MEDIA_FOLDERS.some((folder) => media.path.startsWith(`${folder}/`))) {
    throw new BackupError('invalid', strings.errors.outsidePath(media.path))
  }
  return `${MEDIA_FOLDER}/${media.path}`
}

/** Checks that every file the manifest lists is inside the snapshot, present and unaltered. */
async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  const files = [
    ...manifest.database.tables.map((table) => ({ file: table.file, sha256: table.sha256 })),
    ...manifest.media.map((media) => ({ file: mediaFile(media), sha256: media.sha256 })),
  ]
  for (const { file, sha256 } of files) {
    const full = await snapshotFile(dir, file)
    if ((await fileSha256(full)) !== sha256) throw new BackupError('invalid', strings.errors.checksum(file))
  }
}

/**
 * Opens and checks a snapshot, writing nothing. `migrations` are this
 * portal's: the snapshot must have been taken at the same schema.
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
    const keys = await backupKeys(options.env, 'restore')
    const manifest = await readManifest(fetched.dir, keys)
    assertSameSchema(manifest, options.migrations)
    await verifyFiles(fetched.dir, manifest)
    return { name: fetched.name, dir: fetched.dir, manifest, keys, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** The embedded installation's signing secret the snapshot carries (sealed with the snapshot key), if any. */
export function snapshotPayloadSecret(snapshot: OpenSnapshot): string | undefined {
  const sealed = snapshot.manifest.secrets?.payloadSecret
  if (sealed === undefined) return undefined
  const secret = openText(sealed, snapshot.keys.encryption)
  if (secret === undefined || secret.length < 32)
    throw new BackupError('invalid', strings.errors.badManifest('secrets.payloadSecret'))
  return secret
}

/** What an embedded data folder may hold before a restore: its settings' secrets and the snapshot key. */
const ALLOWED_BEFORE_RESTORE = new Set(['secrets.json', BACKUP_KEY_FILE])

/** An embedded data directory the restore may write into: missing, empty, or holding only its secrets and key. */
export async function assertEmptyDataDir(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return
  const entries = (await readdir(dataDir)).filter((entry) => !ALLOWED_BEFORE_RESTORE.has(entry))
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

/** Runs the code's own definitions of the tables a service makes at run time (never the snapshot's). */
async function createRuntimeTables(databaseUrl: string, schemas: readonly string[]): Promise<void> {
  if (schemas.length === 0) return
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (const schema of schemas) await client.query(schema)
  } finally {
    await client.end()
  }
}

/** Copies the snapshot's uploaded files into the media storage, decrypting them when they are encrypted. */
async function restoreMedia(env: Env, snapshot: OpenSnapshot): Promise<void> {
  const store = mediaStore(env)
  const encrypted = snapshot.manifest.encryption === 'aes-256-gcm'
  const scratch = encrypted ? await mkdtemp(path.join(tmpdir(), 'bancadati-media-')) : undefined
  try {
    for (const media of snapshot.manifest.media) {
      const file = await snapshotFile(snapshot.dir, mediaFile(media))
      if (!scratch) {
        await store.upload(file, media.path)
        continue
      }
      const plain = path.join(scratch, 'file')
      await transformFile(file, plain, decryptingStream(snapshot.keys.encryption))
      await store.upload(plain, media.path)
      await rm(plain)
    }
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * Restores an opened snapshot into the settings' database and media storage,
 * both empty. `applyMigrations` builds the schema (the portal's Payload
 * migrations, which openSnapshot found the same as the snapshot's);
 * `runtimeTables` are the definitions, in the portal's code, of the tables a
 * service makes at run time (the Stripe emulator's and the local SDI's in
 * embedded mode); then the rows are loaded into the tables that schema has.
 */
export async function restoreSnapshot(options: {
  env: Env
  snapshot: OpenSnapshot
  applyMigrations: () => Promise<void>
  runtimeTables?: readonly string[]
  logger: Logger
}): Promise<void> {
  const { env, snapshot, logger } = options
  const { database, encryption } = snapshot.manifest
  await assertEmptyTarget(env)
  await options.applyMigrations()
  await createRuntimeTables(env.databaseUrl, options.runtimeTables ?? [])
  await loadDatabase({
    databaseUrl: env.databaseUrl,
    dir: snapshot.dir,
    database,
    encryptionKey: encryption === 'aes-256-gcm' ? snapshot.keys.encryption : undefined,
  })
  logger.info({ snapshot: snapshot.name, tables: database.tables.length }, 'Database ripristinato')
  await restoreMedia(env, snapshot)
  logger.info({ files: snapshot.manifest.media.length }, 'File caricati ripristinati')
}
