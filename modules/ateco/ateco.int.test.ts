/**
 * The whole ISTAT ATECO 2025 list loaded at start-up, also over an
 * installation that holds the old short list, in a few seconds; a second
 * run changes nothing; bad rows refused with line and reason; and 'Che
 * contratto applico?' through the API on the demo data set: codes,
 * prefixes, words, ATECO 2007 codes, the ordering and «Il più applicato»,
 * nothing found and bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { ensureAtecoList } from '../../dev/demo/index.ts'
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

/** A list file in a temporary folder: ISTAT's header, section I and division 56, then the rows given. */
function listFile(name: string, rows: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ateco-')), name)
  const header = 'CODICE_ATECO_2025;TITOLO_ITALIANO_ATECO_2025;GERARCHIA_ATECO_2025;CODICE_PADRE_ATECO_2025'
  const start = [
    'I;Attività dei servizi di alloggio e di ristorazione;1;',
    '56;Attività dei servizi di ristorazione;2;I',
  ]
  writeFileSync(file, [header, ...start, ...rows].join('\n'))
  return file
}

/** The stored record of an ATECO code. */
const storedCode = (code: string) =>
  payload.find({ collection: 'ateco-codes', where: { code: { equals: code } }, overrideAccess: true })

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
  it('loads the whole list at start-up over an installation with the old short list, in a few seconds', async () => {
    const short = listFile('ateco-2025-breve.csv', [
      '56.11.11;Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie;6;56.11.1',
      '62;Produzione di software, consulenza informatica e attività connesse;2;J',
    ])
    expect(counts(await importAteco({ file: short, payload }))).toEqual([4, 0, 0, 0])
    const runs = async () =>
      (await payload.count({ collection: 'import-runs', overrideAccess: true })).totalDocs
    const before = await runs()

    const begin = performance.now()
    await ensureAtecoList(payload, getLogger())
    const seconds = (performance.now() - begin) / 1000
    getLogger().info({ seconds }, 'Elenco ATECO completo importato')
    expect(seconds).toBeLessThan(30)
    expect((await payload.count({ collection: 'ateco-codes', overrideAccess: true })).totalDocs).toBe(3257)
    const division = await storedCode('62')
    // The old title and section give way to ISTAT's.
    expect(division.docs[0]).toMatchObject({
      title: 'Attività di programmazione, consulenza informatica e attività connesse',
      section: 'K',
    })
    expect(await runs()).toBe(before + 1)
    // The next start finds the list complete and imports nothing.
    await ensureAtecoList(payload, getLogger())
    expect(await runs()).toBe(before + 1)
  }, 120_000)

  it('stores the list, and a second run of the same file reports everything unchanged', async () => {
    const total = 3257
    const second = await importAteco({ file: list, payload })
    expect(second.status).toBe('succeeded')
    expect(counts(second)).toEqual([0, 0, total, 0])

    const stored = await storedCode('56.11.11')
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
    const file = listFile('ateco-errata.csv', [
      '56.11.11;Ristoranti con servizio al tavolo (titolo corretto);6;56.11.1',
      '56.x;Codice errato;3;56',
      '56.30.01;;6;56.30.0',
    ])
    const dir = path.dirname(file)
    const report = await importAteco({ file, payload, dryRun: true })
    expect(report.status).toBe('partial')
    expect(report.entities[0]?.rejected).toEqual([
      { file: 'ateco-errata.csv', line: 5, reasons: ['codice ATECO non valido: «56.x»'] },
      { file: 'ateco-errata.csv', line: 6, reasons: ['titolo mancante'] },
    ])
    // A dry run saves nothing.
    const stored = await storedCode('56.11.11')
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
  it('answers a full code with its official title and the contracts of its categories, and how they are ordered', async () => {
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
      ordinamento: 'rappresentativita',
    })
    expect(code?.notaOrdinamento).toMatch(/^Non abbiamo i dati di applicazione/)
    const [leading] = code?.contratti ?? []
    // No application figures for these contracts: no «Il più applicato».
    expect(leading).toMatchObject({
      codiceContratto: 136,
      principale: false,
      applicazione: null,
      tipoMotivo: 'codice',
    })
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
    expect(carers.body.risultati[0]?.contratti[0]).toMatchObject({ codiceContratto: 138, principale: false })
    const software = await find('produzione di software')
    expect(software.body.risultati.map((item) => item.codiceAteco)).toEqual(['62.10.00'])
    expect(software.body.risultati[0]?.contratti[0]?.codiceContratto).toBe(133)
  })

  it('names «Il più applicato» where the imported application figures back it', async () => {
    const { body } = await find('86.10.00')
    expect(body.risultati[0]?.ordinamento).toBe('applicazione')
    expect(body.risultati[0]?.contratti[0]).toMatchObject({
      codiceContratto: 151,
      principale: true,
      applicazione: { aziende: 2203, dipendenti: 146322, fonte: 'CNEL-INPS, flussi Uniemens 2023' },
    })
  })

  it('takes a prefix and an ATECO 2007 code, and says so when nothing matches', async () => {
    const division = await find('56')
    expect(division.body.risultati[0]?.codiceAteco).toBe('56')
    expect(division.body.risultati[0]?.contratti.map((item) => item.codiceContratto)).toContain(136)
    const old = await find('62.01.00')
    expect(old.body).toMatchObject({
      codice: '62.01.00',
      codiceVicino: null,
      raccordo: { codice: '62.01.00', codiciAteco2025: ['62.10.00'], metodo: 'tavolaIstat' },
      messaggio:
        '62.01.00 è un codice ATECO 2007: nella tavola di raccordo ISTAT corrisponde al codice ATECO 2025 62.10.00.',
    })
    expect(old.body.risultati[0]?.codiceAteco).toBe('62.10.00')
    const near = await find('56.19.99')
    expect(near.body).toMatchObject({
      codiceVicino: '56.1',
      raccordo: { codice: '56.19.99', codiciAteco2025: ['56.1'], metodo: 'codiceVicino' },
    })
    expect(near.body.messaggio).toMatch(
      /^Il codice 56\.19\.99 non è nell’elenco ATECO 2025 né nella tavola di raccordo ISTAT/,
    )
    const unknown = await find('04.12')
    expect(unknown.body.risultati).toEqual([])
    expect(unknown.body.messaggio).toMatch(/^Il codice 04\.12 non è nell’elenco ATECO 2025/)
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
