/**
 * Search quality on the national archive: 344 contracts in the CNEL file's
 * format (modules/search/fixtures/cnel-quality.json), the leading contract of
 * each sector among many small look-alikes sharing its words, indexed as a
 * CNEL import leaves them (one category carrying the title), with the
 * everyday names shipped in data/aliases and, for the contracts the demo data
 * set holds texts, pay tables and summaries of, that content. The queries are
 * written as consultants type them (everyday names, typos, codes, activities);
 * each names the CNEL code that must be among the first five contracts. The
 * test prints the hit rate and the misses, and fails under 95 %.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cnelConfederations, cnelRecord, recordSchemas, type Representativeness } from '../content/index.ts'
import { getEnv } from '../platform/index.ts'
import {
  contractEntries,
  createPostgresSearch,
  searchSchemaV1,
  searchSchemaV2,
  searchSchemaV3,
  type ContractEntry,
  type SearchIndex,
} from './index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const database = `search_quality_${process.pid}`
/** The share of queries whose contract must be among the first five. */
const REQUIRED_HIT_RATE = 0.95

/** Query → the CNEL code that must be among the first five distinct contracts. */
export const qualityQueries: { query: string; expected: string; kind: string }[] = [
  { query: 'commercio', expected: 'H011', kind: 'nome comune' },
  { query: 'terziario', expected: 'H011', kind: 'nome comune' },
  { query: 'terziario distribuzione servizi', expected: 'H011', kind: 'nome comune' },
  { query: 'ccnl commercio', expected: 'H011', kind: 'nome comune' },
  { query: 'commesso negozio', expected: 'H011', kind: 'attività' },
  { query: 'comercio', expected: 'H011', kind: 'refuso' },
  { query: 'H011', expected: 'H011', kind: 'codice' },
  { query: 'h011', expected: 'H011', kind: 'codice' },
  { query: 'colf', expected: 'H501', kind: 'nome comune' },
  { query: 'badanti', expected: 'H501', kind: 'nome comune' },
  { query: 'colf badanti', expected: 'H501', kind: 'nome comune' },
  { query: 'lavoro domestico', expected: 'H501', kind: 'nome comune' },
  { query: 'badnti', expected: 'H501', kind: 'refuso' },
  { query: 'metalmeccanici', expected: 'C011', kind: 'nome comune' },
  { query: 'metalmecanici', expected: 'C011', kind: 'refuso' },
  { query: 'metalmeccanica industria', expected: 'C011', kind: 'nome comune' },
  { query: 'C011', expected: 'C011', kind: 'codice' },
  { query: 'pulizie', expected: 'K511', kind: 'nome comune' },
  { query: 'pulizie multiservizi', expected: 'K511', kind: 'nome comune' },
  { query: 'impresa di pulizie', expected: 'K511', kind: 'attività' },
  { query: 'multiservizi', expected: 'K511', kind: 'nome comune' },
  { query: 'pulizzie', expected: 'K511', kind: 'refuso' },
  { query: 'logistica', expected: 'I100', kind: 'nome comune' },
  { query: 'logistica trasporto merci', expected: 'I100', kind: 'nome comune' },
  { query: 'autotrasporto', expected: 'I100', kind: 'attività' },
  { query: 'corriere espresso', expected: 'I100', kind: 'attività' },
  { query: 'edili', expected: 'F012', kind: 'nome comune' },
  { query: 'impresa edile', expected: 'F012', kind: 'attività' },
  { query: 'chimici', expected: 'B011', kind: 'nome comune' },
  { query: 'chimico farmaceutico', expected: 'B011', kind: 'nome comune' },
  { query: 'alimentaristi', expected: 'E012', kind: 'nome comune' },
  { query: 'industria alimentare', expected: 'E012', kind: 'nome comune' },
  { query: 'turismo', expected: 'H052', kind: 'nome comune' },
  { query: 'albergo', expected: 'H052', kind: 'attività' },
  { query: 'hotel', expected: 'H052', kind: 'attività' },
  { query: 'ristorante', expected: 'H05Y', kind: 'attività' },
  { query: 'pizzeria', expected: 'H05Y', kind: 'attività' },
  { query: 'pubblici esercizi', expected: 'H05Y', kind: 'nome comune' },
  { query: 'studi professionali', expected: 'H442', kind: 'nome comune' },
  { query: 'commercialista', expected: 'H442', kind: 'attività' },
  { query: 'studio legale', expected: 'H442', kind: 'attività' },
  { query: 'sanità privata', expected: 'T011', kind: 'nome comune' },
  { query: 'sanita privata', expected: 'T011', kind: 'nome comune' },
  { query: 'casa di cura', expected: 'T011', kind: 'attività' },
  { query: 'cooperative sociali', expected: 'T151', kind: 'nome comune' },
  { query: 'coop sociale', expected: 'T151', kind: 'nome comune' },
  { query: 'vigilanza privata', expected: 'HV40', kind: 'nome comune' },
  { query: 'guardia giurata', expected: 'HV40', kind: 'attività' },
  { query: 'vigilanzza', expected: 'HV40', kind: 'refuso' },
  { query: 'bancari', expected: 'J241', kind: 'nome comune' },
  { query: 'assicurazioni', expected: 'J121', kind: 'nome comune' },
  { query: 'parrucchiere', expected: 'H515', kind: 'attività' },
  { query: 'tessile abbigliamento', expected: 'D014', kind: 'nome comune' },
  { query: 'operai agricoli', expected: 'A011', kind: 'nome comune' },
  { query: 'trasporto pubblico locale', expected: 'I022', kind: 'nome comune' },
  { query: 'telecomunicazioni', expected: 'K411', kind: 'nome comune' },
  { query: 'panificio', expected: 'E015', kind: 'attività' },
  { query: 'metalmeccanici artigiani', expected: 'C03Z', kind: 'nome comune' },
]

