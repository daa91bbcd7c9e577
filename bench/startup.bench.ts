/**
 * Start-up time: `npm start` on a data directory that already holds a database
 * (the second start of the README), measured from the process launch until
 * `/readyz` answers 200, and until the home page and the admin login page have
 * been served. The first start (database creation, migrations, demo data) is
 * reported too, without a target.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { quantile, row, type BenchSuite } from './suite.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = 5

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${url} non ha risposto in tempo`)
}

async function get(url: string): Promise<void> {
  const response = await fetch(url)
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url} ha risposto ${response.status}`)
}

/** One `npm start`: seconds until ready and until the first pages were served. */
async function startOnce(port: number, dataDir: string): Promise<{ ready: number; served: number }> {
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  try {
    const base = `http://127.0.0.1:${port}`
    await waitFor(`${base}/readyz`, Date.now() + 180_000)
    const ready = (performance.now() - started) / 1000
    await get(`${base}/`)
    await get(`${base}/admin/login`)
    const served = (performance.now() - started) / 1000
    return { ready, served }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    await exited
  }
}

export const suite: BenchSuite = {
  title: 'Avvio del portale (npm start)',
  async run({ logger }) {
    const port = await freePort()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bancadati-bench-avvio-'))
    try {
      logger.info('Primo avvio: creo il database e carico i dati dimostrativi')
      const first = await startOnce(port, dataDir)
      const ready: number[] = []
      const served: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const result = await startOnce(port, dataDir)
        ready.push(result.ready)
        served.push(result.served)
      }
      return {
        measuredAt: new Date().toISOString(),
        rows: [
          row('primo avvio, pronto (/readyz)', first.ready, 's'),
          row(`avvii successivi, pronto (/readyz), mediana di ${RUNS}`, quantile(ready, 0.5), 's', {
            comparison: '<',
            value: 3,
          }),
          row(`avvii successivi, pronto (/readyz), peggiore di ${RUNS}`, Math.max(...ready), 's', {
            comparison: '<',
            value: 3,
          }),
          row('avvii successivi, home e /admin servite, mediana', quantile(served, 0.5), 's'),
        ],
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
}
