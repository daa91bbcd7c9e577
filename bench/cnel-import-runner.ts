/**
 * The measured part of `bench/cnel-import.bench.ts`, in its own process (the
 * portal's settings are read once, from the environment the suite gives it):
 * starts the CMS on the suite's database, imports the CNEL file twice and
 * writes the seconds and counts of each run to the JSON file named by its
 * second argument.
 */
import { writeFile } from 'node:fs/promises'
import { bootstrapCms } from '../cms/start.ts'
import { importCnel, type ImportReport } from '../modules/importer/index.ts'
import { getLogger } from '../modules/platform/index.ts'

const [file, output] = process.argv.slice(2)
if (!file || !output) throw new Error('uso: cnel-import-runner.ts <file.json> <risultati.json>')

const bootStarted = performance.now()
const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
const boot = (performance.now() - bootStarted) / 1000

const counts = (report: ImportReport) =>
  Object.fromEntries(
    report.entities.map((entity) => [
      entity.entity,
      {
        total: entity.total,
        created: entity.created,
        updated: entity.updated,
        unchanged: entity.unchanged,
        rejected: entity.rejected.length,
      },
    ]),
  )

async function timed() {
  const started = performance.now()
  const report = await importCnel({ file: file as string, payload: cms.payload, trigger: 'cli' })
  return { seconds: (performance.now() - started) / 1000, status: report.status, entities: counts(report) }
}

try {
  const first = await timed()
  const second = await timed()
  await writeFile(output, JSON.stringify({ boot, first, second }))
} finally {
  // The CMS's listeners (shared cache notifications, pools) may outlive close: the figures are written, so leave.
  await Promise.race([cms.close(), new Promise((resolve) => setTimeout(resolve, 5000))])
}
process.exit(0)
