/**
 * The database of a one-off command (`npm run search:reindex`,
 * `npm run stripe:sync`): with DATABASE_URL that one; without it the embedded
 * Postgres under DATA_DIR, the one a running portal already started, or its
 * own for the time of the command.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  EnvError,
  getEnv,
  getLogger,
  parseEnv,
  startEmbeddedPostgres,
  type Env,
} from '../modules/platform/index.ts'

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

/**
 * The command's settings, final from here on: the port of an embedded
 * Postgres a running portal chose is adopted. Bad settings print their
 * message and give the exit code 78.
 */
export function commandEnv(): Env | 78 {
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
  return getEnv()
}

/** The database the command uses: `shared` when a running portal already started the embedded one. */
export type CommandDatabase = { shared: boolean; stop(): Promise<void> }

/** Starts the embedded Postgres for the command unless DATABASE_URL is set or a running portal already started it. */
export async function commandDatabase(env: Env): Promise<CommandDatabase> {
  const logger = getLogger()
  const shared = env.embedded && livePostmasterPort(env.dataDir) !== undefined
  if (shared) logger.info({ port: env.embeddedPgPort }, 'Uso il database incorporato già avviato dal portale')
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
  return { shared, stop: async () => postgres?.stop() }
}
