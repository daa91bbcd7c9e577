/**
 * The caches of one process of the portal follow what another process writes:
 * a search answer or a contract-database read kept before an import from the
 * command line, or before a publish through Payload in another instance, is
 * never served after it. The invalidation travels as a Postgres NOTIFY; one
 * sent inside a transaction empties the caches when it commits, not before.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from '@payloadcms/db-postgres'
import pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../cms/start.ts'
import { poolOf } from '../modules/cms/index.ts'
import { CACHE_CHANNEL, cacheFigures, createCache, getLogger } from '../modules/platform/index.ts'
import {
  createPostgresSearch,
  withResultCache,
  type CachedSearchIndex,
  type SearchIndex,
} from '../modules/search/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const archive = path.join(root, 'modules/importer/fixtures/cnel-archive.json')

let payload: Payload
let close: () => Promise<void>
/** The index as the portal answers from it: through the process's search cache. */
let cached: CachedSearchIndex
let index: SearchIndex
/** The contract database's read cache of this process (modules/ccnl), by its name. */
const readCache = createCache({ name: 'database', max: 1000, ttl: 60_000, shared: true })
const kept = (name: string) => cacheFigures().find((figures) => figures.name === name)?.size ?? 0

/** Runs a script of the portal in its own process, on the test database. */
function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, script), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn' }, timeout: 150_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** Asks `ask` again every 50 ms until it is true; false after `ms`. */
async function within(ms: number, ask: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await ask()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function resetContent(): Promise<void> {
  const db = payload.db.drizzle
  await db.execute(
    sql.raw(
      'truncate "news", "_news_v", "territorial_pay_tables", "classifications", "summaries", "pay_tables", "contract_texts", ' +
        '"companies", "provinces", "regions", "text_types", "contract_mappings", "categories", "contracts", "sectors", "media", ' +
        '"import_runs" restart identity cascade',
    ),
  )
  await index.reindex([])
}

beforeAll(async () => {
  // Starting the CMS starts this process's relay of the shared caches, as in the server.
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  index = createPostgresSearch(poolOf(payload))
  cached = withResultCache(index)
})

beforeEach(async () => {
  await resetContent()
  readCache.clear()
})

afterAll(async () => {
  await close()
})

describe('caches across processes', () => {
  it('empties a cache when the transaction that names it commits, not before, and never on rollback', async () => {
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    try {
      const notice = JSON.stringify({ name: 'search' })
      await cached.searchContracts('parola-mai-vista')
      expect(kept('search')).toBeGreaterThan(0)

      await other.query('begin')
      await other.query('select pg_notify($1, $2)', [CACHE_CHANNEL, notice])
      await other.query('rollback')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(kept('search')).toBeGreaterThan(0)

      await other.query('begin')
      await other.query('select pg_notify($1, $2)', [CACHE_CHANNEL, notice])
      await new Promise((resolve) => setTimeout(resolve, 300))
      // Not committed yet: the answer may still be served.
      expect(kept('search')).toBeGreaterThan(0)
      await other.query('commit')
      expect(await within(2_000, () => kept('search') === 0)).toBe(true)
    } finally {
      await other.end()
    }
  })

  it('serves no answer kept before an import from the command line (npm run import) once it has ended', async () => {
    expect(await cached.searchContracts('logistica trasporto merci')).toEqual([])
    expect(await cached.searchContracts('H011')).toEqual([])
    await readCache.get('sectors', async () => [])
    expect(kept('database')).toBe(1)

    const imported = await run('scripts/import.ts', ['--source', 'cnel', archive])
    // Two records of the fixture are refused on purpose: a partial import.
    expect(imported.code, imported.stderr).toBe(2)

    expect(await within(2_000, () => kept('search') === 0 && kept('database') === 0)).toBe(true)
    const [logistics] = await cached.searchContracts('logistica trasporto merci')
    expect(logistics?.cnelCode).toBe('I271')
    expect((await cached.searchContracts('H011'))[0]?.cnelCode).toBe('H011')
  }, 180_000)

  it('serves no answer kept before a publish through Payload in another process once it is committed', async () => {
    await run('scripts/import.ts', ['--source', 'cnel', archive])
    const word = `vombato${Date.now().toString(36)}`
    const title = `Rinnovo firmato ${word}`
    expect((await cached.searchNews(word)).hits).toEqual([])
    // The made-up word alone: the ranking's last tier finds contracts by any one word of the search.
    expect(await cached.searchContracts(word)).toEqual([])
    await readCache.get('contract:I271', async () => ({
      title: 'CCNL logistica, trasporto merci e spedizione',
    }))

    const published = await run('tests/fixtures/publish-runner.ts', [
      title,
      'I271',
      `CCNL autotrasporto ${word}`,
    ])
    expect(published.code, published.stderr).toBe(0)

    expect(await within(2_000, () => kept('search') === 0 && kept('database') === 0)).toBe(true)
    expect((await cached.searchNews(word)).hits.map((hit) => hit.title)).toEqual([title])
    const [renamed] = await cached.searchContracts(word)
    expect(renamed).toMatchObject({ cnelCode: 'I271', contractTitle: `CCNL autotrasporto ${word}` })
  }, 180_000)
})
