/**
 * The database calls a reader makes most, over HTTP against `npm start` on the
 * portal's data directory (DATA_DIR, default `.data`): contract search, pay
 * table (as the trial demo persona), text navigation; p50 and p95 over 200
 * calls each after a warm-up. Load the benchmark scale first with
 * `npm run seed:scale` (1,000 contracts, 5,000 categories, 100,000 news).
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { quantile, row, type BenchSuite } from './suite.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CALLS = 200
const WARM_UP = 20
/** Fewer categories than this: the data is not at benchmark scale (noted in the results). */
const SCALE_CATEGORIES = 5000

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} non ha risposto in tempo`)
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T

async function measure(call: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i += 1) await call()
  const times: number[] = []
  for (let i = 0; i < CALLS; i += 1) {
    const start = performance.now()
    await call()
    times.push(performance.now() - start)
  }
  return times
}

async function run(base: string) {
  const json = async <T>(pathname: string, cookie = ''): Promise<T> => {
    const response = await fetch(`${base}${pathname}`, { headers: { cookie } })
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`)
    return (await response.json()) as T
  }
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'prova@demo.local', password: 'Demo2026!' }),
  })
  if (!signIn.ok) throw new Error(`Accesso di prova@demo.local non riuscito: ${signIn.status}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .join('; ')

  type Entry = { codiceCategoria: number; codiceContratto: number; descrizioneContratto: string }
  const categories = await json<Entry[]>('/api/v1/categorie')
  const words = [
    ...new Set(
      categories.flatMap((entry) =>
        entry.descrizioneContratto.split(/[^\p{L}]+/u).filter((w) => w.length > 4),
      ),
    ),
  ]
  const tables: { code: number; date: string }[] = []
  for (const entry of categories.slice(0, 400)) {
    const dates = await json<{ decorrenza: string; storica: boolean }[]>(
      `/api/v1/tabelleretributive/decorrenze/bycategoria/${entry.codiceCategoria}`,
    )
    const current = dates.find((date) => !date.storica)
    if (current) tables.push({ code: entry.codiceCategoria, date: current.decorrenza })
    if (tables.length >= 50) break
  }
  const texts: number[] = []
  for (const contract of [...new Set(categories.map((entry) => entry.codiceContratto))].slice(0, 200)) {
    const list = await json<{ codiceTesto: number }[]>(
      `/api/v1/contratti/testi/nazionale/consolidato/byContratto/${contract}`,
    )
    if (list[0]) texts.push(list[0].codiceTesto)
    if (texts.length >= 50) break
  }
  const search = await measure(async () => {
    await json(`/api/v1/ccnlsearch/ccnl/${encodeURIComponent(pick(words))}`)
  })
  const payTable = await measure(async () => {
    const table = pick(tables)
    await json(`/api/v1/tabelleretributive/byCategoria/${table.code}/decorrenza/${table.date}`, cookie)
  })
  const navigation = await measure(async () => {
    await json(`/api/v1/contratti/testi/nazionale/consolidato/navigazione/${pick(texts)}`)
  })
  return { categories: categories.length, search, payTable, navigation }
}

export const suite: BenchSuite = {
  title: 'Banca dati: ricerca contratti, tabella retributiva, navigazione del testo',
  async run({ logger }) {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    })
    try {
      await waitFor(`${base}/readyz`, Date.now() + 300_000)
      logger.info('Portale avviato: misuro le chiamate della banca dati')
      const result = await run(base)
      const ms = (values: number[], q: number) => quantile(values, q)
      return {
        measuredAt: new Date().toISOString(),
        rows: [
          row('ricerca contratti (ccnlsearch/ccnl/{testo}), p50', ms(result.search, 0.5), 'ms'),
          row('ricerca contratti, p95', ms(result.search, 0.95), 'ms', { comparison: '<', value: 50 }),
          row('tabella retributiva (tabelleretributive/byCategoria/…), p50', ms(result.payTable, 0.5), 'ms'),
          row('tabella retributiva, p95', ms(result.payTable, 0.95), 'ms', { comparison: '<', value: 150 }),
          row(
            'navigazione del testo (…/consolidato/navigazione/{id}), p50',
            ms(result.navigation, 0.5),
            'ms',
          ),
          row('navigazione del testo, p95', ms(result.navigation, 0.95), 'ms', {
            comparison: '<',
            value: 100,
          }),
        ],
        notes: [
          `${result.categories} categorie, ${CALLS} chiamate per misura dopo ${WARM_UP} di riscaldamento`,
          ...(result.categories < SCALE_CATEGORIES
            ? ['dati non in scala: esegui prima npm run seed:scale']
            : []),
        ],
      }
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      await exited
    }
  },
}
