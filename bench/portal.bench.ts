/**
 * The portal under load, on the `seed:scale` data (bench/scale-data.ts): the
 * production server started on a data directory of its own, measured with
 * autocannon on loopback, each scenario for a fixed time after a warm-up, at 16
 * connections: the cached landing and product pages against a bare Node
 * server returning the same bytes, the signed-in /bancadati page, contract
 * and news search (their queries repeat: answered from the result cache, and
 * labelled so; the uncached engines are compared by the search suite on the
 * same news queries), a pay table, a contract text's navigation tree, an
 * article as an anonymous visitor and as a subscriber (three rounds of all of
 * them, each figure from the round with the median p95); the server's memory
 * at the end; Lighthouse on the landing page and an article.
 *
 * Flags: `--small` (a tenth of the data, shorter runs), `--cpu-prof` (the
 * server writes a V8 CPU profile to bench/profiles/ when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { newsCorpus, newsQueries, seeded } from './news-engines.ts'
import type { StaticPages } from './reference-server.ts'
import { ensureScaleData, FULL_SCALE, SMALL_SCALE } from './scale-data.ts'
import { runLighthouse } from './lighthouse.ts'
import {
  medianRun,
  pairedRatio,
  quantile,
  row,
  rssMb,
  startBenchPortal,
  stopProcess,
  type BenchSuite,
  type LoadRow,
  type Row,
} from './suite.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CONNECTIONS = 16
const SUBSCRIBER = 'professional@demo.local'
const DEMO_PASSWORD = 'Demo2026!'

type Scenario = {
  label: string
  /** Request paths, taken in turn. */
  paths: string[]
  base: string
  cookie?: string
}

/** Runs autocannon for `seconds` after `warmUp` seconds, recording each response's time. */
async function load(scenario: Scenario, seconds: number, warmUp: number): Promise<LoadRow> {
  const run = async (duration: number) => {
    const times: number[] = []
    let next = 0
    const instance = autocannon({
      url: scenario.base,
      connections: CONNECTIONS,
      duration,
      headers: scenario.cookie ? { cookie: scenario.cookie } : {},
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const pathname = scenario.paths[next % scenario.paths.length] as string
            next += 1
            return { ...request, path: pathname }
          },
        },
      ],
    })
    const tracker = instance as unknown as NodeJS.EventEmitter
    tracker.on('response', (_client: unknown, _status: number, _bytes: number, time: number) =>
      times.push(time),
    )
    const result = await instance
    return { times, result }
  }
  await run(warmUp)
  const { times, result } = await run(seconds)
  return {
    label: scenario.label,
    connections: CONNECTIONS,
    seconds,
    p50: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    p99: round(quantile(times, 0.99)),
    requestsPerSecond: round(result.requests.total / (result.duration || seconds)),
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const round = (value: number) => Math.round(value * 100) / 100

/** Starts a child process and resolves with it once it printed `ready <port>`. */
function startReference(args: string[]): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bench/reference-server.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const port = /ready (\d+)/.exec(output)?.[1]
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` })
    })
    child.once('exit', (code) => reject(new Error(`server di riferimento terminato (${code})`)))
  })
}

const stop = stopProcess

/** Signs in with the demo password; the Cookie header of the session. */
export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (!response.ok) throw new Error(`Accesso di ${email} non riuscito: ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .join('; ')
}

