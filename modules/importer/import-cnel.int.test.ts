import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { cnelArchive } from '../../dev/seed/index.ts'
import { poolOf } from '../cms/index.ts'
import { getLogger } from '../platform/index.ts'
import { createPostgresSearch, type SearchIndex } from '../search/index.ts'
import { importCnel, importPackage, importSource, type ImportReport } from './index.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const archive = path.join(here, 'fixtures', 'cnel-archive.json')

let payload: Payload
let close: () => Promise<void>
/** The search index, read without the result cache. */
let search: SearchIndex

async function resetContent(): Promise<void> {
  const db = payload.db.drizzle
  await db.execute(
    sql.raw(
      'truncate "news", "_news_v", "territorial_pay_tables", "classifications", "summaries", "pay_tables", "contract_texts", ' +
        '"companies", "provinces", "regions", "text_types", "contract_mappings", "categories", "contracts", "sectors", "media", ' +
        '"contract_aliases", "import_runs" restart identity cascade',
    ),
  )
}

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
  search = createPostgresSearch(poolOf(payload))
})

beforeEach(async () => {
  await resetContent()
  // An empty index: what a test finds there, its import put there.
  await search.reindex([])
})

afterAll(async () => {
  await close()
})

describe('the CNEL archive list', () => {
  it('creates sectors by name, contracts by CNEL code and a default category for each', async () => {
    const report = await importCnel({ file: archive, payload })
    expect(report.format).toBe('cnel')
    expect(report.status).toBe('partial')
    expect(counts(report)).toEqual({
      sectors: [3, 0, 0, 0],
      contracts: [3, 0, 0, 2],
      categories: [3, 0, 0, 0],
    })
    const rejected = report.entities.flatMap((entity) => entity.rejected)
    expect(rejected.map((item) => [item.file, item.line])).toEqual([
      ['cnel-archive.json', 60],
      ['cnel-archive.json', 64],
    ])
    expect(rejected[0]?.reasons[0]).toMatch(/^id: /)
    expect(rejected[1]?.reasons[0]).toMatch(/^scadenza_contrattuale: /)

    const sectors = await payload.find({ collection: 'sectors', sort: 'code' })
    expect(sectors.docs.map((sector) => [sector.code, sector.name, sector.cnelName])).toEqual([
      [1, 'Terziario e servizi', 'TERZIARIO E SERVIZI'],
      [2, 'Meccanici', 'MECCANICI'],
      [3, 'Trasporti', 'TRASPORTI'],
    ])

    const [commerce] = (
      await payload.find({ collection: 'contracts', where: { cnelCode: { equals: 'H011' } } })
    ).docs
    expect(commerce?.title).toBe(
      'CCNL per i dipendenti da aziende del terziario, della distribuzione e dei servizi',
    )
    expect(commerce?.employerSignatories).toBe('CONFCOMMERCIO')
    expect(commerce?.unionSignatories).toBe('FILCAMS-CGIL\nFISASCAT-CISL\nUILTUCS')
    expect(commerce?.expiresOn?.slice(0, 10)).toBe('2027-03-31')
    expect(commerce?.firstFiledOn?.slice(0, 10)).toBe('2015-04-30')
    expect(commerce?.sectorCode).toBe(1)
    expect(commerce?.cnelFlags).toMatchObject({
      vigente: true,
      accordo_economico: false,
      cgil_cisl_uil: true,
    })

    // Every contract is reachable: one category carrying the contract's title.
    const categories = await payload.find({ collection: 'categories', sort: 'code', depth: 0 })
    expect(categories.docs.map((category) => [category.contractCode, category.name])).toEqual([
      [1, 'CCNL per i dipendenti da aziende del terziario, della distribuzione e dei servizi'],
      [2, "CCNL per l'industria metalmeccanica e della installazione di impianti"],
      [3, 'CCNL logistica, trasporto merci e spedizione'],
    ])
  })

  it('reports everything unchanged on a second run', async () => {
    await importCnel({ file: archive, payload })
    const second = await importCnel({ file: archive, payload })
    expect(counts(second)).toEqual({
      sectors: [0, 0, 3, 0],
      contracts: [0, 0, 3, 2],
      categories: [0, 0, 3, 0],
    })
    expect((await payload.count({ collection: 'categories' })).totalDocs).toBe(3)
  })

  it('updates contracts of a package in place and keeps their categories', async () => {
    await importPackage({ dir: path.join(here, 'fixtures', 'basic'), payload })
    const report = await importCnel({ file: archive, payload })
    // TERZIARIO E SERVIZI and MECCANICI ("meccanici" in the list) exist already; TRASPORTI is new.
    expect(counts(report)).toEqual({
      sectors: [1, 0, 2, 0],
      contracts: [1, 2, 0, 2],
      categories: [1, 0, 2, 0],
    })
    const [metal] = (await payload.find({ collection: 'contracts', where: { cnelCode: { equals: 'C011' } } }))
      .docs
    expect(metal?.code).toBe(200)
    expect(metal?.shortTitle).toBeNull()
    expect(metal?.title).toBe("CCNL per l'industria metalmeccanica e della installazione di impianti")
    const [logistics] = (
      await payload.find({ collection: 'contracts', where: { cnelCode: { equals: 'I271' } } })
    ).docs
    expect(logistics?.code).toBe(201)
    expect(logistics?.sectorCode).toBe(12)
    expect(
      (await payload.count({ collection: 'categories', where: { contractCode: { equals: 133 } } })).totalDocs,
    ).toBe(2)
  })

  it('stores nothing in a dry run', async () => {
    const report = await importCnel({ file: archive, payload, dryRun: true })
    expect(report.totals.created).toBe(9)
    expect((await payload.count({ collection: 'contracts' })).totalDocs).toBe(0)
    expect((await payload.count({ collection: 'sectors' })).totalDocs).toBe(0)
  })

  it('is chosen by importSource for a JSON file, and a missing source is logged as failed', async () => {
    const report = await importSource({ source: archive, payload, trigger: 'job' })
    expect(report.format).toBe('cnel')
    const missing = await importSource({
      source: path.join(here, 'fixtures', 'assente.json'),
      payload,
      trigger: 'job',
    })
    expect(missing.status).toBe('failed')
    const runs = await payload.find({ collection: 'import-runs', sort: 'startedAt' })
    expect(runs.docs.map((run) => [run.format, run.trigger, run.status])).toEqual([
      ['cnel', 'job', 'partial'],
      ['package', 'job', 'failed'],
    ])
    expect(runs.docs[1]?.message).toMatch(/^origine dei dati non trovata: /)
  })

  it('makes the contracts it creates searchable at once, without a rebuild of the index', async () => {
    expect(await search.searchContracts('logistica trasporto merci')).toEqual([])
    await importCnel({ file: archive, payload })
    const [logistics] = await search.searchContracts('logistica trasporto merci')
    expect(logistics).toMatchObject({
      cnelCode: 'I271',
      contractTitle: 'CCNL logistica, trasporto merci e spedizione',
      sectorName: 'Trasporti',
    })
    const [commerce] = await search.searchContracts('H011')
    expect(commerce?.contractTitle).toBe(
      'CCNL per i dipendenti da aziende del terziario, della distribuzione e dei servizi',
    )
    expect((await search.searchContracts('metalmeccanica')).map((hit) => hit.cnelCode)).toEqual(['C011'])
  })

  it('gives the contracts their everyday names at once, whether the names come before or after the list', async () => {
    const aliases = path.join(here, '../../data/aliases')
    await importPackage({ dir: aliases, payload })
    await importCnel({ file: archive, payload })
    expect((await search.searchContracts('negozi'))[0]?.cnelCode).toBe('H011')
    await resetContent()
    await importCnel({ file: archive, payload })
    expect(await search.searchContracts('commessi')).toEqual([])
    await importPackage({ dir: aliases, payload })
    expect((await search.searchContracts('commessi'))[0]?.cnelCode).toBe('H011')
  })

  it('indexes the contracts a second list renames, and nothing on a dry run', async () => {
    await importCnel({ file: archive, payload, dryRun: true })
    expect(await search.searchContracts('logistica')).toEqual([])
    await importCnel({ file: archive, payload })
    const renamed = JSON.stringify([
      {
        id: 'I271',
        titolo: 'CCNL spedizioni e autotrasporto merci',
        settore: 'TRASPORTI',
      },
    ])
    const report = await importCnel({ file: 'rinomina.json', text: renamed, payload })
    expect(counts(report).contracts).toEqual([0, 1, 0, 0])
    const [hit] = await search.searchContracts('autotrasporto')
    expect(hit).toMatchObject({ cnelCode: 'I271', contractTitle: 'CCNL spedizioni e autotrasporto merci' })
  })

  it('refuses a file that is not a JSON array', async () => {
    const report = await importCnel({ file: path.join(here, 'fixtures', 'basic', 'manifest.json'), payload })
    expect(report.status).toBe('failed')
    expect(report.error).toBe('file CNEL illeggibile: il file non contiene un array JSON')
  })
})

