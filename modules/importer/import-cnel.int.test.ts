import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
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
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  await db.execute(
    sql.raw(
      'truncate "news", "_news_v", "territorial_pay_tables", "classifications", "summaries", "pay_tables", "contract_texts", ' +
        '"companies", "provinces", "regions", "text_types", "contract_mappings", "categories", "contracts", "sectors", "media", ' +
        '"import_runs" restart identity cascade',
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
      ['cnel-archive.json', 33],
      ['cnel-archive.json', 37],
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
    expect(commerce?.unionSignatories).toBe('FILCAMS-CGIL; FISASCAT-CISL; UILTUCS')
    expect(commerce?.expiresOn?.slice(0, 10)).toBe('2027-03-31')
    expect(commerce?.sectorCode).toBe(1)
    expect(commerce?.cnelFlags).toEqual({ vigente: true, accordo_economico: false })

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
