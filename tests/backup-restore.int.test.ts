/**
 * Backup and restore of a whole embedded portal, as an operator runs them:
 * a portal with subscribers (a new one who bought Premium through the
 * checkout and the Stripe emulator, and the demo personas), content and
 * pages (a legal page edited after the demo set-up, the uploaded files) is
 * saved with `npm run backup` while it runs; `npm run restore` puts the
 * snapshot into a new data folder, and a portal started on that folder has
 * the same subscribers, invoices, pages and files.
 *
 * Issue 31, points 1 and 2: everything is written under umask 000 and must
 * still be private (folders 0700, files 0600); the snapshot holds no
 * session, reset link or other short-lived secret, so a reset token taken
 * from it resets nothing; its manifest is signed, and a restore refuses an
 * unsigned or altered one, a path leading out of the snapshot, a table the
 * portal does not know (its SQL is never run: a `copy … to program` creates
 * no file) and a snapshot of a later schema, each with an Italian message and
 * before writing anything.
 */
import { execFile } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveBackupKeys, SHORT_LIVED_TABLES, signManifest } from '../modules/backup/index.ts'
import { newSubscriber, startPortal, type Portal } from './portal.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUYER = `backup-${Date.now()}@example.it`
const EDITED_TITLE = `Termini e condizioni (revisione ${Date.now()})`
/** The data folder's own mode: 0700, or 0711 as root (Postgres runs as its own user and must pass through). */
const DATA_DIR_MODE = userInfo().uid === 0 ? 0o711 : 0o700

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

const modeOf = (file: string) => statSync(file).mode & 0o777

/** Every folder and file under `dir` (itself included), with its mode. */
function modes(dir: string): { path: string; folder: boolean; mode: number }[] {
  const entries = [{ path: dir, folder: true, mode: modeOf(dir) }]
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    entries.push({ path: full, folder: entry.isDirectory(), mode: modeOf(full) })
  }
  return entries
}

/** The data folder is private: itself, every file the portal wrote there 0600, every folder 0700. */
function expectPrivateDataDir(dataDir: string): void {
  expect(modeOf(dataDir)).toBe(DATA_DIR_MODE)
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.name === 'postgres') continue
    expect([entry.name, modeOf(path.join(dataDir, entry.name))]).toEqual([
      entry.name,
      entry.isDirectory() ? 0o700 : 0o600,
    ])
  }
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

/** The texts of the mails the embedded mailbox holds for `email`, newest first. */
async function mailTexts(portal: Portal, email: string): Promise<string[]> {
  const response = await portal.fetch(`/dev/posta/messages.json?to=${encodeURIComponent(email)}`)
  return ((await response.json()) as { text: string }[]).map((mail) => mail.text)
}

let umask: number
let original: Portal | undefined
let restored: Portal | undefined
let backups: string
let target: string
let cookie: string
let password: string
let resetToken: string
let before: Observed

beforeAll(async () => {
  // The loosest umask: whatever the portal and the commands write must still be private.
  umask = process.umask(0o000)
  // A folder the backup creates itself (private, whatever the umask).
  backups = path.join(mkdtempSync(path.join(tmpdir(), 'bancadati-backups-')), 'istantanee')
  target = path.join(mkdtempSync(path.join(tmpdir(), 'bancadati-restored-')), 'dati')
  // Run as root, the embedded Postgres runs as its own user, which must reach the data folder.
  chmodSync(path.dirname(target), 0o711)
  original = await startPortal()
  cookie = await newSubscriber(original, 'premium_monthly', BUYER)
  password = /Password:\s*(\S+)/.exec((await mailTexts(original, BUYER)).join('\n'))?.[1] ?? ''
  const db = new pg.Client({ connectionString: original.databaseUrl })
  await db.connect()
  await db.query(`update legal_pages set title = $1 where slug = 'termini-e-condizioni'`, [EDITED_TITLE])
  await settled(db)
  await db.end()
  // A reset link mailed and still unused while the backup is taken.
  const asked = await original.fetch('/api/auth/request-password-reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BUYER, redirectTo: '/reimposta-password/' }),
  })
  expect(asked.status).toBe(200)
  for (let tries = 0; !resetToken && tries < 100; tries += 1) {
    resetToken = /oobCode=([\w-]+)/.exec((await mailTexts(original, BUYER)).join('\n'))?.[1] ?? ''
    if (!resetToken) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  before = await observe(original, cookie)
}, 300_000)

