/**
 * The hourly `searchPopularity` job: the contract database's views of the
 * last 90 days, summed per contract, reach the search index's use table.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../modules/cms/index.ts'
import { truncateContent } from '../../tests/content.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let payload: Payload
let pool: Pool
let close: () => Promise<void>

beforeAll(async () => {
  const { bootstrapCms } = await import('../start.ts')
  const { getLogger } = await import('../../modules/platform/index.ts')
  const { importPackage } = await import('../../modules/importer/index.ts')
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  pool = poolOf(payload)
  await truncateContent(payload)
  const report = await importPackage({ dir: path.join(root, 'modules/importer/fixtures/basic'), payload })
  expect(report.error ?? null).toBeNull()
  await pool.query('delete from database_views; delete from search_popularity')
  await pool.query(`delete from payload_jobs where task_slug = 'searchPopularity'`)
})

afterAll(async () => {
  await pool.query('delete from database_views; delete from search_popularity')
  await close()
})

const popularity = async () =>
  (
    await pool.query<{ contract_code: number; views: number }>(
      'select contract_code, views from search_popularity order by contract_code',
    )
  ).rows

async function runJob() {
  await payload.jobs.queue({ task: 'searchPopularity', input: {}, queue: 'default' })
  await payload.jobs.run({ queue: 'default' })
}

describe('the searchPopularity job', () => {
  it('hands each contract the views of its categories in the last 90 days', async () => {
    const { logView } = await import('../../modules/ccnl/index.ts')
    // Contract 133: two views of 1001 and one of 1002; contract 200: one view of 2001.
    await logView(null, 1001)
    await logView(null, 1001)
    await logView(null, 1002)
    await logView(null, 2001)
    // A view older than 90 days no longer counts.
    await pool.query(
      `insert into database_views (user_id, category_code, viewed_at) values (null, 2001, now() - interval '91 days')`,
    )
    await runJob()
    expect(await popularity()).toEqual([
      { contract_code: 133, views: 3 },
      { contract_code: 200, views: 1 },
    ])
  })

  it('replaces the previous hour’s figures, dropping contracts no longer viewed', async () => {
    await pool.query('delete from database_views where category_code = 2001')
    await runJob()
    expect(await popularity()).toEqual([{ contract_code: 133, views: 3 }])
  })
})
