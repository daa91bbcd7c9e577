import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { proxyTrustOf, trustedProxyProblem, type ProxyTrust } from './client-address.ts'
import { chooseEmbeddedPgPort, DEFAULT_EMBEDDED_PG_PORT, recordedPgPort } from './embedded-port.ts'
import { isLoopbackHost } from './loopback.ts'
import { secretWeakness } from './secret-strength.ts'
import { dataDirMode, ensurePrivateFolder, writePrivateFileSync } from './private-files.ts'

/**
 * The one place that reads `process.env`. Every setting of the process is
 * declared here, validated with zod, and exposed through `getEnv()`.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const optionalUrl = (protocols: RegExp) =>
  optionalString.pipe(z.url({ protocol: protocols, message: 'deve essere un URL valido' }).optional())

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const portNumber = z.coerce
  .number({ message: 'deve essere un numero' })
  .int('deve essere un numero intero')
  .min(1, 'deve essere compreso tra 1 e 65535')
  .max(65535, 'deve essere compreso tra 1 e 65535')

const port = (fallback: number) => portNumber.default(fallback)

/** A duration in milliseconds, at most one hour. */
const milliseconds = (fallback: number, min = 100) =>
  z.coerce
    .number({ message: 'deve essere un numero' })
    .int('deve essere un numero intero')
    .min(min, `deve essere almeno ${min}`)
    .max(3_600_000, 'deve essere al massimo 3600000')
    .default(fallback)

