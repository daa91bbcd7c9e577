/**
 * The measured part of `bench/labour-cost.bench.ts`, in its own process: starts
 * the CMS on the suite's database, imports the demo data set and times the
 * cost of labour of category 19 (level 4, then every level) for a
 * Professional reader. Writes the times (ms) to the JSON file named by its
 * first argument.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bootstrapCms } from '../cms/start.ts'
import { entitlementsOf } from '../modules/accounts/index.ts'
import { invalidateReadCache } from '../modules/ccnl/index.ts'
import { importPackage } from '../modules/importer/index.ts'
import {
  createLabourCost,
  readLabourCostQuery,
  type LabourCostRequest,
} from '../modules/labour-cost/index.ts'
import { getLogger } from '../modules/platform/index.ts'

const [output] = process.argv.slice(2)
if (!output) throw new Error('uso: labour-cost-runner.ts <risultati.json>')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = 300
const WARM_UP = 20
const COLD_RUNS = 100

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
  const service = createLabourCost({ payload: cms.payload })
  const request = readLabourCostQuery(19, { livello: '4', decorrenza: '01-11-2025', parttime: '80' }, true)
    .request as LabourCostRequest
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now()
    JSON.stringify(await work())
    return performance.now() - started
  }
  const series = async (work: () => Promise<unknown>) => {
    for (let i = 0; i < WARM_UP; i += 1) await time(work)
    const warm: number[] = []
    for (let i = 0; i < RUNS; i += 1) warm.push(await time(work))
    const cold: number[] = []
    for (let i = 0; i < COLD_RUNS; i += 1) {
      invalidateReadCache()
      cold.push(await time(work))
    }
    return { warm, cold }
  }
  const level = await series(() => service.levelCost(reader, request))
  const levels = await series(() => service.categoryCosts(reader, request))
  const [one, all] = await Promise.all([
    service.levelCost(reader, request),
    service.categoryCosts(reader, request),
  ])
  await writeFile(
    output,
    JSON.stringify({
      level: level.warm,
      levelCold: level.cold,
      levels: levels.warm,
      levelsCold: levels.cold,
      count: all.levels.length,
      annual: one.totals.annual,
    }),
  )
} finally {
  // The CMS's listeners (shared cache notifications, pools) may outlive close: the figures are written, so leave.
  await Promise.race([cms.close(), new Promise((resolve) => setTimeout(resolve, 5000))])
}
process.exit(0)
