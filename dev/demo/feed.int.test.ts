/**
 * The demo feed brought to the day the portal starts (embedded mode): news of
 * that week and deadlines of that month and the next; a second start the same
 * day imports nothing; a later day adds its items and keeps the earlier ones,
 * without a duplicate.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { importPackage } from '../../modules/importer/index.ts'
import { getLogger } from '../../modules/platform/index.ts'
import { ensureDemoFeedCurrent } from './feed.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let payload: Payload
let close: () => Promise<void>
let dataDir = ''
const before = new Set<number>()

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload })
  expect(report.error ?? null).toBeNull()
  const existing = await payload.find({ collection: 'news', pagination: false, depth: 0, select: {} })
  for (const doc of existing.docs) before.add(doc.id)
  dataDir = await mkdtemp(path.join(tmpdir(), 'bancadati-demo-feed-'))
})

afterAll(async () => {
  // The items dated by this test's days leave the shared test database as they came.
  const added = await payload.find({ collection: 'news', pagination: false, depth: 0, select: {} })
  const ids = added.docs.map((doc) => doc.id).filter((id) => !before.has(id))
  if (ids.length > 0)
    await payload.delete({ collection: 'news', where: { id: { in: ids } }, overrideAccess: true })
  await rm(dataDir, { recursive: true, force: true })
  await close()
})

/** The stored items with this title. */
async function titled(title: string) {
  const found = await payload.find({
    collection: 'news',
    where: { title: { equals: title } },
    pagination: false,
    depth: 0,
  })
  return found.docs
}

async function importRuns(): Promise<number> {
  return (await payload.count({ collection: 'import-runs', overrideAccess: true })).totalDocs
}

it('brings the feed to the day of the start once that day, then adds a later day to it', async () => {
  const logger = getLogger()
  // 10 March 2027: deadlines of March and April, and the guides of the week.
  await ensureDemoFeedCurrent({ payload, logger, dataDir, now: new Date('2027-03-10T10:00:00Z') })
  expect(await titled('Versamento F24 di marzo 2027: ritenute e contributi di febbraio')).toHaveLength(1)
  expect(await titled('Versamento F24 di aprile 2027: ritenute e contributi di marzo')).toHaveLength(1)
  expect(await titled('Uniemens di marzo: invio entro il 30/04/2027')).toHaveLength(1)
  const week = await payload.find({
    collection: 'news',
    where: {
      and: [
        { type: { equals: 'news' } },
        { date: { greater_than: '2027-03-03T23:59:59.999Z' } },
        { date: { less_than_equal: '2027-03-10T23:59:59.999Z' } },
      ],
    },
    depth: 0,
  })
  expect(week.totalDocs).toBeGreaterThan(0)
  const marker = path.join(dataDir, 'demo-feed.json')
  expect(JSON.parse(await readFile(marker, 'utf8'))).toEqual({ day: '2027-03-10' })
  expect((await stat(marker)).mode & 0o777).toBe(0o600)

  // Another start the same day: nothing imported.
  const runs = await importRuns()
  await ensureDemoFeedCurrent({ payload, logger, dataDir, now: new Date('2027-03-10T18:00:00Z') })
  expect(await importRuns()).toBe(runs)

  // Seven weeks later: June's deadlines come, March's stay, nothing is doubled.
  await ensureDemoFeedCurrent({ payload, logger, dataDir, now: new Date('2027-05-02T08:00:00Z') })
  expect(await importRuns()).toBe(runs + 1)
  expect(await titled('Versamento F24 di giugno 2027: ritenute e contributi di maggio')).toHaveLength(1)
  expect(await titled('Versamento F24 di marzo 2027: ritenute e contributi di febbraio')).toHaveLength(1)
  expect(await titled('Versamento F24 di aprile 2027: ritenute e contributi di marzo')).toHaveLength(1)
  // The shipped data set's items are kept as the feed's archive.
  expect(await titled('Versamento F24 di dicembre 2025: ritenute e contributi di novembre')).toHaveLength(1)
  expect(JSON.parse(await readFile(marker, 'utf8'))).toEqual({ day: '2027-05-02' })
})
