/**
 * `npm run search:reindex`: rebuilds the search index (Postgres, or Typesense
 * when TYPESENSE_URL is set) from the content collections. Without
 * DATABASE_URL it uses the embedded Postgres under DATA_DIR: the one a running
 * portal already started, or its own for the time of the rebuild.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { EnvError, getEnv, getLogger, parseEnv, startEmbeddedPostgres } from '../modules/platform/index.ts'

// Like `npm start`: Payload applies the committed migrations while connecting.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })

/** The port of a live embedded Postgres under `dataDir`, read from its pid file, or undefined. */
function livePostmasterPort(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number.parseInt(pidLine ?? '', 10)
  const port = Number.parseInt(portLine ?? '', 10)
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined
  }
  return port
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (error) {
    getLogger().debug({ err: error }, 'Il database indicato dal file postmaster.pid non risponde')
    return false
  } finally {
    await client
      .end()
      .catch((error: unknown) => getLogger().debug({ err: error }, 'Chiusura della connessione di prova'))
  }
}

async function main(): Promise<number> {
  try {
    const preliminary = parseEnv(process.env)
    const livePort = preliminary.embedded ? livePostmasterPort(preliminary.dataDir) : undefined
    if (livePort !== undefined && livePort !== preliminary.embeddedPgPort) {
      // The running portal chose its own port: use the same one.
      process.env.EMBEDDED_PG_PORT = String(livePort)
    }
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      return 78
    }
    throw error
  }

  // The settings are final from here on (the CMS configuration reads them when loaded).
  const env = getEnv()
  const logger = getLogger()
  const { bootstrapCms } = await import('../cms/start.ts')
  const { getSearch, reindexAll } = await import('../modules/search/index.ts')
  const shared = env.embedded && livePostmasterPort(env.dataDir) !== undefined
  if (shared && !(await answers(env.databaseUrl))) {
    console.error(`Il database incorporato in ${env.dataDir} è avviato ma non risponde: riprova più tardi.`)
    return 1
  }
  const postgres =
    env.embedded && !shared
      ? await startEmbeddedPostgres({
          dataDir: env.dataDir,
          port: env.embeddedPgPort,
          password: env.embeddedPgPassword,
          database: 'bancadati',
          logger,
        })
      : undefined
  if (shared) logger.info({ port: env.embeddedPgPort }, 'Uso il database incorporato già avviato dal portale')

  const cms = await bootstrapCms({ logger, runJobs: false })
  // Payload keeps a pooled connection checked out for its whole life: its connections close
  // with the database or with this process, which must not turn into an unhandled error.
  const pool = (cms.payload.db as unknown as { pool?: pg.Pool }).pool
  pool?.on('error', (error) => logger.debug({ err: error }, 'Connessione al database chiusa'))
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
    await postgres?.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
