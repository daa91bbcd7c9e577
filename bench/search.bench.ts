/**
 * The search engine alone: p50 and p95 of contract and news searches through
 * the Postgres engine called in-process (no HTTP, one at a time), on the
 * benchmark's `seed:scale` database (bench/scale-data.ts; `--small` for a
 * tenth of it). The portal suite measures the same searches over HTTP under load.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'
import { createPostgresSearch, type SearchIndex } from '../modules/search/index.ts'
import { ensureScaleData, FULL_SCALE, SMALL_SCALE } from './scale-data.ts'
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
    const dataDir = await ensureScaleData(small ? SMALL_SCALE : FULL_SCALE, logger)
    const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      pgPassword: string
    }
    const postgres = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      password: secrets.pgPassword,
      database: 'bancadati',
      logger,
    })
    const pool = new pg.Pool({ connectionString: postgres.url, max: 4 })
    // An idle connection closed by the server is replaced by the pool; a failing query still fails the suite.
    pool.on('error', (error) => logger.warn({ err: error }, 'Connessione al database chiusa dal server'))
    try {
      const search = createPostgresSearch(pool)
      const { rows: counted } = await pool.query<{ news: number; categories: number }>(
        'select (select count(*)::int from search_news) as news, (select count(*)::int from search_contracts) as categories',
      )
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
        notes: [
          `${counted[0]?.news} notizie e ${counted[0]?.categories} voci contrattuali indicizzate; ${RUNS} chiamate per interrogazione dopo ${WARM_UP} di riscaldamento`,
        ],
      }
    } finally {
      await pool.end()
      await postgres.stop()
    }
  },
}
