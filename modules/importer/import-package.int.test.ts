import { spawn } from 'node:child_process'
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { truncateContent } from '../../tests/content.ts'
import { getLogger } from '../platform/index.ts'
import { hasContent, importPackage, type ImportReport } from './index.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const fixture = (name: string) => path.join(here, 'fixtures', name)

let payload: Payload
let close: () => Promise<void>

const resetContent = () => truncateContent(payload)

const counts = (report: ImportReport) =>
  Object.fromEntries(
    report.entities.map((entity) => [
      entity.entity,
      [entity.created, entity.updated, entity.unchanged, entity.rejected.length],
    ]),
  )

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  await resetContent()
})

afterAll(async () => {
  await close()
})

describe('importing a data package', () => {
  let first: ImportReport

  it('creates every entity of the package', async () => {
    expect(await hasContent(payload)).toBe(false)
    first = await importPackage({ dir: fixture('basic'), payload })
    expect(first.status).toBe('succeeded')
    expect(first.name).toBe('Pacchetto di prova')
    expect(counts(first)).toEqual({
      sectors: [2, 0, 0, 0],
      contracts: [2, 0, 0, 0],
      categories: [3, 0, 0, 0],
      contractMappings: [1, 0, 0, 0],
      textTypes: [2, 0, 0, 0],
      regions: [2, 0, 0, 0],
      provinces: [2, 0, 0, 0],
      companies: [1, 0, 0, 0],
      contractTexts: [4, 0, 0, 0],
      payTables: [3, 0, 0, 0],
      summaries: [2, 0, 0, 0],
      classifications: [3, 0, 0, 0],
      territorialPayTables: [2, 0, 0, 0],
      news: [2, 0, 0, 0],
    })
    expect(await hasContent(payload)).toBe(true)
  })

  it('stores records with their relationships, denormalised codes and clean HTML', async () => {
    const [contract] = (
      await payload.find({ collection: 'contracts', where: { code: { equals: 133 } }, depth: 1 })
    ).docs
    expect(contract?.cnelCode).toBe('H011')
    expect(contract?.sectorCode).toBe(11)
    expect(contract?.label).toBe('133 · CCNL Terziario, distribuzione e servizi (Confcommercio)')
    expect(contract?.noteHtml).toBe('<p>Rinnovo del <strong>22 marzo 2024</strong>.</p>')
    expect(typeof contract?.image === 'object' && contract.image?.mimeType).toBe('image/png')

    const [quadri] = (await payload.find({ collection: 'categories', where: { code: { equals: 1002 } } }))
      .docs
    expect(quadri?.name).toBe('Quadri del terziario, "Q"')
    expect(quadri?.contractCode).toBe(133)
    expect(quadri?.sectorCode).toBe(11)

    const [table] = (
      await payload.find({ collection: 'pay-tables', where: { key: { equals: '1001_2024-04-01' } } })
    ).docs
    expect(table?.contractCode).toBe(133)
    expect(table?.noteHtml).toBe('<table><tr><td colspan="2" rowspan="1">Importi in euro</td></tr></table>')
    expect(table?.levels).toHaveLength(3)
    expect((table?.levels as { basePay: number }[])[1]?.basePay).toBe(1834.49)
    expect(table?.effectiveDate.slice(0, 10)).toBe('2024-04-01')

    const [territorial] = (
      await payload.find({ collection: 'contract-texts', where: { code: { equals: 9100 } } })
    ).docs
    expect(territorial?.provinceCode).toBe('RM')
    expect(territorial?.regionCode).toBe('12')
    expect(territorial?.edition).toBeNull()

    const [summary] = (
      await payload.find({
        collection: 'summaries',
        where: { key: { equals: '1001_schedesintetiche' } },
        depth: 1,
      })
    ).docs
    expect(summary?.demo).toBe(true)
    expect(typeof summary?.pdf === 'object' && summary.pdf?.mimeType).toBe('application/pdf')

    const news = await payload.find({ collection: 'news', sort: 'date', depth: 0 })
    expect(news.docs.map((item) => [item.slug, item.period, item._status, item.type])).toEqual([
      ['versamento-contributi-marzo', '2024-03', 'published', 'deadline'],
      ['rinnovo-ccnl-terziario', '2024-03', 'published', 'news'],
    ])
    const renewal = news.docs[1]
    expect(renewal?.html).toBe('<p>Firmato il rinnovo.</p>')
    expect(renewal?.attachmentName).toBe("Testo dell'accordo")
    expect(renewal?.contracts).toEqual([contract?.id])

    // The admin reads drafts-enabled collections through their versions.
    const latest = await payload.find({ collection: 'news', draft: true, sort: 'date', depth: 0 })
    expect(latest.docs.map((item) => [item.slug, item._status, item.contracts])).toEqual([
      ['versamento-contributi-marzo', 'published', []],
      ['rinnovo-ccnl-terziario', 'published', [contract?.id]],
    ])

    // The summary PDF and the news attachment are the same file: stored once.
    expect((await payload.count({ collection: 'media' })).totalDocs).toBe(2)
  })

  it('reports everything unchanged on a second run', async () => {
    const second = await importPackage({ dir: fixture('basic'), payload })
    expect(second.status).toBe('succeeded')
    expect(second.totals).toEqual({ created: 0, updated: 0, unchanged: 31, rejected: 0 })
    expect((await payload.count({ collection: 'media' })).totalDocs).toBe(2)
    const versions = await payload.countVersions({ collection: 'news' })
    expect(versions.totalDocs).toBe(2)
  })

  it('applies only what changed, and a dry run stores nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-package-'))
    await cp(fixture('basic'), dir, { recursive: true })
    const tables = (await readFile(path.join(dir, 'pay-tables.jsonl'), 'utf8')).replace(
      '"basePay": 2102.12',
      '"basePay": 2150',
    )
    await writeFile(path.join(dir, 'pay-tables.jsonl'), tables)
    await writeFile(
      path.join(dir, 'categories.csv'),
      `${await readFile(path.join(dir, 'categories.csv'), 'utf8')}1003,133,Dipendenti di aziende di pulizia\n`,
    )

    const news = (await readFile(path.join(dir, 'news.jsonl'), 'utf8'))
      .replace('"title": "Rinnovo del CCNL Terziario"', '"title": "Rinnovo firmato del CCNL Terziario"')
      .replace(
        '"sectorCodes": [11], "contractCodes": [133]',
        '"sectorCodes": [11, 3], "contractCodes": [133]',
      )
    await writeFile(path.join(dir, 'news.jsonl'), news)

    const dry = await importPackage({ dir, payload, dryRun: true })
    expect(dry.dryRun).toBe(true)
    expect(dry.totals).toEqual({ created: 1, updated: 2, unchanged: 29, rejected: 0 })
    expect((await payload.count({ collection: 'categories' })).totalDocs).toBe(3)
    const [before] = (
      await payload.find({ collection: 'pay-tables', where: { key: { equals: '1001_2025-03-01' } } })
    ).docs
    expect((before?.levels as { basePay: number }[])[0]?.basePay).toBe(2102.12)

    expect((await payload.countVersions({ collection: 'news' })).totalDocs).toBe(2)

    const real = await importPackage({ dir, payload })
    expect(real.totals).toEqual({ created: 1, updated: 2, unchanged: 29, rejected: 0 })
    expect(counts(real).payTables).toEqual([0, 1, 2, 0])
    const [after] = (
      await payload.find({ collection: 'pay-tables', where: { key: { equals: '1001_2025-03-01' } } })
    ).docs
    expect((after?.levels as { basePay: number }[])[0]?.basePay).toBe(2150)
    expect(after?.id).toBe(before?.id)

    const [renewal] = (
      await payload.find({
        collection: 'news',
        where: { slug: { equals: 'rinnovo-ccnl-terziario' } },
        draft: true,
        depth: 1,
      })
    ).docs
    expect(renewal?.title).toBe('Rinnovo firmato del CCNL Terziario')
    expect(renewal?.sectors?.map((sector) => typeof sector === 'object' && sector.name)).toEqual([
      'Terziario e servizi',
      'Meccanici',
    ])
    const history = await payload.findVersions({
      collection: 'news',
      where: { parent: { equals: renewal?.id } },
      sort: '-updatedAt',
    })
    expect(history.docs.map((version) => [version.version.title, version.latest])).toEqual([
      ['Rinnovo firmato del CCNL Terziario', true],
      ['Rinnovo del CCNL Terziario', false],
    ])
  })

  it("restores the package's data over an editor's change at the next import", async () => {
    const [category] = (await payload.find({ collection: 'categories', where: { code: { equals: 2001 } } }))
      .docs
    await payload.update({
      collection: 'categories',
      id: category?.id ?? 0,
      data: { name: 'Nome cambiato a mano' },
    })
    const report = await importPackage({ dir: fixture('basic'), payload })
    expect(counts(report).categories).toEqual([0, 1, 2, 0])
    const restored = await payload.findByID({ collection: 'categories', id: category?.id ?? 0 })
    expect(restored.name).toBe("Lavoratori dell'industria metalmeccanica")
  })

  it('logs each run in the import-runs collection', async () => {
    const runs = await payload.find({ collection: 'import-runs', sort: 'startedAt', limit: 10 })
    expect(runs.docs.map((run) => [run.status, run.dryRun, run.trigger, run.created, run.updated])).toEqual([
      ['succeeded', false, 'cli', 31, 0],
      ['succeeded', false, 'cli', 0, 0],
      ['succeeded', true, 'cli', 1, 2],
      ['succeeded', false, 'cli', 1, 2],
      ['succeeded', false, 'cli', 0, 3],
    ])
    expect(runs.docs[1]?.unchanged).toBe(31)
    expect(runs.docs[0]?.title).toMatch(/^Pacchetto basic — \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)
  })
})

