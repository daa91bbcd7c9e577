/**
 * Two instances of the portal on one Postgres, as behind a load balancer:
 * what one instance publishes empties the other's page and search caches at
 * once, a scheduled job runs once, and a session made on one is valid on the
 * other. The first instance runs the embedded Postgres; the second is a
 * production instance pointed at it.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookiesOf, DEMO_PASSWORD, PERSONAS, startPortal, type Portal } from './portal.ts'

/** Both instances look for due jobs every 2 s and plan a reconciliation every 4 s (instead of nightly). */
const JOBS = { JOBS_CRON: '*/2 * * * * *', RECONCILIATION_CRON: '*/4 * * * * *', LOG_LEVEL: 'info' }
const RECONCILED = /Riconciliazione con Stripe completata/

let a: Portal
let b: Portal

beforeAll(async () => {
  a = await startPortal(JOBS, { watch: RECONCILED })
  b = await startPortal(JOBS, { sharing: a, watch: RECONCILED })
}, 240_000)

afterAll(async () => {
  await b?.stop()
  await a?.stop()
})

/** Asks `ask` again every 100 ms until it is true; false after `ms`. */
async function within(ms: number, ask: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await ask()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('two instances on one database', () => {
  it('empties the other instance’s page and search caches within 2 s of a publish', async () => {
    const word = `quokka${Date.now().toString(36)}`
    const title = `Rinnovo del contratto ${word}`
    const searchB = async () =>
      (await (await b.fetch(`/api/v1/notizie/ricerca/${word}`)).text()).includes(title)
    const pageB = async () => (await (await b.fetch('/bancadati/quotidiano')).text()).includes(title)
    const homeB = async () => (await (await b.fetch('/api/v1/notizie/homepage')).text()).includes(title)
    // B has the page, the feed's list and the search answer in its caches, without the item.
    for (let round = 0; round < 2; round += 1) {
      expect(await searchB()).toBe(false)
      expect(await pageB()).toBe(false)
      expect(await homeB()).toBe(false)
    }

    const login = await a.fetch('/cms/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'redazione@demo.local', password: DEMO_PASSWORD }),
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const published = await a.fetch('/cms/api/news', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({
        title,
        type: 'news',
        date: new Date().toISOString(),
        html: `<p>Firmato il rinnovo ${word} del contratto collettivo.</p>`,
        _status: 'published',
      }),
    })
    expect(published.status, await published.clone().text()).toBe(201)
    const publishedAt = Date.now()

    expect(await within(2_000, searchB), 'ricerca di B').toBe(true)
    expect(await within(2_000 - (Date.now() - publishedAt), pageB), 'pagina di B').toBe(true)
    expect(await homeB(), 'elenco delle notizie di B').toBe(true)
  })

  it('accepts on one instance the session made on the other', async () => {
    const signIn = await a.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PERSONAS.premium, password: DEMO_PASSWORD }),
    })
    expect(signIn.status).toBe(200)
    const cookie = cookiesOf(signIn)
    const session = await b.fetch('/api/auth/get-session', { cookie })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(
      PERSONAS.premium,
    )
    // Signed out on B: A no longer knows the session either.
    const signOut = await b.fetch('/api/auth/sign-out', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(signOut.status).toBe(200)
    expect(
      await within(6_000, async () => {
        const body = (await (await a.fetch('/api/auth/get-session', { cookie })).json()) as {
          user?: unknown
        } | null
        return !body?.user
      }),
    ).toBe(true)
  })

  it('runs each scheduled job once, though both instances run the jobs queue', async () => {
    const database = new pg.Client({ connectionString: a.databaseUrl })
    await database.connect()
    try {
      // Two instances checking the queue in the same second must not both plan the next run.
      let mostWaiting = 0
      const deadline = Date.now() + 20_000
      while (Date.now() < deadline) {
        const { rows } = await database.query<{ waiting: number }>(
          `select count(*)::int as waiting from payload_jobs
            where task_slug = 'stripeReconciliation' and completed_at is null and not has_error`,
        )
        mostWaiting = Math.max(mostWaiting, rows[0]?.waiting ?? 0)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(mostWaiting).toBeLessThanOrEqual(1)
    } finally {
      await database.end()
    }
    // Every planned time ran once, in one instance or the other.
    const planned = [...a.watched(), ...b.watched()].map(
      (line) => (JSON.parse(line) as { scheduledFor?: string }).scheduledFor,
    )
    expect(planned.length).toBeGreaterThanOrEqual(2)
    expect(new Set(planned).size).toBe(planned.length)
  }, 60_000)
})
