/**
 * /metrics on the running portal: Prometheus's text format with every family
 * of the portal's figures (requests by route group, database pool, jobs queue,
 * outbox, webhooks, search, caches, signed-in subscribers), answered to this
 * computer and to a scraper with METRICS_TOKEN, refused (403) to another
 * computer without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAS, newSubscriber, startPortal, type Portal } from './portal.ts'

const TOKEN = 'metrics-token-for-tests-0123456789'
/** A client on another computer, as a reverse proxy on this one reports it. */
const REMOTE = { 'x-forwarded-for': '203.0.113.9' }

let portal: Portal

beforeAll(async () => {
  portal = await startPortal({ METRICS_TOKEN: TOKEN })
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

/** The samples of the text format: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    found.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return found
}

async function scrape(): Promise<Map<string, number>> {
  const response = await portal.fetch('/metrics')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4')
  return samples(await response.text())
}

describe('/metrics', { timeout: 120_000 }, () => {
  it('answers every family with the portal’s figures', async () => {
    await portal.signIn(PERSONAS.premium)
    await newSubscriber(portal, 'premium_monthly', 'metriche@example.it')
    for (let i = 0; i < 2; i += 1) expect((await portal.fetch('/')).status).toBe(200)
    expect((await portal.fetch('/api/v1/notizie/ricerca/retribuzione')).status).toBe(200)

    const figures = await scrape()
    const value = (name: string) => {
      expect(figures.has(name), name).toBe(true)
      return figures.get(name) ?? Number.NaN
    }
    expect(
      value('bancadati_http_request_duration_seconds_count{group="pages",status="2xx"}'),
    ).toBeGreaterThanOrEqual(2)
    expect(
      value('bancadati_http_request_duration_seconds_count{group="api",status="2xx"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(
      value('bancadati_http_request_duration_seconds_count{group="auth",status="2xx"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(value('bancadati_db_pool_connections{state="total"}')).toBeGreaterThan(0)
    expect(value('bancadati_db_pool_max_connections')).toBe(20)
    for (const state of ['due', 'scheduled', 'running'])
      expect(value(`bancadati_job_queue_depth{state="${state}"}`)).toBeGreaterThanOrEqual(0)
    expect(value('bancadati_job_queue_failed')).toBe(0)
    expect(value('bancadati_mail_outbox_pending')).toBeGreaterThanOrEqual(0)
    expect(value('bancadati_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0)
    expect(value('bancadati_mail_outbox_failed')).toBe(0)
    // The purchase's events came through the emulator's signed webhooks.
    expect(value('bancadati_stripe_webhook_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect(value('bancadati_stripe_webhook_since_last_seconds')).toBeLessThan(120)
    expect(value('bancadati_stripe_webhooks_total{outcome="processed"}')).toBeGreaterThan(0)
    expect(value('bancadati_stripe_webhooks_total{outcome="failed"}')).toBe(0)
    expect(
      value('bancadati_search_duration_seconds_count{engine="postgres",kind="news",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(value('bancadati_cache_requests_total{cache="pages",result="hit"}')).toBeGreaterThanOrEqual(1)
    expect(value('bancadati_cache_requests_total{cache="search",result="miss"}')).toBeGreaterThanOrEqual(1)
    expect(value('bancadati_signed_in_users')).toBeGreaterThanOrEqual(2)
    for (const source of ['jobs', 'outbox', 'webhooks', 'sessions'])
      expect(value(`bancadati_metrics_source_up{source="${source}"}`)).toBe(1)
    // Route groups only: no address of a page or a call becomes a label.
    expect([...figures.keys()].some((name) => name.includes('/api/v1') || name.includes('ricerca'))).toBe(
      false,
    )
  })

  it('refuses another computer without the token and answers it with the token', async () => {
    const refused = await portal.fetch('/metrics', { headers: REMOTE })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: {
        code: 'forbidden',
        message:
          'Le metriche (/metrics) rispondono solo a questo computer o a chi presenta il token METRICS_TOKEN (intestazione Authorization: Bearer).',
      },
    })
    const wrong = await portal.fetch('/metrics', {
      headers: { ...REMOTE, authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    })
    expect(wrong.status).toBe(403)
    const allowed = await portal.fetch('/metrics', {
      headers: { ...REMOTE, authorization: `Bearer ${TOKEN}` },
    })
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain('# TYPE bancadati_http_request_duration_seconds histogram')
  })
})
