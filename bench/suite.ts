/** The shape every benchmark suite shares, so `bench/run.ts` can print and store them alike. */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export type Target = { comparison: '<' | '>='; value: number }

export type Row = {
  label: string
  value: number
  unit: string
  target?: Target
  /** Whether `value` meets `target` (always true without a target). */
  met: boolean
}

/** One load scenario: latencies in ms over a fixed duration, at a fixed number of connections. */
export type LoadRow = {
  label: string
  connections: number
  seconds: number
  p50: number
  p95: number
  p99: number
  requestsPerSecond: number
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number
  /** When the scenario ran in several rounds: each round's p95, in order (the row is the median round). */
  roundsP95?: number[]
}

export type SuiteResult = { measuredAt: string; rows: Row[]; loads?: LoadRow[]; notes?: string[] }

export type BenchSuite = {
  title: string
  run(context: { logger: Logger }): Promise<SuiteResult>
}

/** A row, with `met` computed from its target. */
export function row(label: string, value: number, unit: string, target?: Target): Row {
  // Two decimals, or two significant digits below 1 (a ratio of 0.0009 is not shown as 0).
  const rounded =
    value === 0 || Math.abs(value) >= 1 ? Math.round(value * 100) / 100 : Number(value.toPrecision(2))
  const met =
    target === undefined || (target.comparison === '<' ? rounded < target.value : rounded >= target.value)
  return { label, value: rounded, unit, target, met }
}

/** The value at quantile `q` (0..1) of a list of numbers. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[index] as number
}

/** The middle value of a list (the lower of the two middle ones for an even count). */
export function median(values: number[]): number {
  return quantile(values, 0.5)
}

/** Of several runs of one scenario, the run with the median p95 (its other figures are that run's own). */
export function medianRun(runs: readonly LoadRow[]): LoadRow {
  const sorted = [...runs].sort((a, b) => a.p95 - b.p95)
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!middle) throw new Error('nessuna misura')
  return middle
}

/**
 * The median over the rounds of a ratio of two scenarios measured in the same
 * round (one after the other): `figure` of each round of `runs` divided by
 * the same round's `references`.
 */
export function pairedRatio(
  runs: readonly LoadRow[],
  references: readonly LoadRow[],
  figure: (load: LoadRow) => number,
): number {
  if (runs.length !== references.length) throw new Error('giri non appaiati')
  return median(runs.map((load, round) => figure(load) / figure(references[round] as LoadRow)))
}

/** A free TCP port on loopback, for a portal started by a benchmark. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Resolves once `url` answers 2xx; throws after `deadline` (a Date.now() value). */
export async function waitFor(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${url} non ha risposto in tempo`)
}

export type BenchPortal = {
  child: ChildProcess
  base: string
  /** The embedded Postgres of the data directory, for figures read straight from the database. */
  databaseUrl: string
}

/** The Node options `npm start` runs the server with (package.json), so the benchmarks measure the same process. */
export function serverNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'))
}

/**
 * The production server on a benchmark's data directory, on free ports, once
 * `/readyz` answers, with the Node options of `npm start`. `nodeArgs` add
 * options (`--cpu-prof`), `env` adds settings.
 */
export async function startBenchPortal(options: {
  dataDir: string
  nodeArgs?: string[]
  env?: Record<string, string>
}): Promise<BenchPortal> {
  const port = await freePort()
  const pgPort = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    [...serverNodeOptions(), ...(options.nodeArgs ?? []), path.join(root, 'scripts/start.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        // The load comes from one address: the per-address search limit would measure refusals.
        SEARCHES_PER_MINUTE: '1000000',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  try {
    await waitFor(`${base}/readyz`, Date.now() + 300_000)
  } catch (error) {
    await stopProcess(child, 'SIGINT')
    throw error
  }
  const secrets = JSON.parse(await readFile(path.join(options.dataDir, 'secrets.json'), 'utf8')) as {
    pgPassword: string
  }
  const databaseUrl = `postgres://postgres:${secrets.pgPassword}@127.0.0.1:${pgPort}/bancadati`
  return { child, base, databaseUrl }
}

/** Stops a child process with `signal` and waits for it to exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}

/** Resident memory of a process in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

/**
 * Runs `runner` (a script of bench/) in its own process on a fresh embedded
 * Postgres, with the portal's settings for it, and returns the JSON the
 * runner wrote to the file named by its first argument. The database and its
 * folder are removed afterwards.
 */
export async function measureInChild<T>(options: {
  runner: string
  name: string
  logger: Logger
}): Promise<T> {
  const { mkdtemp, rm } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { startEmbeddedPostgres } = await import('../modules/platform/index.ts')
  const dir = await mkdtemp(path.join(tmpdir(), `bancadati-bench-${options.name}-`))
  const postgres = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    password: 'bench',
    database: `bancadati_bench_${options.name.replace(/\W/g, '_')}`,
    logger: options.logger,
  })
  try {
    const output = path.join(dir, 'risultati.json')
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, 'bench', options.runner), output], {
        env: {
          ...process.env,
          DATABASE_URL: postgres.url,
          DATA_DIR: dir,
          PAYLOAD_SECRET: `bench-${options.name}-secret-0123456789abcdef0123`,
          STRIPE_EMULATOR: '1',
          // Not production: the CMS applies the committed migrations to the new database at start.
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      child.once('error', reject)
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`la misura è terminata con codice ${code}`)),
      )
    })
    return JSON.parse(await readFile(output, 'utf8')) as T
  } finally {
    await postgres.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
