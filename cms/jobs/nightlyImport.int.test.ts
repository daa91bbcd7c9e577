import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const source = path.join(root, 'modules/importer/fixtures/basic')
// Read by the settings module on first use, so it is set before anything is loaded.
process.env.IMPORT_SOURCE = source
process.env.IMPORT_CRON = '30 2 * * *'

let payload: Payload
let close: () => Promise<void>

beforeAll(async () => {
  const { bootstrapCms } = await import('../start.ts')
  const { getLogger } = await import('../../modules/platform/index.ts')
  const { sql } = await import('@payloadcms/db-postgres')
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  await payload.db.drizzle.execute(
    sql.raw(
      'truncate "news", "_news_v", "territorial_pay_tables", "classifications", "summaries", "pay_tables", "contract_texts", ' +
        '"companies", "provinces", "regions", "text_types", "contract_mappings", "categories", "contracts", "sectors", "media", ' +
        '"import_runs", "payload_jobs" restart identity cascade',
    ),
  )
})

afterAll(async () => {
  await close()
})

describe('the nightly import', () => {
  it('is scheduled on the IMPORT_CRON time (Rome) in the nightly queue', async () => {
    await payload.jobs.handleSchedules({ queue: 'nightly' })
    const jobs = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'nightlyImport' } },
    })
    expect(jobs.docs).toHaveLength(1)
    const waitUntil = new Date(jobs.docs[0]?.waitUntil ?? '')
    // In Rome time, whatever the machine's time zone.
    const romeTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(romeTime.format(waitUntil)).toBe('02:30')
    expect(waitUntil.getTime()).toBeGreaterThan(Date.now())
    expect(jobs.docs[0]?.queue).toBe('nightly')
  })

  it('imports IMPORT_SOURCE when it runs and logs the run', async () => {
    await payload.jobs.queue({ task: 'nightlyImport', input: {}, queue: 'nightly' })
    await payload.jobs.run({ queue: 'nightly' })
    const runs = await payload.find({ collection: 'import-runs' })
    expect(runs.docs).toHaveLength(1)
    expect(runs.docs[0]).toMatchObject({
      trigger: 'job',
      status: 'succeeded',
      format: 'package',
      source,
      created: 31,
      rejected: 0,
    })
    expect((await payload.count({ collection: 'contracts' })).totalDocs).toBe(2)
  })
})
