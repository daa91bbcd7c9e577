/**
 * `npm run import -- <folder> [--dry-run]`: imports a data package (docs/data-format.md).
 * `npm run import -- --source cnel <file.json> [--dry-run]`: imports the CNEL archive list.
 * `npm run import -- --source ateco <file.csv> [--dry-run]`: imports the ISTAT list of ATECO 2025 codes.
 *
 * Works on the same database as the server (DATABASE_URL, or the embedded
 * Postgres under DATA_DIR), whether the server is running or not: a running
 * server's embedded Postgres is reused, otherwise it is started for the import.
 * Exit code: 0 all stored, 2 some records rejected, 1 failed.
 */
import { parseArgs } from 'node:util'
import {
  createProgressBar,
  formatReport,
  importAteco,
  importCnel,
  importPackage,
  type ImportReport,
} from '../modules/importer/index.ts'
import { getLogger } from '../modules/platform/index.ts'
import { commandDatabase, commandEnv } from './embedded-database.ts'

// The import runs like the server (production build, prodMigrations applied on connect).
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })

const usage = `Uso:
  npm run import -- <cartella-pacchetto> [--dry-run]
  npm run import -- --source cnel <file.json> [--dry-run]
  npm run import -- --source ateco <file.csv> [--dry-run]

  --dry-run       controlla e riporta senza salvare nulla
  --source cnel   il file è l'elenco dell'archivio nazionale CNEL (JSON)
  --source ateco  il file è l'elenco ISTAT dei codici ATECO 2025 (CSV con «;»)`

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        source: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    return 64
  }
  const target = args.positionals[0]
  if (args.values.help || !target || args.positionals.length > 1) {
    console.error(usage)
    return args.values.help ? 0 : 64
  }
  const format = args.values.source ?? 'package'
  if (format !== 'package' && format !== 'cnel' && format !== 'ateco') {
    console.error(`Formato sconosciuto: ${format}\n\n${usage}`)
    return 64
  }

  // The settings are final from here on: the CMS configuration reads them when loaded.
  const env = await commandEnv()
  if (env === 78) return 78
  const logger = getLogger()
  const { bootstrapCms } = await import('../cms/start.ts')
  const { poolOf } = await import('../modules/cms/index.ts')
  const postgres = await commandDatabase(env)
  // Interrupted: the batch in progress is rolled back by Postgres when the connection drops.
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\nImportazione interrotta (${signal}): il lotto in corso non è stato salvato.`)
    void postgres.stop().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupt)
  process.once('SIGTERM', interrupt)
  const cms = await bootstrapCms({ logger, runJobs: false })
  // Payload keeps one pooled connection checked out for its whole life, so the pool cannot be
  // ended cleanly: its connections close with the database or with this process.
  poolOf(cms.payload).on('error', (error) => logger.debug({ err: error }, 'Connessione al database chiusa'))
  const bar = createProgressBar(process.stdout)
  try {
    const common = {
      payload: cms.payload,
      dryRun: args.values['dry-run'],
      onProgress: bar.onProgress,
      trigger: 'cli' as const,
    }
    const report: ImportReport =
      format === 'cnel'
        ? await importCnel({ ...common, file: target })
        : format === 'ateco'
          ? await importAteco({ ...common, file: target })
          : await importPackage({ ...common, dir: target })
    bar.stop()
    console.log(formatReport(report))
    return report.status === 'succeeded' ? 0 : report.status === 'partial' ? 2 : 1
  } finally {
    bar.stop()
    await cms.close()
    await postgres.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
