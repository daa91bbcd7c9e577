/** Platform services shared by every module: settings, logging, embedded infrastructure. */

/** Validated settings of the process (the only reader of process.env); `settleEnv` also settles the embedded Postgres's port. */
export { getEnv, parseEnv, settleEnv, EnvError, envSchema, type Env } from './env.ts'
/** Makes an embedded data directory sign with a restored installation's secret. */
export { adoptPayloadSecret } from './env.ts'
/** The structured process logger. */
export { getLogger, redactedPaths } from './logger.ts'
/** Starts the embedded Postgres used when DATABASE_URL is unset; the database of a one-off command. */
export {
  startEmbeddedPostgres,
  startConfiguredPostgres,
  openCommandDatabase,
  isProcessAlive,
  type CommandDatabase,
  type RunningPostgres,
} from './embedded-postgres.ts'
/** The embedded Postgres's port: chosen free, recorded in the data folder, found by every command. */
export {
  anyFreePort,
  chooseEmbeddedPgPort,
  DEFAULT_EMBEDDED_PG_PORT,
  isPortFree,
  PORT_RECORD_FILE,
  recordedPgPort,
  runningPostmaster,
  type PgPortChoice,
} from './embedded-port.ts'
/** Private folders (0700) and files (0600) whatever the umask: the embedded data folder, the backups. */
export {
  PRIVATE_FILE_MODE,
  PRIVATE_FOLDER_MODE,
  ensurePrivateFolder,
  writePrivateFile,
} from './private-files.ts'
/** The client's address behind the reverse proxies the portal trusts (TRUST_PROXY, TRUSTED_PROXIES). */
export { clientAddressOf } from './client-address.ts'
/** Typed application errors (a 429 always with its wait) and the API error body and headers. */
export {
  AppError,
  tooManyRequests,
  errorHeaders,
  isAppError,
  isDatabaseUnavailable,
  errorBody,
  errorStatus,
  type ErrorBody,
  type ErrorCode,
} from './errors.ts'
/** Runs a function inside one transaction on a pool (begin, commit, rollback on error). */
export { inTransaction } from './transaction.ts'
/** CSV text as rows of cells, comma or semicolon separated. */
export { csvRows } from './csv.ts'
/** One holder at a time across instances: a Postgres advisory lock on a named key. */
export { whenUnlocked, type LockedRun } from './advisory-lock.ts'
/** Escaped HTML built in code: the `html` tag, `escapeHtml`. */
export { SafeHtml, escapeHtml, html, rawHtml } from './html.ts'
export { addPeriods, type PeriodInterval } from './periods.ts'
/** The rate-limiter factory: counters in Postgres shared by every instance. */
export {
  COUNTED_ONLY,
  RATE_LIMIT_TABLE,
  createLimiter,
  type Counted,
  type LimitRule,
  type Limiter,
} from './rate-limits.ts'
/** The in-memory caches (lru-cache: max entries, time limit, shared loads), their relay between instances, their hits and misses. */
export {
  CACHE_CHANNEL,
  cacheFigures,
  createCache,
  startCacheRelay,
  type Cache,
  type CacheFigures,
  type CacheOptions,
  type TransactionNotify,
} from './cache.ts'
/** Messages between instances through Postgres LISTEN/NOTIFY. */
export { listenOnChannel, notifyChannel, type ChannelListener } from './channels.ts'
/** Security headers, Content-Security-Policies and the cross-origin (CSRF) check. */
export {
  CSP_REPORT_PATH,
  adminPolicy,
  commonSecurityHeaders,
  isCrossOriginWrite,
  isTlsRequest,
  isUploadedFilePath,
  sitePolicy,
  trustedOrigins,
  uploadedFileHeaders,
  withSecurityPolicy,
  NON_PAGE_POLICY,
} from './security.ts'
/** PDF documents laid out by pdfmake, set up once (standard Helvetica, no network or disk access); text whose long words wrap. */
export { renderPdfDocument, wrappingText, PDF_FONT } from './pdf.ts'
/** Work off the event loop: one worker thread per runner, a bounded queue. */
export { createWorkerRunner, WorkerBusyError, type WorkerRunner } from './worker-runner.ts'
/** The browsers' CSP violation reports: logged, the latest kept. */
export { createCspReportLog, type CspViolation } from './csp-reports.ts'
/** The test tools' reach: loopback checks, a request from this computer only, the decision for a /dev request, the warning for a wide listen address. */
export {
  DEV_PREFIX,
  devToolAccess,
  exposureWarning,
  isCrossOriginPost,
  isDevPath,
  isLocalRequest,
  selfUrl,
  type DevAccess,
  type DevRequest,
} from './local-access.ts'
export { isLoopbackAddress, isLoopbackHost } from './loopback.ts'
/** Request body limits: the limit of each route, refused by Content-Length or by counting (413). */
export {
  BODY_LIMITS,
  CMS_UPLOAD_MAX_BYTES,
  LimitedRequest,
  PROFILE_PICTURE_MAX_BYTES,
  bodyLimitOf,
  refuseOversizedBody,
  type BodyLimit,
} from './request-limits.ts'
/** The NUL byte guard: the path segment, query parameter or body field holding U+0000 (400). */
export {
  decodedComponent,
  isCheckedBody,
  nullByteError,
  nullByteInBody,
  nullByteInJson,
  nullByteInParams,
  nullByteInPath,
  nullByteInRequest,
  nullByteInUrl,
  nullByteResponse,
  refusingNullBytes,
} from './null-bytes.ts'
