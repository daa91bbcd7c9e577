/**
 * Backup and restore of a whole embedded portal, as an operator runs them:
 * a portal with subscribers (a new one who bought Premium through the
 * checkout and the Stripe emulator, and the demo personas), content and
 * pages (a legal page edited after the demo set-up, the uploaded files) is
 * saved with `npm run backup` while it runs; `npm run restore` puts the
 * snapshot into a new data folder, and a portal started on that folder has
 * the same subscribers (whose session still works), invoices, pages and
 * files. A non-empty target and a damaged snapshot are refused with Italian
 * messages, before anything is written.
 */
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newSubscriber, startPortal, type Portal } from './portal.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUYER = `backup-${Date.now()}@example.it`
const EDITED_TITLE = `Termini e condizioni (revisione ${Date.now()})`

type Run = { code: number; stdout: string; stderr: string }

/** Runs `npm run <script>` as node does, with the portal's settings replaced by `env`. */
function command(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const {
    DATABASE_URL: _url,
    PAYLOAD_SECRET: _secret,
    NODE_ENV: _mode,
    STRIPE_EMULATOR: _emulator,
    ...inherited
  } = process.env
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', script), ...args],
      {
        cwd: root,
        env: { ...inherited, LOG_LEVEL: 'warn', ...env } as unknown as NodeJS.ProcessEnv,
        timeout: 150_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

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

/** What the test compares between the two portals: rows of the database and answers over HTTP. */
type Observed = {
  subscribers: string[]
  invoices: unknown
  invoiceRows: number
  termsHtmlHasTitle: boolean
  siteMediaFile: string
  siteMediaBytes: number
  tableCounts: Record<string, number>
}

async function observe(portal: Portal, cookie: string): Promise<Observed> {
  const db = new pg.Client({ connectionString: portal.databaseUrl })
  await db.connect()
  try {
    const subscribers = (
      await db.query<{ email: string }>('select email from auth_users order by email')
    ).rows.map((row) => row.email)
    const invoiceRows = Number(
      (await db.query<{ count: string }>('select count(*) from billing_invoices')).rows[0]?.count,
    )
    const file = (await db.query<{ filename: string }>('select filename from site_media order by id limit 1'))
      .rows[0]?.filename
    const counts: Record<string, number> = {}
    for (const table of [
      'users',
      'news',
      'contracts',
      'product_pages',
      'billing_subscriptions',
      'stripe_emulator_objects',
    ]) {
      counts[table] = Number(
        (await db.query<{ count: string }>(`select count(*) from "${table}"`)).rows[0]?.count,
      )
    }
    const invoicesResponse = await portal.fetch('/api/v1/stripe/invoices', { cookie })
    expect(invoicesResponse.status).toBe(200)
    const terms = await (await portal.fetch('/termini-e-condizioni')).text()
    const media = await portal.fetch(`/cms/api/site-media/file/${encodeURIComponent(file ?? '')}`)
    return {
      subscribers,
      invoices: await invoicesResponse.json(),
      invoiceRows,
      termsHtmlHasTitle: terms.includes(EDITED_TITLE),
      siteMediaFile: file ?? '',
      siteMediaBytes: media.status === 200 ? (await media.arrayBuffer()).byteLength : -media.status,
      tableCounts: counts,
    }
  } finally {
    await db.end()
  }
}

/** Waits until the emulator has delivered every webhook and the portal has recorded the buyer's invoice. */
async function settled(db: pg.Client): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const state = await db.query<{ pending: number; invoices: number }>(
      `select (select count(*)::int from stripe_emulator_deliveries where delivered_at is null) as pending,
              (select count(*)::int from billing_invoices i join auth_users u on u.id = i.user_id
                where u.email = $1) as invoices`,
      [BUYER],
    )
    const { pending, invoices } = state.rows[0]!
    if (pending === 0 && invoices > 0) return
    if (Date.now() > deadline) throw new Error(`Webhook non consegnati: ${pending}, fatture: ${invoices}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

let original: Portal | undefined
let restored: Portal | undefined
let backups: string
let target: string
let cookie: string
let before: Observed

beforeAll(async () => {
  backups = mkdtempSync(path.join(tmpdir(), 'bancadati-backups-'))
  target = path.join(mkdtempSync(path.join(tmpdir(), 'bancadati-restored-')), 'dati')
  // Run as root, the embedded Postgres runs as its own user, which must reach the data folder.
  chmodSync(path.dirname(target), 0o711)
  original = await startPortal()
  cookie = await newSubscriber(original, 'premium_monthly', BUYER)
  const db = new pg.Client({ connectionString: original.databaseUrl })
  await db.connect()
  await db.query(`update legal_pages set title = $1 where slug = 'termini-e-condizioni'`, [EDITED_TITLE])
  await settled(db)
  await db.end()
  before = await observe(original, cookie)
}, 300_000)

afterAll(async () => {
  await restored?.stop()
  await original?.stop()
  rmSync(backups, { recursive: true, force: true })
  rmSync(path.dirname(target), { recursive: true, force: true })
})

describe('npm run backup and npm run restore', () => {
  let snapshot: string

  it('writes a snapshot of the running portal: every table counted, the files copied, a manifest', async () => {
    expect(before.subscribers).toContain(BUYER)
    expect(before.invoiceRows).toBeGreaterThan(0)
    expect(before.termsHtmlHasTitle).toBe(true)
    expect(before.siteMediaBytes).toBeGreaterThan(0)
    const run = await command('backup.ts', [backups], { DATA_DIR: original!.dataDir })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const [name] = readdirSync(backups)
    expect(name).toMatch(/^bancadati-\d{8}-\d{6}$/)
    snapshot = path.join(backups, name!)
    expect(run.stdout).toContain(`Istantanea scritta: ${snapshot}`)
    const manifest = JSON.parse(readFileSync(path.join(snapshot, 'manifest.json'), 'utf8')) as {
      format: number
      database: { method: string; migrations: string[]; tables: { name: string; rows: number }[] }
      media: { path: string }[]
    }
    expect(manifest.format).toBe(1)
    // This machine's pg_dump (15) cannot read the embedded Postgres 18: the portal's own dump is used.
    expect(manifest.database.method).toBe('logical')
    expect(manifest.database.migrations.length).toBeGreaterThan(10)
    const rows = Object.fromEntries(manifest.database.tables.map((table) => [table.name, table.rows]))
    expect(rows.auth_users).toBe(before.subscribers.length)
    expect(rows.billing_invoices).toBe(before.invoiceRows)
    expect(manifest.media.map((media) => media.path)).toContain(`site-media/${before.siteMediaFile}`)
  }, 180_000)

  it('with S3_BUCKET writes to the bucket, keeps the newest BACKUP_KEEP and restores from there', async () => {
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'bancadati-s3-'))
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'bancadati-media' }],
    })
    const { port } = await s3.run()
    // Here the portal's files are on its local disk: the bucket holds only the snapshots.
    const s3Env = {
      S3_BUCKET: 'bancadati-media',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      BACKUP_KEEP: '1',
    }
    try {
      const first = await command('backup.ts', [], { DATA_DIR: original!.dataDir, ...s3Env })
      expect(first.stderr).toBe('')
      expect(first.stdout).toMatch(
        /Istantanea scritta: s3:\/\/bancadati-media\/backups\/bancadati-\d{8}-\d{6}/,
      )
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const second = await command('backup.ts', [], { DATA_DIR: original!.dataDir, ...s3Env })
      expect(second.code).toBe(0)
      expect(second.stdout).toContain('Eliminata 1 istantanea meno recente.')
      const name = /backups\/(bancadati-\d{8}-\d{6})/.exec(second.stdout)?.[1]
      // s3rver keeps each object as a file `<key>._S3rver_object`.
      const manifests = readdirSync(path.join(s3Dir, 'bancadati-media'), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('manifest.json._S3rver_object'))
      expect(manifests).toEqual([path.join('backups', name!, 'manifest.json._S3rver_object')])
      const into = path.join(path.dirname(target), 'da-s3')
      const restore = await command('restore.ts', [name!], {
        DATA_DIR: into,
        EMBEDDED_PG_PORT: String(await freePort()),
        ...s3Env,
      })
      expect(restore.stderr).toBe('')
      expect(restore.stdout).toContain(`Istantanea ${name} ripristinata.`)
      expect(readdirSync(into)).toContain('postgres')
    } finally {
      await s3.close()
      rmSync(s3Dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('refuses a damaged snapshot before writing anything', async () => {
    const copy = path.join(backups, 'danneggiata')
    await command('backup.ts', [], { DATA_DIR: original!.dataDir, BACKUP_DIR: copy })
    const [name] = readdirSync(copy)
    const manifestFile = path.join(copy, name!, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      database: { tables: { sha256: string }[] }
    }
    manifest.database.tables[0]!.sha256 = '0'.repeat(64)
    writeFileSync(manifestFile, JSON.stringify(manifest))
    const elsewhere = path.join(path.dirname(target), 'altrove')
    const run = await command('restore.ts', [path.join(copy, name!)], {
      DATA_DIR: elsewhere,
      EMBEDDED_PG_PORT: String(await freePort()),
    })
    expect(run.code).toBe(65)
    expect(run.stderr).toMatch(/è danneggiato o incompleto/)
    expect(readdirSync(elsewhere).filter((entry) => entry !== 'secrets.json')).toEqual([])
  }, 180_000)

  it('restores into a new folder, and the portal started on it has the same subscribers, invoices and pages', async () => {
    const run = await command('restore.ts', [snapshot], {
      DATA_DIR: target,
      EMBEDDED_PG_PORT: String(await freePort()),
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Istantanea ${path.basename(snapshot)} ripristinata.`)
    await original?.stop()
    original = undefined
    restored = await startPortal({}, { dataDir: target })
    const after = await observe(restored, cookie)
    expect(after).toEqual(before)
    // The buyer's session of the first portal still signs in (same sessions, same signing secret).
    const me = (await (await restored.fetch('/api/v1/abbonamenti', { cookie })).json()) as {
      isAuthenticated: boolean
      subscription: { status: string } | null
    }
    expect(me.isAuthenticated).toBe(true)
    expect(me.subscription?.status).toBe('active')
  }, 300_000)

  it('refuses to restore into a folder that holds data, with an Italian message', async () => {
    const run = await command('restore.ts', [snapshot], {
      DATA_DIR: restored!.dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    })
    expect(run.code).toBe(73)
    expect(run.stderr).toContain(`La cartella dei dati ${restored!.dataDir} non è vuota`)
  })
})
