import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Read by the settings module on first use, so they are set before anything is loaded.
const backupDir = await mkdtemp(path.join(tmpdir(), 'backup-notturno-'))
process.env.BACKUP_SCHEDULE = '15 1 * * *'
process.env.BACKUP_DIR = backupDir
process.env.BACKUP_KEEP = '1'
// Production mode (DATABASE_URL): a schedule needs the snapshot key.
process.env.BACKUP_KEY = 'chiave-delle-istantanee-notturne-di-prova'

let payload: Payload
let close: () => Promise<void>

beforeAll(async () => {
  const { bootstrapCms } = await import('../start.ts')
  const { getLogger } = await import('../../modules/platform/index.ts')
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  await payload.delete({ collection: 'payload-jobs', where: { taskSlug: { equals: 'nightlyBackup' } } })
})

afterAll(async () => {
  await close()
  await rm(backupDir, { recursive: true, force: true })
})

async function snapshots(): Promise<string[]> {
  const { folderDestination } = await import('../../modules/backup/index.ts')
  return folderDestination(backupDir).list()
}

describe('the nightly backup', () => {
  it('is scheduled on the BACKUP_SCHEDULE time (Rome) in the nightly queue', async () => {
    await payload.jobs.handleSchedules({ queue: 'nightly' })
    const jobs = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'nightlyBackup' } },
    })
    expect(jobs.docs).toHaveLength(1)
    const waitUntil = new Date(jobs.docs[0]?.waitUntil ?? '')
    const romeTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(romeTime.format(waitUntil)).toBe('01:15')
    expect(jobs.docs[0]?.queue).toBe('nightly')
    await payload.delete({ collection: 'payload-jobs', where: { taskSlug: { equals: 'nightlyBackup' } } })
  })

  it('writes a complete snapshot when it runs and keeps the newest BACKUP_KEEP', async () => {
    const { MANIFEST_FILE, SIGNATURE_FILE, manifestSchema } = await import('../../modules/backup/index.ts')
    for (let run = 0; run < 2; run++) {
      await payload.jobs.queue({ task: 'nightlyBackup', input: {}, queue: 'nightly' })
      await payload.jobs.run({ queue: 'nightly' })
      // Snapshot names are to the second: the second run must not reuse the first one's.
      if (run === 0) await new Promise((resolve) => setTimeout(resolve, 1100))
    }
    const names = await snapshots()
    expect(names).toHaveLength(1)
    const folder = path.join(backupDir, names[0] ?? '')
    const manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')),
    )
    expect(manifest.database.migrations).toContain('20261127_042500_nightly_backup_job')
    expect(existsSync(path.join(folder, SIGNATURE_FILE))).toBe(true)
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    expect(existsSync(`${folder}.partial`)).toBe(false)
  }, 240_000)
})
