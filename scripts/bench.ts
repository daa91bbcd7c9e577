/**
 * `npm run bench -- [--url http://127.0.0.1:4321] [--requests 200] [--email prova@demo.local]`:
 * p50/p95 latency of the database calls a reader makes most (contract search,
 * pay table, text navigation), measured over HTTP against a running portal
 * (load `npm run seed:scale` data first for the benchmark scale). Pay tables
 * need an account with access: the trial demo persona by default.
 */
import { parseArgs } from 'node:util'
import { getEnv } from '../modules/platform/index.ts'

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    requests: { type: 'string', default: '200' },
    email: { type: 'string', default: 'prova@demo.local' },
    password: { type: 'string', default: 'Demo2026!' },
  },
})
const base = (values.url ?? getEnv().publicUrl).replace(/\/$/, '')
const total = Math.max(10, Number(values.requests) || 200)

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T

async function json<T>(path: string, cookie = ''): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { cookie } })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: values.email, password: values.password }),
  })
  if (!response.ok) throw new Error(`Accesso non riuscito per ${values.email}: ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ')
}

/** Milliseconds of each call, after a short warm-up. */
async function measure(name: string, call: () => Promise<void>) {
  for (let i = 0; i < Math.min(20, total); i += 1) await call()
  const times: number[] = []
  for (let i = 0; i < total; i += 1) {
    const start = performance.now()
    await call()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
  return { name, p50: at(0.5), p95: at(0.95), max: times[times.length - 1] ?? 0 }
}

async function main() {
  const cookie = await signIn()
  type Entry = { codiceCategoria: number; codiceContratto: number; descrizioneContratto: string }
  const categories = await json<Entry[]>('/api/v1/categorie')
  if (categories.length === 0) throw new Error('Nessuna categoria: carica i dati (npm run seed:scale).')
  const words = [
    ...new Set(
      categories.flatMap((entry) => entry.descrizioneContratto.split(/\W+/u).filter((w) => w.length > 4)),
    ),
  ]
  const withTables: { code: number; date: string }[] = []
  for (const entry of categories.slice(0, 400)) {
    const dates = await json<{ decorrenza: string; storica: boolean }[]>(
      `/api/v1/tabelleretributive/decorrenze/bycategoria/${entry.codiceCategoria}`,
    )
    const current = dates.find((date) => !date.storica)
    if (current) withTables.push({ code: entry.codiceCategoria, date: current.decorrenza })
    if (withTables.length >= 50) break
  }
  const texts: number[] = []
  for (const contract of [...new Set(categories.map((entry) => entry.codiceContratto))].slice(0, 200)) {
    const list = await json<{ codiceTesto: number }[]>(
      `/api/v1/contratti/testi/nazionale/consolidato/byContratto/${contract}`,
    )
    if (list[0]) texts.push(list[0].codiceTesto)
    if (texts.length >= 50) break
  }

  const results = [
    await measure('ricerca contratti (ccnlsearch/ccnl/{testo})', async () => {
      await json(`/api/v1/ccnlsearch/ccnl/${encodeURIComponent(pick(words))}`)
    }),
  ]
  if (withTables.length > 0) {
    results.push(
      await measure('tabella retributiva (tabelleretributive/byCategoria/…)', async () => {
        const table = pick(withTables)
        await json(`/api/v1/tabelleretributive/byCategoria/${table.code}/decorrenza/${table.date}`, cookie)
      }),
    )
  }
  if (texts.length > 0) {
    results.push(
      await measure('navigazione del testo (…/consolidato/navigazione/{id})', async () => {
        await json(`/api/v1/contratti/testi/nazionale/consolidato/navigazione/${pick(texts)}`)
      }),
    )
  }
  console.log(`\nBenchmark su ${base}: ${categories.length} categorie, ${total} richieste per chiamata\n`)
  console.log('chiamata'.padEnd(58), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'max ms'.padStart(8))
  for (const row of results) {
    console.log(
      row.name.padEnd(58),
      row.p50.toFixed(1).padStart(8),
      row.p95.toFixed(1).padStart(8),
      row.max.toFixed(1).padStart(8),
    )
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