export const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: port(4321),
  /** Listen address; embedded mode defaults to 127.0.0.1 (this computer only), production mode to 0.0.0.0. */
  HOST: optionalString,
  PUBLIC_URL: optionalUrl(/^https?$/),
  /** Further addresses the portal answers on (www and apex), comma-separated: their pages may sign in and change state. */
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = []
      for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
        if (entry === '') continue
        const origin = URL.parse(entry)
        if (!origin || !/^https?:$/.test(origin.protocol) || origin.pathname.length > 1 || origin.search) {
          context.addIssue({
            code: 'custom',
            message: `'${entry}' non è un indirizzo valido: elenca indirizzi come https://www.esempio.it separati da virgole`,
          })
          return z.NEVER
        }
        origins.push(origin.origin.toLowerCase())
      }
      return origins
    }),
  /**
   * Behind reverse proxies: how many stand in front of the portal (`true` is 1). Their X-Forwarded-Proto
   * is trusted (HSTS on https requests) and the client address is the X-Forwarded-For entry the
   * outermost of them wrote, counted from the right (client-address.ts).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      const text = (value ?? '').toLowerCase()
      if (['', 'false', '0', 'no'].includes(text)) return 0
      if (['true', 'yes'].includes(text)) return 1
      if (/^\d{1,2}$/.test(text) && Number(text) <= 10) return Number(text)
      context.addIssue({
        code: 'custom',
        message: 'usa false, true (un proxy) oppure il numero di proxy davanti al portale, da 1 a 10',
      })
      return z.NEVER
    }),
  /**
   * Behind reverse proxies: their addresses or ranges (10.0.0.0/8, `loopback`, `private`), comma-separated,
   * instead of their number; the client address is the first X-Forwarded-For entry from the right that is not one of them.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, context) => {
      const entries = (value ?? '')
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean)
      for (const entry of entries) {
        const problem = trustedProxyProblem(entry)
        if (problem) {
          context.addIssue({ code: 'custom', message: problem })
          return z.NEVER
        }
      }
      return entries
    }),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  /** The preferred port of the embedded Postgres (default: the one recorded in DATA_DIR, else 14321); a free one when taken. */
  EMBEDDED_PG_PORT: portNumber.optional(),
  /** How long a request waits for a database connection before it is answered 503 (database unreachable). */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  /** The longest a statement may run in Postgres before it is cancelled (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(60_000, 0),
  /** The longest the portal waits for a query's answer (a database that hangs without refusing); 0: no limit. */
  DATABASE_QUERY_TIMEOUT_MS: milliseconds(65_000, 0),
  PAYLOAD_SECRET: optionalString.pipe(z.string().min(32, 'deve contenere almeno 32 caratteri').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag,
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: z.string().trim().min(3).default('Banca Dati CCNL <noreply@bancadati.local>'),
  /** How often the mail sender checks the outbox (it is also woken at once by each new mail). */
  MAIL_WORKER_INTERVAL_MS: z.coerce
    .number({ message: 'deve essere un numero' })
    .int('deve essere un numero intero')
    .min(100, 'deve essere almeno 100')
    .max(3_600_000, 'deve essere al massimo 3600000')
    .default(5_000),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalString,
  /** Production mode without real payments (a staging deployment): the Stripe emulator, and a 'Modalità di prova' strip on every page. */
  STRIPE_EMULATOR: booleanFlag,
  /**
   * The intermediary that sends the electronic invoices to SDI: `locale`, the local intermediary of the
   * test payments (embedded mode or STRIPE_EMULATOR=1, its default there). Unset in production: the
   * files wait, 'da inviare', until one is configured.
   */
  SDI_PROVIDER: z.enum(['locale'], { message: 'valori ammessi: locale' }).optional(),
  TYPESENSE_URL: optionalUrl(/^https?$/),
  TYPESENSE_API_KEY: optionalString,
  HUBSPOT_TOKEN: optionalString,
  /** Flood limits of the sign-in routes per client address and minute (failed logins have their own, stricter limit). */
  AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(100),
  AUTH_SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Searches (news, contracts, activities, inside a text; API and pages together) per client address and minute. */
  SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** New accounts (trial, purchase, Studio invitation) per client address and hour. */
  AUTH_SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Where information and Enterprise requests from the public pages are mailed. */
  SALES_EMAIL: z.email({ message: 'deve essere un indirizzo e-mail' }).default('commerciale@bancadati.local'),
  /** Where the help centre's reports are mailed. */
  SUPPORT_EMAIL: z
    .email({ message: 'deve essere un indirizzo e-mail' })
    .default('assistenza@bancadati.local'),
  /** Google sign-in: OAuth client of the Google Cloud console; buttons shown only when both are set. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Another OpenID configuration than Google's (the local test server, for tests and demos). */
  GOOGLE_DISCOVERY_URL: optionalUrl(/^https?$/),
  /** Facebook sign-in: app id and secret of the Meta developer console; buttons shown only when both are set. */
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  /** Other endpoints than Facebook's login dialog, token and profile (the local test server). */
  FACEBOOK_AUTHORIZATION_URL: optionalUrl(/^https?$/),
  FACEBOOK_TOKEN_URL: optionalUrl(/^https?$/),
  FACEBOOK_USERINFO_URL: optionalUrl(/^https?$/),
  /** Embedded mode: the loopback port of the test sign-in provider that stands in for Google and Facebook (default PORT + 20000). */
  EMBEDDED_OIDC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Media on S3-compatible storage: the bucket (unset: local disk under DATA_DIR). */
  S3_BUCKET: optionalString,
  /** The bucket's region (any value the store accepts, e.g. `us-east-1` for MinIO); required with S3_BUCKET. */
  S3_REGION: optionalString,
  /** Another endpoint than AWS's (MinIO, Ceph, Scaleway, Wasabi ...). */
  S3_ENDPOINT: optionalUrl(/^https?$/),
  /** Access key pair; unset: the SDK's default credentials (instance role, AWS_* variables of the platform). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Addresses the bucket as `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores). */
  S3_FORCE_PATH_STYLE: booleanFlag,
  IMPORT_SOURCE: optionalString,
  IMPORT_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4,5}$/, "deve essere un'espressione cron (5 o 6 campi)")
    .default('0 3 * * *'),
  /** When the nightly reconciliation with Stripe runs (a cron expression in Rome time). */
  RECONCILIATION_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4,5}$/, "deve essere un'espressione cron (5 o 6 campi)")
    .default('30 3 * * *'),
  /** How often the server looks for due jobs (a cron expression; every minute by default). */
  JOBS_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4,5}$/, "deve essere un'espressione cron (5 o 6 campi)")
    .default('* * * * *'),
  DEMO_DATA: booleanFlag,
  /** The bearer token a scraper sends for /metrics from another computer (unset: /metrics answers this computer only). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, 'deve contenere almeno 24 caratteri').optional()),
  /** Where `npm run backup` and the nightly backup write snapshots without S3_BUCKET. */
  BACKUP_DIR: z.string().trim().min(1).default('backups'),
  /** When the nightly backup runs (a cron expression in Rome time); unset: no scheduled backup. */
  BACKUP_SCHEDULE: optionalString.pipe(
    z
      .string()
      .regex(/^\S+(\s+\S+){4,5}$/, "deve essere un'espressione cron (5 o 6 campi)")
      .optional(),
  ),
  /** How many snapshots a backup keeps (the oldest beyond are removed). */
  BACKUP_KEEP: z.coerce
    .number({ message: 'deve essere un numero' })
    .int('deve essere un numero intero')
    .min(1, 'deve essere almeno 1')
    .max(10_000, 'deve essere al massimo 10000')
    .default(14),
  /**
   * The key of the snapshots: signs every manifest (a restore refuses another), and encrypts the files
   * with BACKUP_ENCRYPT. Required in production for backup and restore; embedded mode without it makes
   * one at the first backup, kept in DATA_DIR/backup.key.
   */
  BACKUP_KEY: optionalString.pipe(z.string().min(32, 'deve contenere almeno 32 caratteri').optional()),
  /** Encrypt every file of a snapshot (AES-256-GCM, with a key derived from the snapshot key). */
  BACKUP_ENCRYPT: booleanFlag,
})

