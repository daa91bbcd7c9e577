/**
 * `npm run bench [name...]`: runs the benchmark suites (`bench/<name>.bench.ts`),
 * prints each suite's table and merges its figures into `bench/results.json`.
 * Figures are checked against their targets here, never by timed assertions in tests.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
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
const suites = { ...previous }
let missed = 0
for (const name of wanted.length > 0 ? wanted : available) {
  const { suite } = (await import(`./${name}.bench.ts`)) as { suite: BenchSuite }
  console.log(`\n=== ${suite.title} ===`)
  const result = await suite.run({ logger })
  console.table(
    result.rows.map((row) => ({
      misura: row.label,
      valore: `${row.value} ${row.unit}`,
      obiettivo: row.target === undefined ? '' : `${row.target.comparison} ${row.target.value} ${row.unit}`,
      esito: row.target === undefined ? '' : row.met ? 'ok' : 'NON RAGGIUNTO',
    })),
  )
  missed += result.rows.filter((row) => row.target !== undefined && !row.met).length
  suites[name] = result
}
writeFileSync(resultsFile, `${JSON.stringify({ machine: machineSummary(), suites }, null, 2)}\n`)
console.log(`\nRisultati in ${path.relative(process.cwd(), resultsFile)}`)
if (missed > 0) console.log(`${missed} obiettivi non raggiunti.`)

function machineSummary() {
  return { node: process.version, platform: process.platform, arch: process.arch }
}
