/**
 * The CNEL archive import at the real archive's size: a 1,000-agreement list
 * (`cnelArchive` of dev/seed: the national agreements and small ones of every
 * sector, flags in mixed spreadsheet spellings) imported twice into an empty
 * database. Both runs must finish under 30 s, and the second must find every
 * record unchanged. The times are the import's own (sectors, agreements,
 * default categories, the import log), after the CMS has started; its start
 * is reported apart.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cnelArchive } from '../dev/seed/index.ts'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'
import { freePort, row, type BenchSuite } from './suite.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const CONTRACTS = 1000
const TARGET_SECONDS = 30

type EntityCounts = Record<
  string,
  { total: number; created: number; updated: number; unchanged: number; rejected: number }
>
type Run = { seconds: number; status: string; entities: EntityCounts }
type Measured = { boot: number; first: Run; second: Run }

function runChild(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'cnel-import-runner.ts'), ...args], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`l'importazione è terminata con codice ${code}`)),
    )
  })
}

const sum = (run: Run, field: 'created' | 'updated' | 'unchanged' | 'rejected' | 'total') =>
  Object.values(run.entities).reduce((total, entity) => total + entity[field], 0)

export const suite: BenchSuite = {
  title: `Importazione dell'archivio CNEL (${CONTRACTS} contratti, due volte)`,
  async run({ logger }) {
    const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-bench-cnel-'))
    const postgres = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      password: 'bench',
      database: 'bancadati_bench_cnel',
      logger,
    })
    try {
      const file = path.join(dir, 'archivio-cnel.json')
      const output = path.join(dir, 'risultati.json')
      await writeFile(file, JSON.stringify(cnelArchive(CONTRACTS, 1), null, 1))
      logger.info('Importo due volte l’archivio CNEL generato')
      await runChild([file, output], {
        ...process.env,
        DATABASE_URL: postgres.url,
        DATA_DIR: dir,
        PAYLOAD_SECRET: 'bench-cnel-import-secret-0123456789abcdef',
        STRIPE_EMULATOR: '1',
        // Not production: the CMS applies the committed migrations to the new database at start.
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      })
      const measured = JSON.parse(await readFile(output, 'utf8')) as Measured
      const contracts = measured.second.entities.contracts
      return {
        measuredAt: new Date().toISOString(),
        rows: [
          row('prima importazione (tutto nuovo)', measured.first.seconds, 's', {
            comparison: '<',
            value: TARGET_SECONDS,
          }),
          row('seconda importazione (nessuna modifica)', measured.second.seconds, 's', {
            comparison: '<',
            value: TARGET_SECONDS,
          }),
          row('contratti creati dalla prima', measured.first.entities.contracts?.created ?? 0, 'n', {
            comparison: '>=',
            value: CONTRACTS,
          }),
          row('contratti invariati nella seconda', contracts?.unchanged ?? 0, 'n', {
            comparison: '>=',
            value: CONTRACTS,
          }),
          row(
            'record creati, aggiornati o scartati nella seconda',
            sum(measured.second, 'created') +
              sum(measured.second, 'updated') +
              sum(measured.second, 'rejected'),
            'n',
            { comparison: '<', value: 1 },
          ),
          row('avvio del CMS prima delle importazioni', measured.boot, 's'),
        ],
        notes: [
          `Esiti: prima ${measured.first.status}, seconda ${measured.second.status}; record letti nella seconda: ${sum(measured.second, 'total')}.`,
        ],
      }
    } finally {
      await postgres.stop()
      await rm(dir, { recursive: true, force: true })
    }
  },
}
