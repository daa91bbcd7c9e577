/**
 * The port of the embedded Postgres of a data folder. It is chosen once, when
 * the database starts: the preferred port (EMBEDDED_PG_PORT, else the one
 * recorded in the data folder, else 14321) when it is free, any free port
 * otherwise, and it is recorded in the data folder (`embedded-postgres.json`).
 * Every command on the same folder finds it there, or in the running
 * database's `postmaster.pid`, whatever PORT it was started with.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { dataDirMode, ensurePrivateFolder, writePrivateFileSync } from './private-files.ts'

/** The preferred port when neither EMBEDDED_PG_PORT nor a recorded port says otherwise. */
export const DEFAULT_EMBEDDED_PG_PORT = 14321

/** The file of the data folder holding the port the embedded Postgres last listened on. */
export const PORT_RECORD_FILE = 'embedded-postgres.json'

/** The embedded Postgres listens on this address only. */
const LOOPBACK = '127.0.0.1'

const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535

/** The port recorded in the data folder by the last start of its embedded Postgres, if any. */
export function recordedPgPort(dataDir: string): number | undefined {
  const file = path.join(dataDir, PORT_RECORD_FILE)
  if (!existsSync(file)) return undefined
  try {
    const { port } = JSON.parse(readFileSync(file, 'utf8')) as { port?: unknown }
    return isPort(port) ? port : undefined
  } catch {
    // A damaged record is no record: the port is chosen again and recorded anew.
    return undefined
  }
}

/** Records the port the data folder's embedded Postgres listens on, for every later command. */
export function recordPgPort(dataDir: string, port: number): void {
  if (recordedPgPort(dataDir) === port) return
  ensurePrivateFolder(dataDir, dataDirMode())
  writePrivateFileSync(path.join(dataDir, PORT_RECORD_FILE), `${JSON.stringify({ port })}\n`)
}

/** True while a process with this id exists (also one of another user, which may not be signalled). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live embedded Postgres of a data folder (its `postmaster.pid`: process id and port), if any. */
export function runningPostmaster(dataDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return undefined
  // Line 1: the process id; line 4: the port (PostgreSQL's postmaster.pid layout).
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number.parseInt(pidLine ?? '', 10)
  const port = Number.parseInt(portLine ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !isPort(port) || !exists(pid)) return undefined
  return { pid, port }
}

/** Listens on `port` (0: one the system picks) for a moment; the port listened on, or undefined when taken. */
function probe(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(undefined)
      else reject(error)
    })
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address()
      const bound = typeof address === 'object' && address ? address.port : undefined
      server.close(() => resolve(bound))
    })
  })
}

/** True when nothing listens on `port` of the loopback address (and this user may listen on it). */
export async function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return (await probe(port, host)) === port
}

/** A port nothing listens on, as the system picks it. */
export async function anyFreePort(host = LOOPBACK): Promise<number> {
  const port = await probe(0, host)
  if (port === undefined) throw new Error(`Nessuna porta libera su ${host}`)
  return port
}

/** Where the chosen port comes from: the database already running, the preferred port, or a free one. */
export type PgPortChoice = { port: number; source: 'running' | 'preferred' | 'free' }

/**
 * The port of the data folder's embedded Postgres: the running database's;
 * otherwise `preferred` when it is free, any free port when it is taken.
 */
export async function chooseEmbeddedPgPort(options: {
  dataDir: string
  preferred: number
}): Promise<PgPortChoice> {
  const running = runningPostmaster(options.dataDir)
  if (running) return { port: running.port, source: 'running' }
  if (await isPortFree(options.preferred)) return { port: options.preferred, source: 'preferred' }
  return { port: await anyFreePort(), source: 'free' }
}