/** A JSON answer of the portal (throws on a non-2xx status). */
export async function json<T>(base: string, pathname: string, cookie = ''): Promise<T> {
  const response = await fetch(`${base}${pathname}`, { headers: { cookie } })
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`)
  return (await response.json()) as T
}

/** A category of `/api/v1/categorie`, as the benchmarks draw their requests from it. */
export type CategoryEntry = { codiceCategoria: number; codiceContratto: number; descrizioneContratto: string }

/** The words (longer than four letters) of the contracts' names, without repeats. */
export function contractWordsOf(categories: readonly CategoryEntry[]): string[] {
  return [
    ...new Set(
      categories.flatMap((entry) =>
        entry.descrizioneContratto.split(/[^\p{L}]+/u).filter((word) => word.length > 4),
      ),
    ),
  ]
}

/**
 * Up to `count` current pay tables and `count` consolidated text trees, of
 * categories and contracts drawn with `pick`; `cookie` is a subscriber's.
 */
export async function databasePaths(
  base: string,
  cookie: string,
  categories: readonly CategoryEntry[],
  pick: <T>(list: readonly T[]) => T,
  count: number,
): Promise<{ tables: string[]; trees: string[] }> {
  const attempts = count * 8
  const tables: string[] = []
  for (let attempt = 0; attempt < attempts && tables.length < count; attempt += 1) {
    const entry = pick(categories)
    const dates = await json<{ decorrenza: string; storica: boolean }[]>(
      base,
      `/api/v1/tabelleretributive/decorrenze/bycategoria/${entry.codiceCategoria}`,
      cookie,
    )
    const current = dates.find((date) => !date.storica)
    if (current)
      tables.push(
        `/api/v1/tabelleretributive/byCategoria/${entry.codiceCategoria}/decorrenza/${current.decorrenza}`,
      )
  }
  const contracts = [...new Set(categories.map((entry) => entry.codiceContratto))]
  const trees: string[] = []
  for (let attempt = 0; attempt < attempts && trees.length < count; attempt += 1) {
    const list = await json<{ codiceTesto: number }[]>(
      base,
      `/api/v1/contratti/testi/nazionale/consolidato/byContratto/${pick(contracts)}`,
    )
    if (list[0])
      trees.push(`/api/v1/contratti/testi/nazionale/consolidato/navigazione/${list[0].codiceTesto}`)
  }
  return { tables, trees }
}

export const suite: BenchSuite = {
  title: 'Portale sotto carico (dati di seed:scale, autocannon a 16 connessioni)',
  async run({ logger }) {
    const loadAtStart = loadavg().map((value) => value.toFixed(2))
    const small = process.argv.includes('--small')
    const profile = process.argv.includes('--cpu-prof')
    const seconds = small ? 4 : 8
    const warmUp = small ? 1 : 2
    const rounds = small ? 1 : 3
    const dataDir = await ensureScaleData(small ? SMALL_SCALE : FULL_SCALE, logger)

    const profileDir = path.join(root, 'bench/profiles')
    if (profile) await mkdir(profileDir, { recursive: true })
    const portal = await startBenchPortal({
      dataDir,
      nodeArgs: profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    })
    const { base, databaseUrl, child: server } = portal
    const references: ChildProcess[] = []
    try {
      logger.info('Portale avviato: preparo le richieste')
      const cookie = await signIn(base, SUBSCRIBER)
      const random = seeded(1)
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T

      // The reference pages: the cached bytes the portal sends an anonymous visitor.
      const pages: StaticPages = {}
      for (const pathname of ['/', '/prodotti/werte']) {
        await fetch(`${base}${pathname}`).then((response) => response.arrayBuffer())
        const response = await fetch(`${base}${pathname}`)
        if (response.headers.get('x-cache') !== 'HIT') throw new Error(`${pathname} non è in cache`)
        pages[pathname] = {
          contentType: response.headers.get('content-type') ?? 'text/html',
          body: Buffer.from(await response.arrayBuffer()).toString('base64'),
        }
      }
      const pagesFile = path.join(dataDir, 'reference-pages.json')
      await writeFile(pagesFile, JSON.stringify(pages))

      const categories = await json<CategoryEntry[]>(base, '/api/v1/categorie')
      const contractWords = contractWordsOf(categories)
      const contractSearches = Array.from({ length: 200 }, () => {
        const word = pick(contractWords)
        // As typed: a whole word, its first letters, or a category code.
        const variant = random()
        const categoryCode = String(pick(categories).codiceCategoria)
        const text =
          variant < 0.5 ? word : variant < 0.8 || categoryCode.length < 4 ? word.slice(0, 4) : categoryCode
        return `/api/v1/ccnlsearch/ccnl/${encodeURIComponent(text)}`
      })
      const { tables, trees: navigation } = await databasePaths(base, cookie, categories, pick, 50)

      const reader = new pg.Pool({ connectionString: databaseUrl, max: 1 })
      const corpus = await newsCorpus(reader).finally(() => reader.end())
      // The same words as the search suite's comparison of the uncached engines.
      const queries = newsQueries(corpus, 100)
      const newsItems = corpus.filter((news) => news.type === 'news')
      const articles = Array.from({ length: 200 }, () => {
        const item = pick(newsItems)
        const [year, month] = item.date.split('-')
        return `/bancadati/quotidiano/notizia/${year}/${month}/${item.slug}`
      })
      logger.info('Lighthouse: landing e articolo')
      const lighthouse = await runLighthouse([
        { label: 'landing', url: `${base}/` },
        { label: 'articolo (anonimo)', url: `${base}${articles[0]}` },
      ])
      const bare = await startReference(['static', pagesFile])
      references.push(bare.child)

      const scenarios = {
        landing: { label: 'landing / (in cache)', paths: ['/'], base },
        landingBare: { label: 'landing, server Node minimo', paths: ['/'], base: bare.base },
        product: { label: 'prodotto /prodotti/werte (in cache)', paths: ['/prodotti/werte'], base },
        productBare: {
          label: 'prodotto, server Node minimo',
          paths: ['/prodotti/werte'],
          base: bare.base,
        },
        database: { label: '/bancadati (abbonato)', paths: ['/bancadati'], base, cookie },
        // 200 and 100 texts asked over and over: after the first of each, answers from the result cache.
        contractSearch: { label: 'ricerca contratti (in cache)', paths: contractSearches, base },
        newsSearch: {
          label: 'ricerca notizie (in cache)',
          paths: queries.map((query) => `/api/v1/notizie/ricerca/${encodeURIComponent(query)}`),
          base,
        },
        payTable: { label: 'tabella retributiva (abbonato, in cache)', paths: tables, base, cookie },
        navigation: { label: 'albero di navigazione del testo (in cache)', paths: navigation, base },
        articleAnonymous: { label: 'articolo, anonimo (in cache)', paths: articles, base },
        articleSubscriber: { label: 'articolo, abbonato', paths: articles, base, cookie },
      } satisfies Record<string, Scenario>
      // The scenarios run in turn, `rounds` times: each figure is the round with the median p95, so a
      // few seconds of a slower machine (this one's speed varies from minute to minute) do not decide it.
      type Key = keyof typeof scenarios
      const keys = Object.keys(scenarios) as Key[]
      const runs = Object.fromEntries(keys.map((key) => [key, [] as LoadRow[]])) as Record<Key, LoadRow[]>
      for (let round = 1; round <= rounds; round += 1) {
        for (const key of keys) {
          const scenario: Scenario = scenarios[key]
          logger.info(`Misuro (giro ${round} di ${rounds}): ${scenario.label}`)
          const measured = await load(scenario, seconds, warmUp)
          logger.info(`${scenario.label}: p95 ${measured.p95} ms, ${measured.requestsPerSecond} req/s`)
          runs[key].push(measured)
        }
      }
      const r = Object.fromEntries(
        keys.map((key) => [key, { ...medianRun(runs[key]), roundsP95: runs[key].map((run) => run.p95) }]),
      ) as Record<Key, LoadRow>
      const ratio = (key: Key, reference: Key, figure: (load: LoadRow) => number) =>
        pairedRatio(runs[key], runs[reference], figure)
      const rss = await rssMb(server.pid as number)
      await Promise.all(references.map((child) => stop(child)))
      references.length = 0

      const ms = (value: number) => ({ comparison: '<' as const, value })
      const rows: Row[] = [
        row(
          'landing: req/s rispetto al server Node minimo',
          ratio('landing', 'landingBare', (load) => load.requestsPerSecond),
          'x',
          {
            comparison: '>=',
            value: 0.5,
          },
        ),
        row(
          'prodotto: req/s rispetto al server Node minimo',
          ratio('product', 'productBare', (load) => load.requestsPerSecond),
          'x',
          {
            comparison: '>=',
            value: 0.5,
          },
        ),
        row('/bancadati abbonato, p95', r.database.p95, 'ms', ms(40)),
        row('ricerca contratti (in cache), p95', r.contractSearch.p95, 'ms', ms(10)),
        row('ricerca notizie (in cache), p95', r.newsSearch.p95, 'ms', ms(30)),
        row('tabella retributiva (in cache), p95', r.payTable.p95, 'ms', ms(10)),
        row('albero di navigazione (in cache), p95', r.navigation.p95, 'ms', ms(10)),
        row('articolo anonimo (in cache), p95', r.articleAnonymous.p95, 'ms', ms(25)),
        row('articolo abbonato, p95', r.articleSubscriber.p95, 'ms', ms(25)),
        row('memoria del server (RSS) alla fine', rss, 'MB', ms(600)),
        ...lighthouse.flatMap((page) => [
          row(`Lighthouse ${page.label}: prestazioni`, page.performance, 'punti'),
          row(
            `Lighthouse ${page.label}: accessibilità`,
            page.accessibility,
            'punti',
            page.label === 'landing' ? { comparison: '>=', value: 95 } : undefined,
          ),
          row(
            `Lighthouse ${page.label}: SEO`,
            page.seo,
            'punti',
            page.label === 'landing' ? { comparison: '>=', value: 95 } : undefined,
          ),
        ]),
      ]
      return {
        measuredAt: new Date().toISOString(),
        rows,
        loads: Object.values(r),
        notes: [
          `${corpus.length} notizie, ${categories.length} categorie; ${seconds} s per misura dopo ${warmUp} s di riscaldamento; ${rounds} giri di tutte le misure, per ciascuna il giro con il p95 mediano (i rapporti: la mediana dei rapporti di ogni giro)`,
          `carico della macchina all'inizio ${loadAtStart.join(' / ')}, alla fine ${loadavg()
            .map((value) => value.toFixed(2))
            .join(' / ')} (media su 1, 5, 15 minuti; ${availableParallelism()} core)`,
          ...Object.values(r)
            .filter((load) => load.requestsPerSecond === 0)
            .map((load) => `${load.label}: nessuna risposta entro i ${seconds} s della misura`),
          ...lighthouse.flatMap((page) => page.notes),
        ],
      }
    } finally {
      await Promise.all(references.map((child) => stop(child)))
      await stop(server, 'SIGINT')
    }
  },
}