const facts = async (cnelCode: string) => {
  const [doc] = (await payload.find({ collection: 'contracts', where: { cnelCode: { equals: cnelCode } } }))
    .docs
  if (!doc) throw new Error(`contratto ${cnelCode} assente`)
  return doc
}

describe('the representativeness facts', () => {
  it('maps the flag columns of every spelling into the contract facts', async () => {
    await importCnel({ file: archive, payload })
    const commerce = await facts('H011')
    expect(commerce.representativeness).toEqual({
      representedAtCnel: true,
      employerSideAtCnel: true,
      unionSideAtCnel: true,
      confederations: {
        cgilCislUil: true,
        confindustria: false,
        confcommercio: true,
        ugl: false,
        confsal: false,
        cisal: false,
      },
    })
    const metal = await facts('C011')
    expect(metal.representativeness?.confederations?.confindustria).toBe(true)
    expect(metal.employerSignatories).toBe('FEDERMECCANICA\nASSISTAL')
    const logistics = await facts('I271')
    expect(logistics.representativeness?.employerSideAtCnel).toBe(false)
    expect(logistics.representativeness?.unionSideAtCnel).toBe(true)
    expect(logistics.representativeness?.confederations?.cgilCislUil).toBe(true)
  })
})

describe('an editor’s corrections', () => {
  let editor: Awaited<ReturnType<typeof createEditor>>
  const createEditor = () =>
    payload.create({
      collection: 'users',
      data: {
        email: `redattore-${Date.now()}@example.it`,
        password: 'Prova-2026!',
        roles: ['editor'],
        name: 'Redattore',
      },
    })
  const asEditor = async (id: number, data: Record<string, unknown>) =>
    payload.update({ collection: 'contracts', id, data, user: editor, overrideAccess: false })

  beforeEach(async () => {
    editor = await createEditor()
  })

  it('are recorded, kept by the next CNEL import and not reported as changes', async () => {
    await importCnel({ file: archive, payload })
    const commerce = await facts('H011')
    const edited = await asEditor(commerce.id, {
      employerSignatories: 'CONFCOMMERCIO\nFEDERDISTRIBUZIONE',
      representativeness: { confederations: { cgilCislUil: false } },
    })
    expect(edited.handEdited).toEqual([
      'employerSignatories',
      'representativeness.confederations.cgilCislUil',
    ])

    const second = await importCnel({ file: archive, payload })
    expect(counts(second).contracts).toEqual([0, 0, 3, 2])
    const kept = await facts('H011')
    expect(kept.employerSignatories).toBe('CONFCOMMERCIO\nFEDERDISTRIBUZIONE')
    expect(kept.representativeness?.confederations?.cgilCislUil).toBe(false)
    expect(kept.representativeness?.confederations?.confcommercio).toBe(true)

    // Another field changed by hand: the import restores it, the correction stays.
    await asEditor(commerce.id, { title: 'Titolo cambiato a mano' })
    const third = await importCnel({ file: archive, payload })
    expect(counts(third).contracts).toEqual([0, 1, 2, 2])
    const restoredTitle = await facts('H011')
    expect(restoredTitle.title).toBe(
      'CCNL per i dipendenti da aziende del terziario, della distribuzione e dei servizi',
    )
    expect(restoredTitle.employerSignatories).toBe('CONFCOMMERCIO\nFEDERDISTRIBUZIONE')
    expect(restoredTitle.handEdited).toEqual([
      'employerSignatories',
      'representativeness.confederations.cgilCislUil',
    ])
    expect(counts(await importCnel({ file: archive, payload })).contracts).toEqual([0, 0, 3, 2])
  })

  it('are handed back to the import with «Ripristina i dati importati»', async () => {
    await importCnel({ file: archive, payload })
    const commerce = await facts('H011')
    await asEditor(commerce.id, { expiresOn: '2030-12-31T12:00:00.000Z' })
    expect((await facts('H011')).handEdited).toEqual(['expiresOn'])
    expect(counts(await importCnel({ file: archive, payload })).contracts).toEqual([0, 0, 3, 2])
    expect((await facts('H011')).expiresOn?.slice(0, 10)).toBe('2030-12-31')

    const restored = await asEditor(commerce.id, { restoreImported: true })
    expect(restored.handEdited).toEqual([])
    expect(counts(await importCnel({ file: archive, payload })).contracts).toEqual([0, 1, 2, 2])
    expect((await facts('H011')).expiresOn?.slice(0, 10)).toBe('2027-03-31')
    expect(counts(await importCnel({ file: archive, payload })).contracts).toEqual([0, 0, 3, 2])
  })

  it('an unchanged save records nothing', async () => {
    await importCnel({ file: archive, payload })
    const commerce = await facts('H011')
    const saved = await asEditor(commerce.id, {
      employerSignatories: commerce.employerSignatories,
      expiresOn: commerce.expiresOn,
      representativeness: commerce.representativeness,
    })
    expect(saved.handEdited).toEqual([])
    expect(counts(await importCnel({ file: archive, payload })).contracts).toEqual([0, 0, 3, 2])
  })

  it('are kept by the next package import too', async () => {
    const basic = path.join(here, 'fixtures', 'basic')
    await importPackage({ dir: basic, payload })
    const [commerce] = (await payload.find({ collection: 'contracts', where: { code: { equals: 133 } } }))
      .docs
    expect(commerce?.representativeness?.confederations?.cgilCislUil).toBe(true)
    await asEditor(commerce?.id ?? 0, {
      unionSignatories: 'FILCAMS-CGIL',
      representativeness: { employerSideAtCnel: false },
    })
    const second = await importPackage({ dir: basic, payload })
    const contracts = second.entities.find((entity) => entity.entity === 'contracts')
    expect([contracts?.created, contracts?.updated]).toEqual([0, 0])
    const [kept] = (await payload.find({ collection: 'contracts', where: { code: { equals: 133 } } })).docs
    expect(kept?.unionSignatories).toBe('FILCAMS-CGIL')
    expect(kept?.representativeness?.employerSideAtCnel).toBe(false)
    expect(kept?.representativeness?.representedAtCnel).toBe(true)
  })
})

describe('a 1,000-contract archive', () => {
  it('imports, and a second run reports every entity unchanged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cnel-1000-'))
    const file = path.join(dir, 'cnel.json')
    try {
      await writeFile(file, JSON.stringify(cnelArchive(1000, 7)))
      const first = await importCnel({ file, payload })
      expect(first.status).toBe('succeeded')
      expect(counts(first).contracts).toEqual([1000, 0, 0, 0])
      expect(counts(first).categories).toEqual([1000, 0, 0, 0])
      const second = await importCnel({ file, payload })
      expect(second.status).toBe('succeeded')
      for (const entity of second.entities) {
        expect([entity.entity, entity.created, entity.updated, entity.rejected.length]).toEqual([
          entity.entity,
          0,
          0,
          0,
        ])
        expect(entity.unchanged).toBe(entity.total)
      }
      expect(counts(second).contracts).toEqual([0, 0, 1000, 0])
      const most = await payload.count({
        collection: 'contracts',
        where: { 'representativeness.confederations.cgilCislUil': { equals: true } },
      })
      expect(most.totalDocs).toBeGreaterThan(34)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
