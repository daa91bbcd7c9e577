/**
 * Search query plans on generated content, in a database of its own: the
 * queries stay on their indexes. By default 10,000 news and 1,000 categories;
 * with SEARCH_BENCHMARK=1 the benchmark scale of 100,000 news and 1,000
 * contracts with 5,000 categories (about two minutes to build). Latency is
 * measured by `npm run bench search`, never asserted here.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv } from '../platform/index.ts'
import {
  createPostgresSearch,
  generateBenchmarkDocuments,
  searchSchemaV1,
  searchSchemaV2,
  searchSchemaV3,
  type SearchIndex,
} from './index.ts'

const full = process.env.SEARCH_BENCHMARK === '1'
const size = full
  ? { news: 100_000, contracts: 1_000, categories: 5_000 }
  : { news: 10_000, contracts: 200, categories: 1_000 }
const database = `search_benchmark_${process.pid}`

let admin: pg.Client
let pool: pg.Pool
let search: SearchIndex

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
  await pool.query(searchSchemaV2.up)
  await pool.query(searchSchemaV3.up)
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

describe(`search plans (${size.news} news, ${size.categories} categories)`, () => {
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