type Fixture = { entries: ContractEntry[]; titles: Map<number, string>; cnel: Map<number, string> }

/** The fixture as a CNEL import indexes it, with the shipped everyday names and the demo set's content. */
function fixture(): Fixture {
  const raw = JSON.parse(
    readFileSync(path.join(root, 'modules/search/fixtures/cnel-quality.json'), 'utf8'),
  ) as unknown[]
  const aliases = new Map<string, string[]>()
  for (const line of readFileSync(path.join(root, 'data/aliases/aliases.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue
    const alias = recordSchemas.aliases.parse(JSON.parse(line))
    if (alias.cnelCode) aliases.set(alias.cnelCode, [...(aliases.get(alias.cnelCode) ?? []), alias.name])
  }
  const withContent = new Set(
    readFileSync(path.join(root, 'data/demo/contracts.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        const code = (JSON.parse(line) as { cnelCode?: string }).cnelCode
        return code ? [code] : []
      }),
  )
  const sectors = new Map<string, number>()
  const entries: ContractEntry[] = []
  const titles = new Map<number, string>()
  const cnel = new Map<number, string>()
  raw.forEach((item, index) => {
    const record = cnelRecord.parse(item)
    const sectorCode = sectors.get(record.sectorName) ?? sectors.size + 1
    sectors.set(record.sectorName, sectorCode)
    const representativeness: Representativeness = {
      representedAtCnel: record.flags.rappresentato_al_cnel === true,
      employerSideAtCnel: record.flags.datoriale_cnel === true,
      unionSideAtCnel: record.flags.sindacato_cnel === true,
      confederations: Object.entries(cnelConfederations)
        .filter(([column]) => record.flags[column] === true)
        .map(([, field]) => field),
    }
    const code = index + 1
    titles.set(code, record.title)
    cnel.set(code, record.cnelCode)
    const held = withContent.has(record.cnelCode)
    entries.push(
      ...contractEntries({
        sector: { code: sectorCode, name: record.sectorName },
        contract: { code, sectorCode, title: record.title, cnelCode: record.cnelCode, representativeness },
        categories: [{ code, contractCode: code, name: record.title }],
        aliases: aliases.get(record.cnelCode) ?? [],
        content: { texts: held, payTables: held, summaries: held },
      }),
    )
  })
  return { entries, titles, cnel }
}

let admin: pg.Client
let pool: pg.Pool
let search: SearchIndex
let data: Fixture

/** The CNEL codes of the first `count` distinct contracts found for the text. */
async function firstContracts(query: string, count = 5): Promise<string[]> {
  const hits = await search.searchContracts(query, { limit: 100 })
  return [...new Set(hits.map((hit) => hit.contractCode))]
    .slice(0, count)
    .map((code) => data.cnel.get(code) ?? String(code))
}

beforeAll(async () => {
  const url = new URL(getEnv().databaseUrl)
  url.pathname = '/postgres'
  admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query(`drop database if exists ${database}`)
  await admin.query(`create database ${database}`)
  url.pathname = `/${database}`
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  await pool.query(searchSchemaV1.up)
  await pool.query(searchSchemaV2.up)
  await pool.query(searchSchemaV3.up)
  search = createPostgresSearch(pool)
  data = fixture()
  await search.reindex([data.entries])
})

afterAll(async () => {
  await pool?.end()
  await admin?.query(`drop database if exists ${database}`)
  await admin?.end()
})

describe('contract search quality on the CNEL archive', () => {
  it('indexes at least 300 contracts and asks at least 40 questions', () => {
    expect(data.cnel.size).toBeGreaterThanOrEqual(300)
    expect(qualityQueries.length).toBeGreaterThanOrEqual(40)
  })

  it(`finds the expected contract among the first five for at least ${REQUIRED_HIT_RATE * 100} % of the queries`, async () => {
    const misses: string[] = []
    for (const { query, expected, kind } of qualityQueries) {
      const first = await firstContracts(query)
      if (!first.includes(expected))
        misses.push(`  «${query}» (${kind}): atteso ${expected}, trovati ${first.join(', ') || 'nessuno'}`)
    }
    const rate = (qualityQueries.length - misses.length) / qualityQueries.length
    console.log(
      `Qualità della ricerca: ${qualityQueries.length - misses.length} su ${qualityQueries.length} (${(rate * 100).toFixed(1)} %)` +
        (misses.length > 0 ? `\nMancati:\n${misses.join('\n')}` : ''),
    )
    expect(rate).toBeGreaterThanOrEqual(REQUIRED_HIT_RATE)
  })

  it('puts the leading contract first for its sector’s everyday words', async () => {
    for (const [query, expected] of [
      ['commercio', 'H011'],
      ['colf', 'H501'],
      ['pulizie multiservizi', 'K511'],
      ['logistica trasporto merci', 'I100'],
      ['sanità privata', 'T011'],
      ['colf badanti', 'H501'],
      ['terziario distribuzione servizi', 'H011'],
    ] as const) {
      expect((await firstContracts(query, 1))[0], query).toBe(expected)
    }
  })

  it('still shows a small contract first when its whole name is typed', async () => {
    const titles = [...data.titles.values()]
    const small = [...data.titles].find(
      ([code, title]) =>
        data.cnel.get(code)?.startsWith('K') &&
        /multiservizi/i.test(title) &&
        / - /.test(title) &&
        titles.filter((other) => other === title).length === 1,
    )
    if (!small) throw new Error('manca un piccolo contratto dei multiservizi nei dati di prova')
    expect((await firstContracts(small[1], 1))[0]).toBe(data.cnel.get(small[0]))
  })
})
