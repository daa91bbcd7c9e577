/**
 * The portal's metrics on one prom-client registry (made by the server and
 * passed in): a histogram of the requests by route group and status class,
 * observed once per request, and the figures other modules expose, read by
 * collect callbacks at each scrape. A figure that cannot be read (the database
 * is down) is NaN in that scrape (labelled families have no samples), so no
 * threshold compares true on it, and `bancadati_metrics_source_up` is 0.
 */
import type { Logger } from 'pino'
import { Counter, Gauge, Histogram, collectDefaultMetrics, type Registry } from 'prom-client'
import type { CacheFigures } from '../platform/index.ts'
import { routeGroupOf, ROUTE_GROUPS, type RouteGroup } from './route-group.ts'

/** The connection pool's figures, as pg's Pool has them. */
export type PoolFigures = {
  totalCount: number
  idleCount: number
  waitingCount: number
  options: { max?: number }
}

/** One search answered by an engine (modules/search `onSearchTimed`). */
export type SearchTiming = { engine: string; kind: string; seconds: number; failed: boolean }

/** What the metrics read from the other modules; the server builds it from their indexes (`portalSources`). */
export type MetricsSources = {
  pool: PoolFigures
  jobQueue: () => Promise<{ due: number; scheduled: number; running: number; failed: number }>
  outbox: () => Promise<{ pending: number; failed: number; oldestPendingSeconds: number }>
  webhookLag: () => Promise<{ lagSeconds: number; sinceLastSeconds: number } | undefined>
  webhookCounts: () => Record<'processed' | 'duplicate' | 'ignored' | 'failed', number>
  signedInUsers: () => Promise<number>
  /** The in-memory caches' hits and misses (the page cache among them). */
  caches: () => CacheFigures[]
  /** Registers a listener told of each search an engine answered; returns its removal. */
  onSearchTimed: (listener: (search: SearchTiming) => void) => () => void
}

export type PortalMetrics = {
  /** Records one answered request: one histogram observation. */
  observeRequest(pathname: string, status: number, seconds: number): void
  /** The metrics in Prometheus's text format. */
  text(): Promise<string>
  /** The Content-Type of `text()`. */
  contentType: string
  /** Stops listening to the modules (the server stops). */
  close(): void
}

const PREFIX = 'bancadati_'

/** Request durations in seconds: from a page out of the cache to a slow report. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Search durations in seconds. */
const SEARCH_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const

/** A source's reading at one scrape: its value, or `ok: false` when it could not be read. */
type Reading<T> = { ok: true; value: T } | { ok: false }

