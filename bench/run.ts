/**
 * `npm run bench [name...]`: runs the benchmark suites (`bench/<name>.bench.ts`),
 * prints each suite's table and merges its figures into `bench/results.json`.
 * Figures are checked against their targets here, never by timed assertions in tests.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pino } from 'pino'
import { ensureBuilt } from '../scripts/build.ts'
import type { BenchSuite, SuiteResult } from './suite.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const resultsFile = path.join(here, 'results.json')
const logger = pino({ level: 'info' })

const available = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort()
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const unknown = wanted.filter((name) => !available.includes(name))
if (unknown.length > 0) {
  console.error(`Benchmark sconosciuti: ${unknown.join(', ')}. Disponibili: ${available.join(', ')}`)
  process.exit(2)
}

await ensureBuilt({ logger })
const previous: Record<string, SuiteResult> = existsSync(resultsFile)
  ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { suites: Record<string, SuiteResult> }).suites
  : {}
// Figures of suites that no longer exist are dropped.
const suites = Object.fromEntries(Object.entries(previous).filter(([name]) => available.includes(name)))
let missed = 0
for (const name of wanted.length > 0 ? wanted : available) {
  const { suite } = (await import(`./${name}.bench.ts`)) as { suite: BenchSuite }
  console.log(`\n=== ${suite.title} ===`)
  const result = await suite.run({ logger })
  if (result.loads) {
    console.table(
      result.loads.map((load) => ({
        misura: load.label,
        'p50 ms': load.p50,
        'p95 ms': load.p95,
        'p99 ms': load.p99,
        'req/s': load.requestsPerSecond,
        errori: load.errors,
        ...(load.roundsP95 ? { 'p95 per giro': load.roundsP95.join(' / ') } : {}),
      })),
    )
  }
  console.table(
    result.rows.map((row) => ({
      misura: row.label,
      valore: `${row.value} ${row.unit}`,
      obiettivo: row.target === undefined ? '' : `${row.target.comparison} ${row.target.value} ${row.unit}`,
      esito: row.target === undefined ? '' : row.met ? 'ok' : 'NON RAGGIUNTO',
    })),
  )
  missed += result.rows.filter((row) => row.target !== undefined && !row.met).length
  for (const note of result.notes ?? []) console.log(`  - ${note}`)
  suites[name] = result
}
writeFileSync(resultsFile, `${JSON.stringify({ machine: machineSummary(), suites }, null, 2)}\n`)
console.log(`\nRisultati in ${path.relative(process.cwd(), resultsFile)}`)
if (missed > 0) console.log(`${missed} obiettivi non raggiunti.`)

/** What the figures were measured on, with the load of the (shared) machine at the end of the run. */
function machineSummary() {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: availableParallelism(),
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  }
}