export type RawEnv = z.output<typeof envSchema>

export type Env = Omit<RawEnv, 'HOST'> & {
  /** The listen address: HOST, or 127.0.0.1 in embedded mode and 0.0.0.0 in production mode. */
  HOST: string
  /** True when no DATABASE_URL is given: the process runs its own Postgres and demo services. */
  embedded: boolean
  /** True when payments go to the Stripe emulator (no STRIPE_SECRET_KEY: embedded mode, or STRIPE_EMULATOR=1). */
  stripeEmulator: boolean
  /** The SDI intermediary in use: SDI_PROVIDER, `locale` by default with the Stripe emulator; none otherwise. */
  sdiProvider: 'locale' | undefined
  /** Absolute data directory. */
  dataDir: string
  /** Connection string of the database in use (the embedded one when DATABASE_URL is unset). */
  databaseUrl: string
  /**
   * Port of the embedded Postgres: EMBEDDED_PG_PORT, else the one recorded in the data folder, else
   * 14321. `settleEnv()` makes it the running database's, or a free one when that port is taken.
   */
  embeddedPgPort: number
  /** Password of the embedded Postgres superuser. */
  embeddedPgPassword: string
  /** Secret used by Payload to sign its tokens. */
  payloadSecret: string
  /**
   * Embedded mode with Google or Facebook keys unset: the address of the local test provider
   * ('Fornitore di prova', on 127.0.0.1) that the portal starts and signs in with instead. Undefined otherwise.
   */
  testSignInIssuer: string | undefined
  /** Public base URL of the portal, without trailing slash. */
  publicUrl: string
  /** True in production mode. */
  isProduction: boolean
  /** How far X-Forwarded-For is believed (TRUST_PROXY or TRUSTED_PROXIES): see client-address.ts. */
  proxyTrust: ProxyTrust
}

export class EnvError extends Error {
  readonly issues: { key: string; message: string }[]

  constructor(issues: { key: string; message: string }[]) {
    super(`Configurazione non valida: ${issues.map((issue) => `${issue.key} (${issue.message})`).join('; ')}`)
    this.name = 'EnvError'
    this.issues = issues
  }
}

type LocalSecrets = { payloadSecret: string; pgPassword: string }

/** Reads the secrets of an embedded installation from the data directory, creating them once. */
function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json')
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets
  }
  ensurePrivateFolder(dataDir, dataDirMode())
  const secrets: LocalSecrets = {
    payloadSecret: randomBytes(32).toString('hex'),
    pgPassword: randomBytes(18).toString('hex'),
  }
  writePrivateFileSync(file, JSON.stringify(secrets))
  return secrets
}

/** Makes an embedded installation's data directory sign with `payloadSecret` (a restored installation's). */
export function adoptPayloadSecret(dataDir: string, payloadSecret: string): void {
  const secrets = localSecrets(dataDir)
  writePrivateFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ ...secrets, payloadSecret }))
}

/**
 * Real payments or an explicit choice of test payments: production mode never
 * falls back to the emulator by itself (STRIPE_EMULATOR=1 is the staging opt-in),
 * and Stripe's keys come together.
 */
