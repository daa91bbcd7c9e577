import { pino } from 'pino'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { createMetrics, type MetricsSources, type SearchTiming } from './metrics.ts'

const logger = pino({ level: 'silent' })

/** Sources with fixed figures; `overrides` replaces some. */
function sources(overrides: Partial<MetricsSources> = {}) {
  const searchListeners = new Set<(search: SearchTiming) => void>()
  const base: MetricsSources = {
    pool: { totalCount: 7, idleCount: 4, waitingCount: 2, options: { max: 20 } },
    jobQueue: async () => ({ due: 3, scheduled: 2, running: 1, failed: 4 }),
    outbox: async () => ({ pending: 12, failed: 1, oldestPendingSeconds: 95.5 }),
    webhookLag: async () => ({ lagSeconds: 2.5, sinceLastSeconds: 40 }),
    webhookCounts: () => ({ processed: 9, duplicate: 1, ignored: 3, failed: 2 }),
    signedInUsers: async () => 42,
    caches: () => [
      { name: 'search', hits: 30, misses: 10, size: 8 },
      { name: 'pages', hits: 5, misses: 5, size: 3 },
    ],
    onSearchTimed: (listener) => {
      searchListeners.add(listener)
      return () => searchListeners.delete(listener)
    },
  }
  const tell = (search: SearchTiming) => {
    for (const listener of searchListeners) listener(search)
  }
  return { sources: { ...base, ...overrides }, tell, listening: () => searchListeners.size }
}

/** The value of one sample line (`name{labels} value`) of the text format. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

describe('the portal metrics', () => {
  it('answer every family with the modules’ figures at scrape time', async () => {
    const { sources: figures, tell } = sources()
    const metrics = createMetrics({ registry: new Registry(), sources: figures, logger })
    metrics.observeRequest('/api/v1/notifications', 200, 0.03)
    metrics.observeRequest('/api/v1/notifications', 503, 0.2)
    metrics.observeRequest('/prodotti', 200, 0.004)
    tell({ engine: 'postgres', kind: 'news', seconds: 0.012, failed: false })

    const text = await metrics.text()
    expect(metrics.contentType).toContain('text/plain')
    expect(sample(text, 'bancadati_http_request_duration_seconds_count{group="api",status="2xx"}')).toBe(1)
    expect(sample(text, 'bancadati_http_request_duration_seconds_count{group="api",status="5xx"}')).toBe(1)
    expect(sample(text, 'bancadati_http_request_duration_seconds_count{group="pages",status="2xx"}')).toBe(1)
    expect(
      sample(text, 'bancadati_http_request_duration_seconds_bucket{le="0.005",group="pages",status="2xx"}'),
    ).toBe(1)
    expect(sample(text, 'bancadati_db_pool_connections{state="total"}')).toBe(7)
    expect(sample(text, 'bancadati_db_pool_connections{state="idle"}')).toBe(4)
    expect(sample(text, 'bancadati_db_pool_connections{state="waiting"}')).toBe(2)
    expect(sample(text, 'bancadati_db_pool_max_connections')).toBe(20)
    expect(sample(text, 'bancadati_job_queue_depth{state="due"}')).toBe(3)
    expect(sample(text, 'bancadati_job_queue_depth{state="scheduled"}')).toBe(2)
    expect(sample(text, 'bancadati_job_queue_depth{state="running"}')).toBe(1)
    expect(sample(text, 'bancadati_job_queue_failed')).toBe(4)
    expect(sample(text, 'bancadati_mail_outbox_pending')).toBe(12)
    expect(sample(text, 'bancadati_mail_outbox_failed')).toBe(1)
    expect(sample(text, 'bancadati_mail_outbox_oldest_pending_seconds')).toBe(95.5)
    expect(sample(text, 'bancadati_stripe_webhook_lag_seconds')).toBe(2.5)
    expect(sample(text, 'bancadati_stripe_webhook_since_last_seconds')).toBe(40)
    expect(sample(text, 'bancadati_stripe_webhooks_total{outcome="failed"}')).toBe(2)
    expect(sample(text, 'bancadati_stripe_webhooks_total{outcome="processed"}')).toBe(9)
    expect(
      sample(text, 'bancadati_search_duration_seconds_count{engine="postgres",kind="news",outcome="ok"}'),
    ).toBe(1)
    expect(sample(text, 'bancadati_cache_requests_total{cache="search",result="hit"}')).toBe(30)
    expect(sample(text, 'bancadati_cache_requests_total{cache="pages",result="miss"}')).toBe(5)
    expect(sample(text, 'bancadati_cache_entries{cache="search"}')).toBe(8)
    expect(sample(text, 'bancadati_signed_in_users')).toBe(42)
    expect(sample(text, 'bancadati_metrics_source_up{source="outbox"}')).toBe(1)
    expect(text).toContain('bancadati_process_resident_memory_bytes')
  })

  it('count requests by group and status class only, whatever the address', async () => {
    const metrics = createMetrics({ registry: new Registry(), sources: sources().sources, logger })
    for (let i = 0; i < 50; i += 1) metrics.observeRequest(`/bancadati/ccnl/${i}`, 404, 0.01)
    const text = await metrics.text()
    expect(sample(text, 'bancadati_http_request_duration_seconds_count{group="pages",status="4xx"}')).toBe(50)
    expect(text).not.toContain('/bancadati/ccnl/')
  })

  it('answer NaN for a figure that cannot be read, say so, and answer the others', async () => {
    let down = true
    const { sources: figures } = sources({
      outbox: async () => {
        if (down) throw new Error('connect ECONNREFUSED')
        return { pending: 1, failed: 0, oldestPendingSeconds: 3 }
      },
    })
    const metrics = createMetrics({ registry: new Registry(), sources: figures, logger })
    const failing = await metrics.text()
    expect(sample(failing, 'bancadati_metrics_source_up{source="outbox"}')).toBe(0)
    expect(sample(failing, 'bancadati_mail_outbox_pending')).toBeNaN()
    expect(sample(failing, 'bancadati_mail_outbox_oldest_pending_seconds')).toBeNaN()
    expect(sample(failing, 'bancadati_signed_in_users')).toBe(42)

    down = false
    const recovered = await metrics.text()
    expect(sample(recovered, 'bancadati_metrics_source_up{source="outbox"}')).toBe(1)
    expect(sample(recovered, 'bancadati_mail_outbox_pending')).toBe(1)
  })

  it('answer an unknown webhook lag before any event, and stop listening to searches when closed', async () => {
    const fake = sources({ webhookLag: async () => undefined })
    const metrics = createMetrics({ registry: new Registry(), sources: fake.sources, logger })
    const text = await metrics.text()
    expect(sample(text, 'bancadati_stripe_webhook_lag_seconds')).toBeNaN()
    expect(fake.listening()).toBe(1)
    metrics.close()
    expect(fake.listening()).toBe(0)
  })
})