describe('bad records', () => {
  it('are rejected with their line and reasons while the rest land', async () => {
    const report = await importPackage({ dir: fixture('broken'), payload })
    expect(report.status).toBe('partial')
    const rejected = report.entities.flatMap((entity) => entity.rejected)
    expect(rejected.map((item) => [item.file, item.line, item.key])).toEqual([
      ['sectors.jsonl', 2, undefined],
      ['contracts.jsonl', 2, '302'],
      ['categories.jsonl', 2, '3002'],
      ['categories.jsonl', 3, '3001'],
      ['pay-tables.jsonl', 2, undefined],
      ['pay-tables.jsonl', 3, undefined],
      ['pay-tables.jsonl', 4, '9999_2024-01-01'],
    ])
    expect(rejected[0]?.reasons[0]).toMatch(/^code: /)
    expect(rejected[1]?.reasons).toEqual(['settore 999 inesistente'])
    expect(rejected[2]?.reasons).toEqual(['contratto 302 inesistente'])
    expect(rejected[3]?.reasons).toEqual(['chiave ripetuta: il record è già alla riga 1'])
    expect(rejected[4]?.reasons[0]).toMatch(/^JSON non valido/)
    expect(rejected[5]?.reasons[0]).toMatch(/^levels\.0\.basePay: /)
    expect(rejected[6]?.reasons).toEqual(['categoria 9999 inesistente'])

    const stored = await payload.find({
      collection: 'pay-tables',
      where: { categoryCode: { equals: 3001 } },
      sort: 'effectiveDate',
    })
    expect(stored.docs.map((table) => table.key)).toEqual(['3001_2024-01-01', '3001_2025-01-01'])
    expect(
      (await payload.count({ collection: 'contracts', where: { code: { equals: 301 } } })).totalDocs,
    ).toBe(1)
  })
})

