/**
 * PostgreSQL's own tools, when one that can read the server is installed:
 * pg_dump (PG_DUMP, or on the PATH) whose major version is at least the
 * server's writes a custom-format archive; pg_restore beside it loads one.
 */
import { execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { backup as strings } from '../i18n/index.ts'
import { BackupError } from './errors.ts'

const run = promisify(execFile)

/** The major version in a `--version` line such as `pg_dump (PostgreSQL) 18.1`. */
export function toolMajor(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine)
  return match ? Number(match[1]) : undefined
}

/** The absolute path of a command (a path, or a name looked up on the PATH), or undefined when there is none. */
async function resolveCommand(command: string): Promise<string | undefined> {
  if (command.includes('/')) return path.resolve(command)
  try {
    const { stdout } = await run('sh', ['-c', 'command -v "$1"', 'sh', command], { timeout: 10_000 })
    return stdout.trim() || undefined
  } catch (error) {
    // `command -v` exits with 1 when the name is not found.
    if ((error as { code?: unknown }).code === 1) return undefined
    throw error
  }
}

/** The major version of an installed tool, or undefined when it is not there. */
async function installedMajor(command: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(command, ['--version'], { timeout: 10_000 })
    return toolMajor(stdout)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EACCES') return undefined
    throw error
  }
}

/** The candidates for a tool: the configured pg_dump (or pg_restore beside it) first, then the PATH. */
function candidates(tool: 'pg_dump' | 'pg_restore', configured: string | undefined): string[] {
  if (!configured) return [tool]
  return [tool === 'pg_dump' ? configured : path.join(path.dirname(configured), tool), tool]
}

/** The absolute path of a pg_dump (or pg_restore) that works with a server of major version `serverMajor`. */
export async function findTool(
  tool: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  configured: string | undefined,
): Promise<string | undefined> {
  for (const candidate of candidates(tool, configured)) {
    const command = await resolveCommand(candidate)
    if (command === undefined) continue
    const major = await installedMajor(command)
    if (major !== undefined && major >= serverMajor) return command
  }
  return undefined
}

/** Runs a tool to its end; its error output becomes the failure's message. */
function runTool(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000)
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve()
      else
        reject(
          new BackupError(
            'failed',
            strings.errors.toolFailed(path.basename(command), errors.trim() || `uscita ${code}`),
          ),
        )
    })
  })
}

/** The connection settings of a URL as libpq's variables (the password stays off the command line). */
function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl)
  return {
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...Object.fromEntries(
      [...url.searchParams].filter(([key]) => key === 'sslmode').map(([, value]) => ['PGSSLMODE', value]),
    ),
  }
}

/** Writes a custom-format (compressed) archive of the whole database to `file`. */
export function pgDump(command: string, databaseUrl: string, file: string): Promise<void> {
  return runTool(
    command,
    ['--format=custom', '--compress=6', '--no-owner', '--no-privileges', `--file=${file}`],
    libpqEnv(databaseUrl),
  )
}

/** Loads a custom-format archive into the (empty) database at `databaseUrl`, in one transaction. */
export function pgRestore(command: string, databaseUrl: string, file: string): Promise<void> {
  return runTool(
    command,
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${new URL(databaseUrl).pathname.slice(1)}`,
      file,
    ],
    libpqEnv(databaseUrl),
  )
}
