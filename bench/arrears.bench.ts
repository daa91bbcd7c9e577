/**
 * The arrears calculator ('Calcolo arretrati') over a 36-month span: the
 * function the page and the API call (`calculateLevelArrears` with a
 * Professional reader: the category, contract and pay tables read through
 * Payload from Postgres, the calculation, the answer serialised to JSON), in
 * process on the demo data set. Reported: the first call after the CMS
 * started (cold), p50/p95 of warmed calls, and p95 with the read cache
 * emptied before each call. Target: p95 under 50 ms. Not included: the HTTP
 * layer (session lookup, routing), which the portal suite measures for other
 * routes.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'
import { freePort, quantile, row, type BenchSuite } from './suite.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const TARGET_MS = 50

type Measured = {
  first: number
  lines: number
  months: string[]
  tables: string[]
  total: number
  warm: number[]
  cold: number[]
}

function runChild(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'arrears-runner.ts'), ...args], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`il calcolo è terminato con codice ${code}`)),
    )
  })
}

export const suite: BenchSuite = {
  title: 'Calcolo arretrati (36 mesi, categoria 19 livello 4, part-time)',
  async run({ logger }) {
    const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-bench-arretrati-'))
    const postgres = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      password: 'bench',
      database: 'bancadati_bench_arretrati',
      logger,
    })
    try {
      const output = path.join(dir, 'risultati.json')
      logger.info('Importo i dati dimostrativi e misuro il calcolo degli arretrati')
      await runChild([output], {
        ...process.env,
        DATABASE_URL: postgres.url,
        DATA_DIR: dir,
        PAYLOAD_SECRET: 'bench-arrears-secret-0123456789abcdef01',
        STRIPE_EMULATOR: '1',
        // Not production: the CMS applies the committed migrations to the new database at start.
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      })
      const measured = JSON.parse(await readFile(output, 'utf8')) as Measured
      const target = { comparison: '<' as const, value: TARGET_MS }
      return {
        measuredAt: new Date().toISOString(),
        rows: [
          row('p95 a caldo', quantile(measured.warm, 0.95), 'ms', target),
          row('p50 a caldo', quantile(measured.warm, 0.5), 'ms'),
          row(
            'p95 con la cache di lettura svuotata a ogni calcolo',
            quantile(measured.cold, 0.95),
            'ms',
            target,
          ),
          row('primo calcolo dopo l’avvio del CMS (a freddo)', measured.first, 'ms'),
          row('righe mensili calcolate', measured.lines, 'n', { comparison: '>=', value: 36 }),
        ],
        notes: [
          `${measured.warm.length} calcoli a caldo, ${measured.cold.length} a cache vuota; righe da ${measured.months.join(' a ')}, tabelle ${measured.tables.join(', ')}; totale arretrati ${measured.total} €.`,
          'Misura la funzione della pagina e dell’API (calculateLevelArrears con il lettore Professional e la serializzazione JSON), senza lo strato HTTP.',
        ],
      }
    } finally {
      await postgres.stop()
      await rm(dir, { recursive: true, force: true })
    }
  },
}
