/**
 * Search latency on generated content, in a database of its own. By default
 * 10,000 news and 1,000 categories (a quick check that queries stay on their
 * indexes); with SEARCH_BENCHMARK=1 the benchmark scale of 100,000 news and
 * 1,000 contracts with 5,000 categories (about two minutes to build).
 * Targets: contract search p95 under 10 ms, news search p95 under 30 ms. The
 * quick run allows three times the target, as it shares small CI machines with
 * other work; the benchmark run holds the targets exactly.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv } from '../platform/index.ts'
import {
  createPostgresSearch,
  generateBenchmarkDocuments,
  searchSchemaV1,
  type SearchIndex,
} from './index.ts'

const full = process.env.SEARCH_BENCHMARK === '1'
const size = full
  ? { news: 100_000, contracts: 1_000, categories: 5_000 }
  : { news: 10_000, contracts: 200, categories: 1_000 }
const database = `search_benchmark_${process.pid}`
const runs = 40
const margin = full ? 1 : 3

let admin: pg.Client
let pool: pg.Pool
let search: SearchIndex

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0
}

async function timings(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i += 1) await run()
  const samples: number[] = []
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now()
    await run()
    samples.push(performance.now() - start)
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) }
}

async function plan(sql: string, params: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers off) ${sql}`, params)
  return rows.map((row) => row['QUERY PLAN']).join('\n')
}

beforeAll(async () => {
  const url = new URL(getEnv().databaseUrl)
  url.pathname = '/postgres'
  admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query(`drop database if exists ${database}`)
  await admin.query(`create database ${database}`)
  url.pathname = `/${database}`
  pool = new pg.Pool({ connectionString: url.toString(), max: 4 })
  await pool.query(searchSchemaV1.up)
  search = createPostgresSearch(pool)
  const started = performance.now()
  await search.reindex(generateBenchmarkDocuments(size))
  await pool.query('analyze')
  console.log(
    `Indice di prova: ${size.news} notizie, ${size.categories} categorie in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}, 900_000)

afterAll(async () => {
  await pool?.end()
  await admin?.query(`drop database if exists ${database}`)
  await admin?.end()
})

describe(`search latency (${size.news} news, ${size.categories} categories)`, () => {
  const report: { query: string; p50: string; p95: string }[] = []
  afterAll(() => console.table(report))

  const measure = async (label: string, run: () => Promise<unknown>) => {
    const result = await timings(run)
    report.push({ query: label, p50: result.p50.toFixed(2), p95: result.p95.toFixed(2) })
    return result
  }

  it.each([
    'commercio',
    'Z101',
    '2500',
    'terziario distribuzione',
    'comercio',
    'cassa integrazione',
    'xyzzy',
  ])('contract search "%s" has p95 under 10 ms', async (query) => {
    const { p95 } = await measure(`contratti "${query}"`, () => search.searchContracts(query))
    expect(p95).toBeLessThan(10 * margin)
  })

  it.each([
    ['contratto', {}],
    ['apprendistato', {}],
    ['ferie permessi', {}],
    ['scadenza versamento contributi', {}],
    ['sciopero', { type: 'news' as const }],
    ['retribuzione', { sectorCode: 3 }],
    ['lavoratori', { contractCode: 77 }],
    ['sindacalle', {}],
    ['welfare aziendale', { offset: 40 }],
    ['', { type: 'deadline' as const }],
    ['', { sectorCode: 5, from: '2025-01-01', to: '2025-12-31' }],
  ])('news search "%s" %o has p95 under 30 ms', async (query, options) => {
    const { p95 } = await measure(`notizie "${query}" ${JSON.stringify(options)}`, () =>
      search.searchNews(query, options),
    )
    expect(p95).toBeLessThan(30 * margin)
  })

  it('answers from the indexes, never by reading the whole news table', async () => {
    const terms = (
      await pool.query<{ q: string }>("select search_query('scadenza versamento contributi')::text as q")
    ).rows[0]?.q
    const rare = await plan(
      `select guid from search_news n where n.title_vector @@ $1::tsquery order by n.date desc, n.guid limit 21`,
      [terms],
    )
    // On a small table reading it whole is the cheaper plan, and Postgres rightly takes it.
    if (full) expect(rare).toMatch(/Bitmap Index Scan on search_news_(title|document)_idx/)
    const listing = await plan(
      `select guid from search_news n where n.type = $1 order by n.date desc, n.guid limit 21`,
      ['deadline'],
    )
    expect(listing).toMatch(/Index (Only )?Scan using search_news_type_date_idx/)
    console.log(`Piano (parole rare nel titolo):\n${rare}\n\nPiano (elenco per tipo):\n${listing}`)
  })
})