afterAll(async () => {
  process.umask(umask)
  await restored?.stop()
  await original?.stop()
  rmSync(path.dirname(backups), { recursive: true, force: true })
  rmSync(path.dirname(target), { recursive: true, force: true })
})

describe('npm run backup and npm run restore', () => {
  let snapshot: string
  /** The snapshot key the original portal made at its first backup (DATA_DIR/backup.key). */
  let keyFile: string

  it('writes a private snapshot of the running portal, signed, without sessions, reset links or other short-lived secrets', async () => {
    expect(before.subscribers).toContain(BUYER)
    expect(before.invoiceRows).toBeGreaterThan(0)
    expect(before.termsHtmlHasTitle).toBe(true)
    expect(before.siteMediaBytes).toBeGreaterThan(0)
    expect(password).not.toBe('')
    expect(resetToken).not.toBe('')
    const run = await command('backup.ts', [backups], { DATA_DIR: original!.dataDir })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const [name] = readdirSync(backups)
    expect(name).toMatch(/^bancadati-\d{8}-\d{6}$/)
    snapshot = path.join(backups, name!)
    expect(run.stdout).toContain(`Istantanea scritta: ${snapshot}`)

    // Private whatever the umask: the backups' folder, the snapshot, the data folder and its files.
    keyFile = path.join(original!.dataDir, 'backup.key')
    expect(existsSync(keyFile)).toBe(true)
    expectPrivateDataDir(original!.dataDir)
    for (const name of ['secrets.json', 'embedded-postgres.json', 'mailbox.jsonl', 'backup.key', 'media'])
      expect(readdirSync(original!.dataDir)).toContain(name)
    expect(modeOf(backups)).toBe(0o700)
    for (const entry of modes(snapshot))
      expect([entry.path, entry.mode]).toEqual([entry.path, entry.folder ? 0o700 : 0o600])

    const manifestText = readFileSync(path.join(snapshot, 'manifest.json'), 'utf8')
    const manifest = JSON.parse(manifestText) as {
      format: number
      encryption: string
      database: { migrations: string[]; tables: { name: string; rows: number; columns: string[] }[] }
      media: { path: string }[]
    }
    expect(manifest.format).toBe(2)
    expect(manifest.encryption).toBe('none')
    expect(readFileSync(path.join(snapshot, 'manifest.sig'), 'utf8')).toMatch(/^hmac-sha256:[0-9a-f]{64}\n$/)
    expect(manifest.database.migrations.length).toBeGreaterThan(10)
    const rows = Object.fromEntries(manifest.database.tables.map((table) => [table.name, table.rows]))
    expect(rows.auth_users).toBe(before.subscribers.length)
    expect(rows.billing_invoices).toBe(before.invoiceRows)
    expect(manifest.media.map((media) => media.path)).toContain(`site-media/${before.siteMediaFile}`)
    for (const table of [
      'auth_sessions',
      'auth_verifications',
      'users_sessions',
      'rate_limits',
      'auth_rate_limits',
    ])
      expect(rows).not.toHaveProperty(table)
    const accounts = manifest.database.tables.find((table) => table.name === 'auth_accounts')
    expect(accounts?.columns).not.toContain('access_token')
    expect(accounts?.columns).toContain('password')

    // Nothing short-lived anywhere in the snapshot: not the live reset token, not the session's,
    // not the signing secret (sealed with the snapshot key); the data itself is there.
    const secrets = JSON.parse(readFileSync(path.join(original!.dataDir, 'secrets.json'), 'utf8')) as {
      payloadSecret: string
    }
    const sessionToken = decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)?.[1] ?? '')
    expect(sessionToken.length).toBeGreaterThan(10)
    const everything = [
      manifestText,
      ...readdirSync(path.join(snapshot, 'database')).map((file) =>
        gunzipSync(readFileSync(path.join(snapshot, 'database', file))).toString('utf8'),
      ),
    ].join('\n')
    expect(everything).toContain(BUYER)
    for (const secret of [resetToken, sessionToken, secrets.payloadSecret])
      expect(everything).not.toContain(secret)

    // Every table that holds sessions, verifications, counters or used captchas is left out.
    const db = new pg.Client({ connectionString: original!.databaseUrl })
    await db.connect()
    try {
      const tables = await db.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
      const shortLived = tables.rows
        .map((row) => row.name)
        .filter((table) => /session|verification|rate_limit|captcha/.test(table))
      expect(shortLived.length).toBeGreaterThanOrEqual(6)
      for (const table of shortLived) expect(SHORT_LIVED_TABLES.has(`public.${table}`), table).toBe(true)
    } finally {
      await db.end()
    }
  }, 180_000)

  it('with S3_BUCKET and BACKUP_ENCRYPT writes encrypted files to the bucket, keeps the newest BACKUP_KEEP and restores from there', async () => {
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
      BACKUP_KEY: 'una-chiave-delle-istantanee-nel-bucket-0123456789',
      BACKUP_ENCRYPT: 'true',
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
      const objects = readdirSync(path.join(s3Dir, 'bancadati-media'), { recursive: true }).map(String)
      const manifests = objects.filter((file) => file.endsWith('manifest.json._S3rver_object'))
      expect(manifests).toEqual([path.join('backups', name!, 'manifest.json._S3rver_object')])
      // Encrypted: no table file is a gzip stream any more.
      const tableFiles = objects.filter((file) => /\.copy\.gz\._S3rver_object$/.test(file))
      expect(tableFiles.length).toBeGreaterThan(10)
      for (const file of tableFiles) {
        const bytes = readFileSync(path.join(s3Dir, 'bancadati-media', file))
        expect(bytes.subarray(0, 2).toString('hex')).not.toBe('1f8b')
      }
      const into = path.join(path.dirname(target), 'da-s3')
      const restore = await command('restore.ts', [name!], {
        DATA_DIR: into,
        EMBEDDED_PG_PORT: String(await freePort()),
        ...s3Env,
      })
      expect(restore.stderr).toBe('')
      expect(restore.stdout).toContain(`Istantanea ${name} ripristinata.`)
      expect(readdirSync(into)).toContain('postgres')
      expectPrivateDataDir(into)
    } finally {
      await s3.close()
      rmSync(s3Dir, { recursive: true, force: true })
    }
  }, 400_000)

  describe('refuses, before writing anything, a snapshot it cannot trust', () => {
    const marker = path.join(tmpdir(), `bancadati-eseguito-${Date.now()}`)
    let keys: ReturnType<typeof deriveBackupKeys>
    let attempt = 0

    /** A copy of the snapshot, as it is. */
    function copyOf(): string {
      const dir = path.join(backups, `alterata-${(attempt += 1)}`)
      cpSync(snapshot, dir, { recursive: true })
      return dir
    }

    /** A copy of the snapshot changed by `change` (the manifest as an object; `sign` re-signs it with the real key). */
    function altered(
      change: (
        manifest: Record<string, unknown> & { database: { tables: Record<string, unknown>[] } },
        dir: string,
      ) => void,
      options: { sign: boolean },
    ): string {
      const dir = copyOf()
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Parameters<
        typeof change
      >[0]
      change(manifest, dir)
      const bytes = Buffer.from(JSON.stringify(manifest, null, 2))
      writeFileSync(path.join(dir, 'manifest.json'), bytes)
      if (options.sign) writeFileSync(path.join(dir, 'manifest.sig'), signManifest(bytes, keys.signing))
      return dir
    }

    /**
     * The attack of issue 31: a table entry (with a file and checksum that hold up) whose definition
     * and foreign keys are a shell command run through `copy … to program`.
     */
    function addEvilTable(manifest: Parameters<Parameters<typeof altered>[0]>[0], dir: string): void {
      const first = manifest.database.tables[0]!
      const file = 'database/9999-public.evil.copy.gz'
      cpSync(path.join(dir, String(first.file)), path.join(dir, file))
      const command = `copy (select 1) to program 'touch ${marker}'`
      manifest.database.tables.push({ ...first, name: 'evil', file, ddl: command, foreignKeys: [command] })
    }

    /** Restores `dir` into a new data folder holding the snapshot key; what it answered and left there. */
    async function restoreInto(dir: string, env: Record<string, string> = {}, withKey = true) {
      const into = path.join(path.dirname(target), `rifiutata-${(attempt += 1)}`)
      if (withKey) {
        mkdirSync(into, { mode: 0o700 })
        copyFileSync(keyFile, path.join(into, 'backup.key'))
      }
      const run = await command('restore.ts', [dir], {
        DATA_DIR: into,
        EMBEDDED_PG_PORT: String(await freePort()),
        ...env,
      })
      const left = existsSync(into)
        ? readdirSync(into).filter((entry) => entry !== 'secrets.json' && entry !== 'backup.key')
        : []
      return { ...run, left }
    }

    beforeAll(() => {
      keys = deriveBackupKeys(readFileSync(keyFile, 'utf8').trim())
    })

    afterAll(() => {
      rmSync(marker, { force: true })
    })

    it('a damaged table file', async () => {
      const dir = copyOf()
      const [file] = readdirSync(path.join(dir, 'database'))
      appendFileSync(path.join(dir, 'database', file!), 'x')
      const run = await restoreInto(dir)
      expect(run.code).toBe(65)
      expect(run.stderr).toMatch(/è danneggiato o incompleto/)
      expect(run.left).toEqual([])
    }, 300_000)

    it('a manifest changed after the backup, or signed with another key', async () => {
      const changed = altered(
        (manifest) => {
          manifest.database.tables[0]!.rows = 999_999
        },
        { sign: false },
      )
      const run = await restoreInto(changed)
      expect(run.code).toBe(65)
      expect(run.stderr).toContain("La firma dell'istantanea non corrisponde")
      expect(run.left).toEqual([])
      const otherKey = await restoreInto(snapshot, {
        BACKUP_KEY: 'un-altra-chiave-che-non-ha-firmato-nulla-0123',
      })
      expect(otherKey.code).toBe(65)
      expect(otherKey.stderr).toContain("La firma dell'istantanea non corrisponde")
    }, 300_000)

    it('an unsigned snapshot, and one of the old unsigned format whose table definition would run a shell command', async () => {
      const unsigned = copyOf()
      rmSync(path.join(unsigned, 'manifest.sig'))
      const run = await restoreInto(unsigned)
      expect(run.code).toBe(65)
      expect(run.stderr).toContain("L'istantanea non è firmata")
      expect(run.left).toEqual([])

      // What the attack of issue 31 wrote: a format-1 manifest whose table entry carries SQL.
      const old = altered(
        (manifest, dir) => {
          manifest.format = 1
          addEvilTable(manifest, dir)
        },
        { sign: false },
      )
      rmSync(path.join(old, 'manifest.sig'))
      const legacy = await restoreInto(old)
      expect(legacy.code).toBe(65)
      expect(legacy.stderr).toContain("Formato dell'istantanea non supportato (1)")
      expect(existsSync(marker)).toBe(false)
      expect(legacy.left).toEqual([])
    }, 300_000)

    it('a signed manifest naming a table the portal does not have: its SQL never runs', async () => {
      const dir = altered(addEvilTable, { sign: true })
      const run = await restoreInto(dir)
      expect(run.code).toBe(65)
      expect(run.stderr).toContain(
        "L'istantanea contiene la tabella public.evil, che lo schema di questo portale non ha: ripristino annullato.",
      )
      expect(existsSync(marker)).toBe(false)
      // Refused after the portal's own migrations ran on the new folder: the restore removes what it wrote.
      expect(run.left).toEqual([])
    }, 300_000)

    it('a signed manifest with a path out of the snapshot, or taken at a later schema', async () => {
      const outside = altered(
        (manifest) => {
          manifest.database.tables[0]!.file = '../../etc/passwd'
        },
        { sign: true },
      )
      const run = await restoreInto(outside)
      expect(run.code).toBe(65)
      expect(run.stderr).toContain(
        "Il percorso «../../etc/passwd» del manifest esce dalla cartella dell'istantanea: ripristino rifiutato.",
      )
      expect(run.left).toEqual([])

      const later = altered(
        (manifest) => {
          const database = manifest.database as unknown as { migrations: string[] }
          database.migrations.push('20991231_000000_futura')
        },
        { sign: true },
      )
      const laterRun = await restoreInto(later)
      expect(laterRun.code).toBe(65)
      expect(laterRun.stderr).toMatch(/schema del database più recente .*migrazione 20991231_000000_futura/)
      expect(laterRun.left).toEqual([])
    }, 300_000)

    it('a restore into a new folder without the snapshot key, naming BACKUP_KEY and backup.key', async () => {
      const run = await restoreInto(snapshot, {}, false)
      expect(run.code).toBe(78)
      expect(run.stderr).toMatch(
        /Manca la chiave che ha firmato l'istantanea: imposta BACKUP_KEY oppure copia in .*backup\.key/,
      )
      expect(run.left).toEqual([])
    }, 300_000)
  })

  it('restores into a new folder holding the key: same subscribers, invoices and pages; no session or reset link survives', async () => {
    mkdirSync(target, { mode: 0o700 })
    copyFileSync(keyFile, path.join(target, 'backup.key'))
    const run = await command('restore.ts', [snapshot], {
      DATA_DIR: target,
      EMBEDDED_PG_PORT: String(await freePort()),
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Istantanea ${path.basename(snapshot)} ripristinata.`)
    expectPrivateDataDir(target)
    // The signing secret came back (sealed in the manifest): links signed before stay valid.
    const secretsOf = (dir: string) =>
      (JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { payloadSecret: string })
        .payloadSecret
    expect(secretsOf(target)).toBe(secretsOf(original!.dataDir))
    await original?.stop()
    original = undefined
    restored = await startPortal({}, { dataDir: target })

    // The session of the first portal was not in the snapshot, nor the reset link mailed before it.
    const stale = (await (await restored.fetch('/api/v1/abbonamenti', { cookie })).json()) as {
      isAuthenticated: boolean
    }
    expect(stale.isAuthenticated).toBe(false)
    const reset = await restored.fetch('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: resetToken, newPassword: 'Rubata2026' }),
    })
    expect(reset.status).toBe(400)

    // The buyer signs in again with the password: everything else is as it was.
    const fresh = await restored.signIn(BUYER, password)
    const after = await observe(restored, fresh)
    expect(after).toEqual(before)
    const me = (await (await restored.fetch('/api/v1/abbonamenti', { cookie: fresh })).json()) as {
      isAuthenticated: boolean
      subscription: { status: string } | null
    }
    expect(me.isAuthenticated).toBe(true)
    expect(me.subscription?.status).toBe('active')
  }, 400_000)

  it('refuses to restore into a folder that holds data, with an Italian message', async () => {
    const run = await command('restore.ts', [snapshot], {
      DATA_DIR: restored!.dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    })
    expect(run.code).toBe(73)
    expect(run.stderr).toContain(`La cartella dei dati ${restored!.dataDir} non è vuota`)
  }, 120_000)
})
