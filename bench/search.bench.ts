/**
 * Search latency on generated content at the benchmark scale (100,000 news,
 * 1,000 contracts, 5,000 categories; `--small` for 10,000 news), in an
 * embedded Postgres of its own: p50 and p95 of contract and news searches
 * through the Postgres search engine, called in-process (no HTTP).
 * Targets: contract search p95 under 10 ms, news search p95 under 30 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'
import {
  createPostgresSearch,
  generateBenchmarkDocuments,
  searchSchemaV1,
  type SearchIndex,
} from '../modules/search/index.ts'
import { freePort, quantile, row, type BenchSuite, type Row } from './suite.ts'

const RUNS = 100
const WARM_UP = 5

const contractQueries = [
  'commercio',
  'Z101',
  '2500',
  'terziario distribuzione',
  'comercio',
  'cassa integrazione',
  'xyzzy',
]
const newsQueries: [string, Parameters<SearchIndex['searchNews']>[1]][] = [
  ['contratto', {}],
  ['apprendistato', {}],
  ['ferie permessi', {}],
  ['scadenza versamento contributi', {}],
  ['sciopero', { type: 'news' }],
  ['retribuzione', { sectorCode: 3 }],
  ['lavoratori', { contractCode: 77 }],
  ['sindacalle', {}],
  ['welfare aziendale', { offset: 40 }],
  ['', { type: 'deadline' }],
  ['', { sectorCode: 5, from: '2025-01-01', to: '2025-12-31' }],
]

async function samples(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i += 1) await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return times
}

export const suite: BenchSuite = {
  title: 'Ricerca (motore Postgres, dati generati)',
  async run({ logger }) {
    const small = process.argv.includes('--small')
    const size = small
      ? { news: 10_000, contracts: 200, categories: 1_000 }
      : { news: 100_000, contracts: 1_000, categories: 5_000 }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bancadati-bench-ricerca-'))
    const postgres = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      password: 'benchmark',
      database: 'bancadati_bench',
      logger,
      ephemeral: true,
    })
    const pool = new pg.Pool({ connectionString: postgres.url, max: 4 })
    try {
      await pool.query(searchSchemaV1.up)
      const search = createPostgresSearch(pool)
      logger.info(size, 'Genero e indicizzo i contenuti di prova')
      await search.reindex(generateBenchmarkDocuments(size))
      await pool.query('analyze')
      const contract: number[] = []
      for (const query of contractQueries)
        contract.push(...(await samples(() => search.searchContracts(query))))
      const news: number[] = []
      for (const [query, options] of newsQueries) {
        news.push(...(await samples(() => search.searchNews(query, options))))
      }
      const rows: Row[] = [
        row('ricerca contratti p50', quantile(contract, 0.5), 'ms'),
        row('ricerca contratti p95', quantile(contract, 0.95), 'ms', { comparison: '<', value: 10 }),
        row('ricerca notizie p50', quantile(news, 0.5), 'ms'),
        row('ricerca notizie p95', quantile(news, 0.95), 'ms', { comparison: '<', value: 30 }),
      ]
      return {
        measuredAt: new Date().toISOString(),
        rows,
        notes: [`${size.news} notizie, ${size.contracts} contratti, ${size.categories} categorie`],
      }
    } finally {
      await pool.end()
      await postgres.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
}
