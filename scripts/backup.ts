/**
 * `npm run backup [-- <cartella>]`: a snapshot of the portal (database and
 * uploaded files) in the folder (BACKUP_DIR by default) or, with S3_BUCKET,
 * under `backups/` in the bucket; the newest BACKUP_KEEP are kept.
 *
 * Works on the same database as the server (DATABASE_URL, or the embedded
 * Postgres under DATA_DIR), whether the server is running or not.
 * Exit code: 0 written, 1 failed, 64 bad arguments, 78 bad settings.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { BackupError, createBackup, exitCodeOf, snapshotDestination } from '../modules/backup/index.ts'
import { backup as strings } from '../modules/i18n/index.ts'
import { getLogger } from '../modules/platform/index.ts'
import { commandDatabase, commandEnv } from './embedded-database.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h', default: false } },
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${strings.usageBackup}`)
    return 64
  }
  if (args.values.help || args.positionals.length > 1) {
    console.error(strings.usageBackup)
    return args.values.help ? 0 : 64
  }
  const settled = await commandEnv()
  if (settled === 78) return 78
  const database = await commandDatabase(settled)
  // The settings once the database runs (its port may have moved).
  const { env } = database
  try {
    const portalVersion = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
    ).version
    const result = await createBackup({
      env,
      destination: snapshotDestination(env, args.positionals[0]),
      keep: env.BACKUP_KEEP,
      portalVersion,
      logger: getLogger(),
    })
    console.log(strings.written(result.where))
    if (result.pruned.length > 0) console.log(strings.pruned(result.pruned.length))
    return 0
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message)
      return exitCodeOf(error)
    }
    throw error
  } finally {
    await database.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
