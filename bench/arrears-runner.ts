/**
 * The measured part of `bench/arrears.bench.ts`, in its own process (the
 * portal's settings are read once, from the environment the suite gives it):
 * starts the CMS on the suite's database, imports the demo data set and times
 * `calculateLevelArrears` for a Professional reader, the function behind the
 * calculator page and its API, over a 36-month span. Writes the times (ms) to
 * the JSON file named by its first argument.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bootstrapCms } from '../cms/start.ts'
import { entitlementsOf } from '../modules/accounts/index.ts'
import {
  calculateLevelArrears,
  invalidateReadCache,
  readArrearsQuery,
  type LevelArrearsRequest,
} from '../modules/ccnl/index.ts'
import { importPackage } from '../modules/importer/index.ts'
import { getLogger } from '../modules/platform/index.ts'

const [output] = process.argv.slice(2)
if (!output) throw new Error('uso: arrears-runner.ts <risultati.json>')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = 300
const WARM_UP = 20
const COLD_RUNS = 100

/** Category 19, level 4: renewal from 1 March 2025, four tables; 36 months to 29 February 2028, part-time, in force before. */
const QUERY = {
  livello: '4',
  decorrenza: '01-03-2025',
  corrisposto: '01-04-2024',
  parttime: '50',
  fine: '29-02-2028',
  mensilita: '14',
}

const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
try {
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload: cms.payload })
  if (report.error) throw new Error(report.error)
  const reader = {
    user: null,
    entitlements: entitlementsOf({
      account: { accountType: 'standard', trialEndsAt: null },
      subscription: { plan: 'professional', studio: false, status: 'active' },
      now: new Date(),
    }),
  }
  const request = readArrearsQuery(19, QUERY).request as LevelArrearsRequest
  const timed = async () => {
    const started = performance.now()
    const result = await calculateLevelArrears(reader, request)
    JSON.stringify(result)
    return { ms: performance.now() - started, result }
  }
  invalidateReadCache()
  const first = await timed()
  for (let i = 0; i < WARM_UP; i += 1) await timed()
  const warm: number[] = []
  for (let i = 0; i < RUNS; i += 1) warm.push((await timed()).ms)
  const cold: number[] = []
  for (let i = 0; i < COLD_RUNS; i += 1) {
    invalidateReadCache()
    cold.push((await timed()).ms)
  }
  const { result } = first
  await writeFile(
    output,
    JSON.stringify({
      first: first.ms,
      lines: result.lines.length,
      months: [result.lines[0]?.month, result.lines.at(-1)?.month],
      tables: result.tables.map((table) => `${table.effectiveDate} ${table.monthly}`),
      total: result.totals.total,
      warm,
      cold,
    }),
  )
} finally {
  // The CMS's listeners (shared cache notifications, pools) may outlive close: the figures are written, so leave.
  await Promise.race([cms.close(), new Promise((resolve) => setTimeout(resolve, 5000))])
}
process.exit(0)