describe('a crash in the middle of a batch', () => {
  it('leaves the batch either fully applied or not at all', async () => {
    const runner = path.join(here, 'fixtures', 'crash-runner.ts')
    const child = spawn(process.execPath, [runner, fixture('crash'), 'payTables', '2'], {
      env: process.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, sig) => resolve(sig)),
    )
    expect(signal, stderr).toBe('SIGKILL')

    // The batches before the crash were committed...
    expect(
      (await payload.count({ collection: 'categories', where: { code: { equals: 4001 } } })).totalDocs,
    ).toBe(1)
    // ...the pay tables batch, interrupted after writing some rows, left nothing.
    expect(
      (await payload.count({ collection: 'pay-tables', where: { categoryCode: { equals: 4001 } } }))
        .totalDocs,
    ).toBe(0)

    // The killed run never wrote its outcome; once stale, the next run closes it.
    const db = payload.db.drizzle
    const running = await payload.find({
      collection: 'import-runs',
      where: { status: { equals: 'running' } },
    })
    expect(running.docs).toHaveLength(1)
    await db.execute(
      sql`update import_runs set started_at = now() - interval '7 hours' where status = 'running'`,
    )

    const resumed = await importPackage({ dir: fixture('crash'), payload })
    const closed = await payload.findByID({ collection: 'import-runs', id: running.docs[0]?.id ?? 0 })
    expect([closed.status, closed.message]).toEqual([
      'failed',
      'Importazione interrotta prima della fine (processo terminato).',
    ])
    expect(counts(resumed)).toEqual({
      sectors: [0, 0, 1, 0],
      contracts: [0, 0, 1, 0],
      categories: [0, 0, 1, 0],
      payTables: [10, 0, 0, 0],
    })
    // The child process loads Payload on its own before it imports: slow on a busy machine.
  }, 180_000)
})

describe('an unreadable package', () => {
  it('fails with a readable message and is logged', async () => {
    const report = await importPackage({ dir: path.join(here, 'fixtures'), payload })
    expect(report.status).toBe('failed')
    expect(report.error).toBe(`manifest.json non trovato in ${path.join(here, 'fixtures')}`)
    const [run] = (await payload.find({ collection: 'import-runs', sort: '-startedAt', limit: 1 })).docs
    expect(run?.status).toBe('failed')
    expect(run?.message).toBe(report.error)
  })
})
