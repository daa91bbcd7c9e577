/**
 * The ISTAT list imported twice (the second run changes nothing), its bad
 * rows refused with line and reason, and 'Che contratto applico?' through
 * the API on the demo data set: codes, prefixes, words, an ATECO 2007 code,
 * nothing found and bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { truncateContent } from '../../tests/content.ts'
import { createApi } from '../api/index.ts'
import { importAteco, importPackage, type ImportReport } from '../importer/index.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import type { FinderAnswer } from './index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const list = path.join(root, 'data/istat/ateco-2025.csv')
const api = createApi({ version: 'test' })
let payload: Payload
let close: () => Promise<void>

const counts = (report: ImportReport) => {
  const [entity] = report.entities
  return [entity?.created, entity?.updated, entity?.unchanged, entity?.rejected.length]
}

async function find(query: string): Promise<{ status: number; body: FinderAnswer }> {
  const response = await api.fetch(
    new Request(`${getEnv().publicUrl}/api/v1/ateco/contratti?q=${encodeURIComponent(query)}`),
  )
  return { status: response.status, body: (await response.json()) as FinderAnswer }
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  await truncateContent(payload)
  const demo = await importPackage({ dir: path.join(root, 'data/demo'), payload, trigger: 'cli' })
  expect(demo.status).toBe('succeeded')
}, 240_000)

afterAll(async () => {
  await close()
})

describe('npm run import -- --source ateco', () => {
  it('stores the list, and a second run of the same file reports everything unchanged', async () => {
    const first = await importAteco({ file: list, payload })
    expect(first.format).toBe('ateco')
    expect(first.status).toBe('succeeded')
    const total = first.entities[0]?.total ?? 0
    expect(total).toBeGreaterThan(250)
    expect(counts(first)).toEqual([total, 0, 0, 0])

    const second = await importAteco({ file: list, payload })
    expect(second.status).toBe('succeeded')
    expect(counts(second)).toEqual([0, 0, total, 0])

    const stored = await payload.find({
      collection: 'ateco-codes',
      where: { code: { equals: '56.11.11' } },
      overrideAccess: true,
    })
    expect(stored.docs[0]).toMatchObject({
      title: 'Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie',
      level: 'sottocategoria',
      section: 'I',
      parentCode: '56.11.1',
    })
    const runs = await payload.find({
      collection: 'import-runs',
      sort: '-startedAt',
      limit: 1,
      overrideAccess: true,
    })
    expect(runs.docs[0]).toMatchObject({ format: 'ateco', status: 'succeeded', unchanged: total })
  })

  it('refuses bad rows with their line and Italian reasons, and an unreadable file as a whole', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ateco-'))
    const file = path.join(dir, 'ateco-errata.csv')
    writeFileSync(
      file,
      [
        'CODICE_ATECO_2025;TITOLO_ITALIANO_ATECO_2025;GERARCHIA_ATECO_2025;CODICE_PADRE_ATECO_2025',
        'I;Attività dei servizi di alloggio e di ristorazione;1;',
        '56;Attività dei servizi di ristorazione;2;I',
        '56.11.11;Ristoranti con servizio al tavolo (titolo corretto);6;56.11.1',
        '56.x;Codice errato;3;56',
        '56.30.01;;6;56.30.0',
      ].join('\n'),
    )
    const report = await importAteco({ file, payload, dryRun: true })
    expect(report.status).toBe('partial')
    expect(report.entities[0]?.rejected).toEqual([
      { file: 'ateco-errata.csv', line: 5, reasons: ['codice ATECO non valido: «56.x»'] },
      { file: 'ateco-errata.csv', line: 6, reasons: ['titolo mancante'] },
    ])
    // A dry run saves nothing.
    const stored = await payload.find({
      collection: 'ateco-codes',
      where: { code: { equals: '56.11.11' } },
      overrideAccess: true,
    })
    expect(stored.docs[0]?.title).toBe(
      'Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie',
    )

    const missing = await importAteco({ file: path.join(dir, 'assente.csv'), payload })
    expect(missing.status).toBe('failed')
    expect(missing.error).toBe('elenco ATECO illeggibile: file non trovato')
    const comma = path.join(dir, 'virgole.csv')
    writeFileSync(comma, 'CODICE_ATECO_2025,TITOLO_ITALIANO_ATECO_2025\n56,Ristorazione\n')
    const wrong = await importAteco({ file: comma, payload })
    expect(wrong.error).toBe(
      'elenco ATECO illeggibile: intestazione senza le colonne CODICE_ATECO_2025, TITOLO_ITALIANO_ATECO_2025 (separatore «;»)',
    )
  })
})

describe('GET /api/v1/ateco/contratti', () => {
  it('answers a full code with its official title and the contracts of its categories, leading one first', async () => {
    const { status, body } = await find('56.11.11')
    expect(status).toBe(200)
    expect(body).toMatchObject({ tipo: 'codice', codice: '56.11.11', codiceVicino: null, messaggio: null })
    const [code] = body.risultati
    expect(code).toMatchObject({
      codiceAteco: '56.11.11',
      titolo: 'Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie',
      livello: 'sottocategoria',
      sezione: 'I',
      titoloSezione: 'Attività dei servizi di alloggio e di ristorazione',
      indiretto: false,
    })
    const [leading] = code?.contratti ?? []
    expect(leading).toMatchObject({ codiceContratto: 136, principale: true, tipoMotivo: 'codice' })
    expect(leading?.motivo).toMatch(
      /^Codice ATECO 56\.11\.11 delle categorie «Pubblici esercizi \(bar, ristoranti, pizzerie\)»/,
    )
    expect(leading?.categorie[0]?.percorso).toMatch(/^\/bancadati\/0\/\d+\/136\/\d+$/)
  })

  it('finds activities by words, among titles and explanatory notes', async () => {
    const restaurant = await find('ristorante')
    expect(restaurant.body.tipo).toBe('parole')
    expect(restaurant.body.risultati.map((item) => item.codiceAteco)).toContain('56.11.11')
    const garage = await find('autofficina')
    expect(garage.body.risultati[0]).toMatchObject({
      codiceAteco: '95.31.10',
      titolo: 'Riparazione e manutenzione meccanica, elettrica ed elettronica di autoveicoli',
      indiretto: true,
    })
    expect(garage.body.risultati[0]?.contratti[0]?.motivo).toBe(
      'Stessa classe ATECO 95.31 – Riparazione e manutenzione di autoveicoli',
    )
    const carers = await find('badanti')
    expect(carers.body.risultati[0]?.codiceAteco).toBe('97.00.90')
    expect(carers.body.risultati[0]?.contratti[0]).toMatchObject({ codiceContratto: 138, principale: true })
  })

  it('takes a prefix and an ATECO 2007 code, and says so when nothing matches', async () => {
    const division = await find('56')
    expect(division.body.risultati[0]?.codiceAteco).toBe('56')
    expect(division.body.risultati[0]?.contratti.map((item) => item.codiceContratto)).toContain(136)
    const old = await find('56.10.11')
    expect(old.body).toMatchObject({ codice: '56.10.11', codiceVicino: '56.1' })
    expect(old.body.messaggio).toBe(
      'Il codice 56.10.11 non è nell’elenco ATECO 2025 (potrebbe essere un codice ATECO 2007): ecco il codice più vicino, 56.1.',
    )
    const unknown = await find('99.99')
    expect(unknown.body.risultati).toEqual([])
    expect(unknown.body.messaggio).toMatch(/^Il codice 99\.99 non è nell’elenco ATECO 2025/)
    const words = await find('astronave')
    expect(words.body.messaggio).toMatch(/^Nessuna attività corrisponde a «astronave»/)
  })

  it('refuses a missing or too long query with a 400 in Italian', async () => {
    const response = await api.fetch(new Request(`${getEnv().publicUrl}/api/v1/ateco/contratti`))
    expect(response.status).toBe(400)
    const long = await api.fetch(
      new Request(`${getEnv().publicUrl}/api/v1/ateco/contratti?q=${'a'.repeat(101)}`),
    )
    expect(long.status).toBe(400)
    const body = (await long.json()) as { error: { message: string } }
    expect(body.error.message).toMatch(/100 caratteri/)
  })
})