function paymentProblems(raw: RawEnv, embedded: boolean): { key: string; message: string }[] {
  if (raw.STRIPE_SECRET_KEY === undefined) {
    if (embedded || raw.STRIPE_EMULATOR) return []
    return [
      {
        key: 'STRIPE_SECRET_KEY',
        message:
          'obbligatorio quando DATABASE_URL è impostato: in produzione i pagamenti sono reali. ' +
          'Imposta STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET e PUBLIC_STRIPE_PUBLISHABLE_KEY ' +
          "con le chiavi dell'account Stripe, oppure STRIPE_EMULATOR=1 per un ambiente di prova " +
          'con pagamenti simulati',
      },
    ]
  }
  const problems: { key: string; message: string }[] = []
  for (const key of ['STRIPE_WEBHOOK_SECRET', 'PUBLIC_STRIPE_PUBLISHABLE_KEY'] as const) {
    if (raw[key] === undefined)
      problems.push({ key, message: 'obbligatorio quando STRIPE_SECRET_KEY è impostato' })
  }
  if (raw.STRIPE_EMULATOR)
    problems.push({
      key: 'STRIPE_EMULATOR',
      message: "non può valere insieme a STRIPE_SECRET_KEY: scegli Stripe oppure l'emulatore",
    })
  return problems
}

/** The randomness (estimated bits, see secret-strength.ts) production asks of each secret it reads. */
export const SECRET_MIN_BITS = { PAYLOAD_SECRET: 56, METRICS_TOKEN: 40, BACKUP_KEY: 56 } as const

/**
 * Production's stricter rules: secrets that cannot be guessed, and addresses
 * on https (a session cookie is `Secure` only there), plain http only for
 * this computer's own names (a test of the production build).
 */
function productionProblems(raw: RawEnv): { key: string; message: string }[] {
  const problems: { key: string; message: string }[] = []
  for (const key of ['PAYLOAD_SECRET', 'METRICS_TOKEN', 'BACKUP_KEY'] as const) {
    const value = raw[key]
    const weakness = value === undefined ? null : secretWeakness(value, SECRET_MIN_BITS[key])
    if (weakness) problems.push({ key, message: weakness })
  }
  const plain = (address: string) => {
    const url = new URL(address)
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
  }
  const reason =
    'in produzione deve iniziare con https:// (su http:// il cookie di sessione non è Secure e viaggia in chiaro); http:// è ammesso solo per localhost, 127.0.0.1 e [::1]'
  if (raw.PUBLIC_URL !== undefined && plain(raw.PUBLIC_URL))
    problems.push({ key: 'PUBLIC_URL', message: `${raw.PUBLIC_URL} non va bene: ${reason}` })
  for (const origin of raw.TRUSTED_ORIGINS.filter(plain))
    problems.push({ key: 'TRUSTED_ORIGINS', message: `${origin} non va bene: ${reason}` })
  return problems
}