/** Creates the portal's metrics on `registry`. */
export function createMetrics(options: {
  registry: Registry
  sources: MetricsSources
  logger: Logger
}): PortalMetrics {
  const { registry, sources, logger } = options
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: PREFIX })

  // The sources read at scrape time. The registry runs every family's collect at once: the families
  // of one source share its reading in flight, so a scrape reads each source once.
  const loads = {
    jobs: sources.jobQueue,
    outbox: sources.outbox,
    webhooks: sources.webhookLag,
    sessions: sources.signedInUsers,
  }
  type Source = keyof typeof loads
  type Value<S extends Source> = Awaited<ReturnType<(typeof loads)[S]>>
  const inFlight = new Map<Source, Promise<Reading<unknown>>>()
  function read<S extends Source>(source: S): Promise<Reading<Value<S>>> {
    let reading = inFlight.get(source)
    if (!reading) {
      reading = loads[source]()
        .then((value): Reading<unknown> => ({ ok: true, value }))
        .catch((error: unknown): Reading<unknown> => {
          logger.warn({ err: error, source }, 'Metrica non disponibile')
          return { ok: false }
        })
        .finally(() => inFlight.delete(source))
      inFlight.set(source, reading)
    }
    return reading as Promise<Reading<Value<S>>>
  }
  /** A gauge without labels whose value comes from one source's reading (NaN when it could not be read). */
  function sourceGauge<S extends Source>(
    name: string,
    help: string,
    source: S,
    value: (reading: Value<S>) => number | undefined,
  ): void {
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      async collect() {
        const reading = await read(source)
        this.set((reading.ok ? value(reading.value) : undefined) ?? Number.NaN)
      },
    })
  }

  new Gauge({
    name: `${PREFIX}metrics_source_up`,
    help: 'Whether a figure could be read at this scrape (1) or not (0: its gauges are NaN)',
    labelNames: ['source'],
    registers,
    async collect() {
      const sourceNames = Object.keys(loads) as Source[]
      const readings = await Promise.all(sourceNames.map((source) => read(source)))
      sourceNames.forEach((source, index) => this.set({ source }, readings[index]?.ok ? 1 : 0))
    },
  })

  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Requests answered, by route group and status class, and their duration',
    labelNames: ['group', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  })
  // The labelled series of each group and status class, looked up without building label strings per request.
  const series = new Map<string, Histogram.Internal<'group' | 'status'>>()
  for (const group of ROUTE_GROUPS)
    for (const status of STATUS_CLASSES) series.set(`${group}${status}`, requests.labels({ group, status }))

  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database pool connections: open (total), idle, and requests waiting for one (waiting)',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, sources.pool.totalCount)
      this.set({ state: 'idle' }, sources.pool.idleCount)
      this.set({ state: 'waiting' }, sources.pool.waitingCount)
    },
  })
  new Gauge({
    name: `${PREFIX}db_pool_max_connections`,
    help: 'The most connections the database pool opens',
    registers,
    collect() {
      this.set(sources.pool.options.max ?? 10)
    },
  })

  new Gauge({
    name: `${PREFIX}job_queue_depth`,
    help: 'Jobs in the queue: due and waiting for the runner, scheduled for later, running',
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset()
      const reading = await read('jobs')
      if (!reading.ok) return
      this.set({ state: 'due' }, reading.value.due)
      this.set({ state: 'scheduled' }, reading.value.scheduled)
      this.set({ state: 'running' }, reading.value.running)
    },
  })
  sourceGauge(
    'job_queue_failed',
    'Jobs given up on (failed with no retry left), kept in the queue for operators',
    'jobs',
    (jobs) => jobs.failed,
  )

  sourceGauge(
    'mail_outbox_pending',
    'Mails waiting in the outbox to be sent (the backlog)',
    'outbox',
    (outbox) => outbox.pending,
  )
  sourceGauge('mail_outbox_failed', 'Mails the sender gave up on', 'outbox', (outbox) => outbox.failed)
  sourceGauge(
    'mail_outbox_oldest_pending_seconds',
    'How long the oldest mail waiting in the outbox has waited (0: none waiting)',
    'outbox',
    (outbox) => outbox.oldestPendingSeconds,
  )

  sourceGauge(
    'stripe_webhook_lag_seconds',
    'The newest processed Stripe event: seconds from its creation at Stripe to its processing here (NaN before any)',
    'webhooks',
    (lag) => lag?.lagSeconds,
  )
  sourceGauge(
    'stripe_webhook_since_last_seconds',
    'Seconds since the newest Stripe event was processed (NaN before any)',
    'webhooks',
    (lag) => lag?.sinceLastSeconds,
  )
  new Counter({
    name: `${PREFIX}stripe_webhooks_total`,
    help: 'Stripe webhook deliveries answered by this process, by outcome (failed: bad signature or handling error)',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset()
      for (const [outcome, count] of Object.entries(sources.webhookCounts())) this.inc({ outcome }, count)
    },
  })

  const searches = new Histogram({
    name: `${PREFIX}search_duration_seconds`,
    help: 'Searches answered by the engine (not from the result cache), by engine, kind and outcome',
    labelNames: ['engine', 'kind', 'outcome'],
    buckets: SEARCH_BUCKETS,
    registers,
  })
  const stopSearches = sources.onSearchTimed((search) =>
    searches.observe(
      { engine: search.engine, kind: search.kind, outcome: search.failed ? 'error' : 'ok' },
      search.seconds,
    ),
  )

  new Gauge({
    name: `${PREFIX}cache_entries`,
    help: 'Entries kept by each in-memory cache',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset()
      for (const cache of sources.caches()) this.set({ cache: cache.name }, cache.size)
    },
  })
  new Counter({
    name: `${PREFIX}cache_requests_total`,
    help: 'Reads of each in-memory cache: answered from memory (hit) or loaded (miss); hit ratio = hit / all',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      this.reset()
      for (const cache of sources.caches()) {
        this.inc({ cache: cache.name, result: 'hit' }, cache.hits)
        this.inc({ cache: cache.name, result: 'miss' }, cache.misses)
      }
    },
  })

  sourceGauge(
    'signed_in_users',
    'Subscribers with at least one live session (counted at most once a minute)',
    'sessions',
    (users) => users,
  )

  return {
    observeRequest(pathname, status, seconds) {
      const group: RouteGroup = routeGroupOf(pathname)
      const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? '5xx'
      series.get(`${group}${statusClass}`)?.observe(seconds)
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
    close: stopSearches,
  }
}
