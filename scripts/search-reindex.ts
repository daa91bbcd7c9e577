/**
 * `npm run search:reindex`: rebuilds the search index (Postgres, or Typesense
 * when TYPESENSE_URL is set) from the content collections. Without
 * DATABASE_URL it uses the embedded Postgres under DATA_DIR: the one a running
 * portal already started, or its own for the time of the rebuild.
 */
import { getLogger } from '../modules/platform/index.ts'
import { commandDatabase, commandEnv } from './embedded-database.ts'

// Like `npm start`: Payload applies the committed migrations while connecting.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })

async function main(): Promise<number> {
  // The settings are final from here on (the CMS configuration reads them when loaded).
  const env = await commandEnv()
  if (env === 78) return 78
  const logger = getLogger()
  const { bootstrapCms } = await import('../cms/start.ts')
  const { poolOf } = await import('../modules/cms/index.ts')
  const { getSearch, reindexAll } = await import('../modules/search/index.ts')
  const database = await commandDatabase(env)

  const cms = await bootstrapCms({ logger, runJobs: false })
  // Payload keeps a pooled connection checked out for its whole life: its connections close
  // with the database or with this process, which must not turn into an unhandled error.
  poolOf(cms.payload).on('error', (error) => logger.debug({ err: error }, 'Connessione al database chiusa'))
  try {
    const search = await getSearch(cms.payload)
    const started = performance.now()
    const report = await reindexAll(cms.payload, search)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    logger.info({ engine: search.engine, ...report, seconds }, 'Indice di ricerca ricostruito')
    console.log(
      `Indice di ricerca (${search.engine}) ricostruito in ${seconds} s: ${report.contracts} categorie, ` +
        `${report.news} notizie, ${report.textSections} sezioni di testi.`,
    )
    return 0
  } finally {
    await cms.close()
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