/** Validates a set of variables; throws one EnvError naming every bad key. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        key: issue.path.join('.') || '(ambiente)',
        message: issue.message,
      })),
    )
  }
  const raw = result.data
  const embedded = raw.DATABASE_URL === undefined
  const problems: { key: string; message: string }[] = []
  if (!embedded && raw.PAYLOAD_SECRET === undefined) {
    problems.push({
      key: 'PAYLOAD_SECRET',
      message: 'obbligatorio quando DATABASE_URL è impostato',
    })
  }
  problems.push(...paymentProblems(raw, embedded))
  if (!embedded) problems.push(...productionProblems(raw))
  if (raw.TYPESENSE_URL !== undefined && raw.TYPESENSE_API_KEY === undefined) {
    problems.push({
      key: 'TYPESENSE_API_KEY',
      message: 'obbligatorio quando TYPESENSE_URL è impostato',
    })
  }
  for (const [id, secret] of [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ] as const) {
    if ((raw[id] === undefined) !== (raw[secret] === undefined)) {
      const missing = raw[id] === undefined ? id : secret
      const given = missing === id ? secret : id
      problems.push({ key: missing, message: `obbligatorio quando ${given} è impostato` })
    }
  }
  if (raw.TRUST_PROXY > 0 && raw.TRUSTED_PROXIES.length > 0) {
    problems.push({
      key: 'TRUSTED_PROXIES',
      message:
        'non può valere insieme a TRUST_PROXY: indica il numero di proxy (TRUST_PROXY) oppure i loro indirizzi (TRUSTED_PROXIES)',
    })
  }
  if (raw.SDI_PROVIDER === 'locale' && !embedded && !raw.STRIPE_EMULATOR) {
    problems.push({
      key: 'SDI_PROVIDER',
      message: 'locale vale solo in modalità incorporata o con STRIPE_EMULATOR=1 (fatture di prova)',
    })
  }
  if (!embedded && raw.BACKUP_SCHEDULE !== undefined && raw.BACKUP_KEY === undefined) {
    problems.push({
      key: 'BACKUP_KEY',
      message:
        'obbligatorio quando BACKUP_SCHEDULE è impostato: le istantanee si firmano con questa chiave ' +
        '(almeno 32 caratteri casuali), senza la quale non si possono ripristinare',
    })
  }
  if (raw.S3_BUCKET !== undefined && raw.S3_REGION === undefined) {
    problems.push({ key: 'S3_REGION', message: 'obbligatorio quando S3_BUCKET è impostato' })
  }
  if (problems.length > 0) throw new EnvError(problems)

  const dataDir = path.resolve(raw.DATA_DIR)
  const embeddedPgPort =
    raw.EMBEDDED_PG_PORT ?? (embedded ? recordedPgPort(dataDir) : undefined) ?? DEFAULT_EMBEDDED_PG_PORT
  const secrets = embedded ? localSecrets(dataDir) : undefined
  const embeddedPgPassword = secrets?.pgPassword ?? ''
  const databaseUrl =
    raw.DATABASE_URL ?? `postgres://postgres:${embeddedPgPassword}@127.0.0.1:${embeddedPgPort}/bancadati`
  const missingSocialKeys = raw.GOOGLE_CLIENT_ID === undefined || raw.FACEBOOK_CLIENT_ID === undefined
  const testSignInPort = raw.EMBEDDED_OIDC_PORT ?? ((raw.PORT + 20000) % 65536 || 24321)

  return Object.freeze({
    ...raw,
    HOST: raw.HOST ?? (embedded ? '127.0.0.1' : '0.0.0.0'),
    embedded,
    stripeEmulator: raw.STRIPE_SECRET_KEY === undefined,
    sdiProvider: raw.SDI_PROVIDER ?? (raw.STRIPE_SECRET_KEY === undefined ? 'locale' : undefined),
    dataDir,
    databaseUrl,
    embeddedPgPort,
    embeddedPgPassword,
    payloadSecret: raw.PAYLOAD_SECRET ?? secrets?.payloadSecret ?? '',
    testSignInIssuer: embedded && missingSocialKeys ? `http://127.0.0.1:${testSignInPort}` : undefined,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    isProduction: raw.NODE_ENV === 'production',
    proxyTrust: proxyTrustOf(raw),
  })
}

let cached: Env | undefined

/** The validated settings of this process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/**
 * The settings of a process that may start or share the embedded Postgres,
 * made final before anything reads them: validated, with the database's port
 * settled. A database already running on the data folder keeps its port
 * (whatever PORT it was started with); otherwise the preferred port is taken
 * when free, any free port when not. The port is set as EMBEDDED_PG_PORT of
 * the process, so its child processes agree. Throws EnvError on bad settings.
 */
export async function settleEnv(): Promise<Env> {
  const preliminary = cached ?? parseEnv(process.env)
  if (preliminary.embedded) {
    const { port } = await chooseEmbeddedPgPort({
      dataDir: preliminary.dataDir,
      preferred: preliminary.embeddedPgPort,
    })
    if (port !== preliminary.embeddedPgPort) {
      // Code that already read the settings would keep the other port: a mistake of the entry point.
      if (cached)
        throw new Error(
          `Impostazioni lette prima di fissare la porta del database incorporato (${port}): chiamare settleEnv() all'avvio`,
        )
      process.env.EMBEDDED_PG_PORT = String(port)
    }
  }
  return getEnv()
}

/**
 * The embedded Postgres started on `port` instead of the settled one (taken
 * by another process in the meantime): from now on the settings, and the
 * child processes through EMBEDDED_PG_PORT, name that port. Code that reads
 * the connection string when it connects (Payload's pool) gets it.
 */
export function adoptEmbeddedPgPort(port: number): Env {
  process.env.EMBEDDED_PG_PORT = String(port)
  cached = parseEnv(process.env)
  return cached
}
