/**
 * The search engine alone, without the portal's result cache, on the
 * benchmark's `seed:scale` database (bench/scale-data.ts; `--small` for a
 * tenth of it):
 *
 * - p50 and p95 of contract and news searches (filters included) through the
 *   Postgres engine called in-process, one at a time;
 * - the news search of the portal against two in-memory peers, MiniSearch and
 *   Orama, indexing the same news and answering the same queries (the words
 *   the portal suite asks over HTTP) at 1 and at 16 searches at a time
 *   (bench/news-engines.ts), three rounds in turn, each figure from the round
 *   with the median p95.
 *
 * The portal suite measures the searches over HTTP, where repeated queries
 * come from the result cache.
 */
import { readFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from 'pino'
import { startEmbeddedPostgres } from '../modules/platform/index.ts'
import { createPostgresSearch, type SearchIndex } from '../modules/search/index.ts'
import {
  measureConcurrent,
  miniSearchEngine,
  newsCorpus,
  newsQueries,
  oramaEngine,
  postgresEngine,
  type NewsEngine,
} from './news-engines.ts'
import { ensureScaleData, FULL_SCALE, SMALL_SCALE } from './scale-data.ts'
import {
  freePort,
  medianRun,
  pairedRatio,
  quantile,
  row,
  type BenchSuite,
  type LoadRow,
  type Row,
} from './suite.ts'

const RUNS = 100
const WARM_UP = 5
/** Searches at a time in the engines' comparison: one, and as many connections as the portal suite's. */
const CONCURRENCY = [1, 16] as const
/** The portal's pool size (payload.config.ts): 16 searches at a time get the connections they would there. */
const PORTAL_POOL_SIZE = 20

const contractQueries = [
  'commercio',
  'Z101',
  '2500',
  'terziario distribuzione',
  'comercio',
  'cassa integrazione',
  'xyzzy',
]
const newsSearches: [string, Parameters<SearchIndex['searchNews']>[1]][] = [
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

type Comparison = { rows: Row[]; loads: LoadRow[]; notes: string[] }

/**
 * The news search of the portal's engine, MiniSearch and Orama on the same
 * news and queries, at each of CONCURRENCY searches at a time, `rounds` times
 * in turn; the ratios of the portal's p95 to each peer's, round by round.
 */
async function compareNewsEngines(
  pool: pg.Pool,
  options: { seconds: number; warmUp: number; rounds: number; logger: Logger },
): Promise<Comparison> {
  const { logger } = options
  const corpus = await newsCorpus(pool)
  const queries = newsQueries(corpus, 100)
  const indexed = async (name: string, build: () => NewsEngine | Promise<NewsEngine>) => {
    const start = performance.now()
    const engine = await build()
    const seconds = (performance.now() - start) / 1000
    logger.info(`${name}: ${corpus.length} notizie indicizzate in ${seconds.toFixed(1)} s`)
    return { engine, note: `${name} indicizza le ${corpus.length} notizie in ${seconds.toFixed(1)} s` }
  }
  const mini = await indexed('MiniSearch', () => miniSearchEngine(corpus))
  const orama = await indexed('Orama', () => oramaEngine(corpus))
  const engines = [postgresEngine(createPostgresSearch(pool)), mini.engine, orama.engine]

  const atATime = (concurrency: number) => (concurrency === 1 ? '1 alla volta' : `${concurrency} insieme`)
  const key = (engine: NewsEngine, concurrency: number) => `${engine.label}@${concurrency}`
  const runs = new Map<string, LoadRow[]>()
  for (let round = 1; round <= options.rounds; round += 1) {
    for (const concurrency of CONCURRENCY) {
      for (const engine of engines) {
        const label = `ricerca notizie senza cache, ${engine.label}, ${atATime(concurrency)}`
        logger.info(`Misuro (giro ${round} di ${options.rounds}): ${label}`)
        // One warm-up per engine, before its first measure: a search queued behind 15 others when the
        // time is up still runs, and a slow engine would pay that again for every warm-up.
        const warmUp = round === 1 && concurrency === CONCURRENCY[0] ? options.warmUp : 0
        const measured = await measureConcurrent(label, engine, queries, { ...options, concurrency, warmUp })
        logger.info(`${label}: p95 ${measured.p95} ms, ${measured.requestsPerSecond} ricerche/s`)
        runs.set(key(engine, concurrency), [...(runs.get(key(engine, concurrency)) ?? []), measured])
      }
    }
  }
  const loads = [...runs.values()].map((rounds) => ({
    ...medianRun(rounds),
    roundsP95: rounds.map((load) => load.p95),
  }))
  const of = (engine: NewsEngine, concurrency: number) => runs.get(key(engine, concurrency)) ?? []
  const [portal, ...peers] = engines as [NewsEngine, ...NewsEngine[]]
  const rows = CONCURRENCY.flatMap((concurrency) =>
    peers.map((peer) =>
      row(
        `ricerca notizie senza cache, ${atATime(concurrency)}: p95 rispetto a ${peer.label}`,
        pairedRatio(of(portal, concurrency), of(peer, concurrency), (load) => load.p95),
        'x',
        // The target of the comparison the portal suite made over HTTP, now on the uncached engines at its 16 connections.
        concurrency === 16 && peer.label === 'MiniSearch' ? { comparison: '<', value: 3 } : undefined,
      ),
    ),
  )
  return {
    rows,
    loads,
    notes: [
      `confronto: ${queries.length} parole dei titoli, fino a 100 notizie e 100 scadenze per ricerca; ${options.seconds} s per misura dopo ${options.warmUp} s di riscaldamento; ${options.rounds} giri, per ciascuna misura il giro con il p95 mediano (i rapporti: la mediana dei rapporti di ogni giro)`,
      mini.note,
      orama.note,
    ],
  }
}

export const suite: BenchSuite = {
  title: 'Ricerca senza cache (motore Postgres e confronto con MiniSearch e Orama, dati generati)',
  async run({ logger }) {
    const loadAtStart = loadavg().map((value) => value.toFixed(2))
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
    const pool = new pg.Pool({ connectionString: postgres.url, max: PORTAL_POOL_SIZE })
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
      for (const [query, options] of newsSearches) {
        news.push(...(await samples(() => search.searchNews(query, options))))
      }
      const comparison = await compareNewsEngines(pool, {
        seconds: small ? 2 : 4,
        warmUp: 1,
        rounds: small ? 1 : 3,
        logger,
      })
      const rows: Row[] = [
        row('ricerca contratti p50', quantile(contract, 0.5), 'ms'),
        row('ricerca contratti p95', quantile(contract, 0.95), 'ms', { comparison: '<', value: 10 }),
        row('ricerca notizie p50', quantile(news, 0.5), 'ms'),
        row('ricerca notizie p95', quantile(news, 0.95), 'ms', { comparison: '<', value: 30 }),
        ...comparison.rows,
      ]
      return {
        measuredAt: new Date().toISOString(),
        rows,
        loads: comparison.loads,
        notes: [
          `${counted[0]?.news} notizie e ${counted[0]?.categories} voci contrattuali indicizzate; ${RUNS} chiamate per interrogazione dopo ${WARM_UP} di riscaldamento, una alla volta`,
          ...comparison.notes,
          `carico della macchina all'inizio ${loadAtStart.join(' / ')}, alla fine ${loadavg()
            .map((value) => value.toFixed(2))
            .join(' / ')} (media su 1, 5, 15 minuti; ${availableParallelism()} core)`,
        ],
      }
    } finally {
      await pool.end()
      await postgres.stop()
    }
  },
}
