/**
 * `npm run restore -- <istantanea>`: restores a snapshot of `npm run backup`
 * (a folder, or with S3_BUCKET a name in the bucket or s3://bucket/backups/<nome>)
 * into a new or empty DATA_DIR (embedded mode) or an empty DATABASE_URL
 * database, and its uploaded files into the media storage. The snapshot is
 * checked (signature with the snapshot key, manifest, paths, database schema,
 * checksums) before anything is written; the schema is then built by the
 * portal's own migrations and the rows loaded into the tables it has.
 * Exit code: 0 restored, 1 failed, 64 bad arguments, 65 bad snapshot,
 * 66 no snapshot, 73 target not empty, 78 bad settings or no snapshot key.
 */
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  assertEmptyDataDir,
  BackupError,
  exitCodeOf,
  openSnapshot,
  restoreSnapshot,
  snapshotPayloadSecret,
} from '../modules/backup/index.ts'
import { backup as strings } from '../modules/i18n/index.ts'
import {
  adoptPayloadSecret,
  getEnv,
  getLogger,
  PORT_RECORD_FILE,
  startConfiguredPostgres,
  type Env,
  type RunningPostgres,
} from '../modules/platform/index.ts'
import { commandEnv } from './embedded-database.ts'

// Like the server: a production build, whose Payload applies the committed migrations on connect.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })

/** What an embedded restore writes into the data directory (removed again when it fails). */
const WRITTEN = ['postgres', 'media', 'site-media', PORT_RECORD_FILE]

async function restore(env: Env, source: string): Promise<void> {
  const logger = getLogger()
  // The snapshot is checked first (a refusal comes before the CMS is even loaded).
  const { migrations } = await import('../cms/migrations/index.ts')
  const snapshot = await openSnapshot({
    env,
    source,
    migrations: migrations.map((migration) => migration.name),
  })
  let postgres: RunningPostgres | undefined
  try {
    // Loaded once the settings are final: the CMS configuration reads them.
    const { bootstrapCms } = await import('../cms/start.ts')
    if (env.embedded) {
      await assertEmptyDataDir(env.dataDir)
      const payloadSecret = snapshotPayloadSecret(snapshot)
      if (payloadSecret) adoptPayloadSecret(env.dataDir, payloadSecret)
      postgres = await startConfiguredPostgres()
    }
    // The test services' tables (embedded mode, or the Stripe emulator of a staging deployment), by
    // the code's own definitions; the snapshot's rows of them load only where they exist.
    const dev = env.embedded || env.stripeEmulator ? await import('../dev/index.ts') : undefined
    await restoreSnapshot({
      // The settings once the database runs (its port may have moved).
      env: getEnv(),
      snapshot,
      logger,
      // The snapshot's migrations are this portal's (openSnapshot checked): Payload applies them.
      applyMigrations: async () => {
        const cms = await bootstrapCms({ logger, runJobs: false })
        await cms.close()
      },
      runtimeTables: dev?.runtimeTables,
    })
    await postgres?.stop()
    postgres = undefined
  } catch (error) {
    await postgres?.stop()
    if (env.embedded && !(error instanceof BackupError && error.code === 'not_empty')) {
      for (const entry of WRITTEN) await rm(path.join(env.dataDir, entry), { recursive: true, force: true })
    }
    throw error
  } finally {
    await snapshot.close()
  }
  console.log(strings.restored(snapshot.name))
}

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h', default: false } },
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${strings.usageRestore}`)
    return 64
  }
  const source = args.positionals[0]
  if (args.values.help || !source || args.positionals.length > 1) {
    console.error(strings.usageRestore)
    return args.values.help ? 0 : 64
  }
  const env = await commandEnv()
  if (env === 78) return 78
  if (env.embedded && existsSync(path.join(env.dataDir, 'postgres', 'postmaster.pid'))) {
    console.error(strings.errors.dataDirNotEmpty(env.dataDir))
    return 73
  }
  try {
    await restore(env, source)
    return 0
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message)
      return exitCodeOf(error)
    }
    throw error
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
