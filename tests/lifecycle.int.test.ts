/**
 * The portal as an operator runs it: `node scripts/start.ts` on a fresh data
 * directory, probes, clean stop on signals, restart after SIGKILL, and a bad
 * configuration refused with one message.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'bancadati-lifecycle-'))

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

function serverEnv(port: number, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const { DATABASE_URL: _url, PAYLOAD_SECRET: _secret, NODE_ENV: _mode, ...inherited } = process.env
  return {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  }
}

type Started = { child: ChildProcess; output: () => string; base: string }

async function start(port: number): Promise<Started> {
  let output = ''
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: serverEnv(port) as NodeJS.ProcessEnv,
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Il server è terminato durante l'avvio:\n${output}`)
    try {
      const response = await fetch(`${base}/readyz`)
      if (response.status === 200) return { child, output: () => output, base }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`Il server non è diventato pronto:\n${output}`)
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')

afterAll(() => {
  if (existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
    try {
      process.kill(pid, 'SIGINT')
    } catch {
      // already stopped
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
})

describe('server lifecycle', { timeout: 240_000 }, () => {
  it('starts on a fresh data directory, answers its probes and stops cleanly on SIGTERM', async () => {
    const port = await freePort()
    const server = await start(port)
    expect(server.output()).toContain(`:${port}/admin`)
    expect(server.output()).toContain('/api/docs')

    const health = await fetch(`${server.base}/healthz`)
    expect(health.status).toBe(200)
    const ready = await fetch(`${server.base}/readyz`)
    expect(await ready.json()).toEqual({
      ready: true,
      database: 'ok',
      migrations: 'ok',
      jobRunner: 'ok',
      down: [],
    })

    const page = await fetch(`${server.base}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const admin = await fetch(`${server.base}/admin/login`)
    expect(admin.status).toBe(200)
    const openapi = await fetch(`${server.base}/api/v1/openapi.json`)
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0')
    const docs = await fetch(`${server.base}/api/docs`)
    const docsHtml = await docs.text()
    expect(docsHtml).toContain('/vendor/scalar-api-reference.js')
    expect(docsHtml).not.toMatch(/https?:\/\/cdn\./)
    expect((await fetch(`${server.base}/vendor/scalar-api-reference.js`)).status).toBe(200)
    const missing = await fetch(`${server.base}/pagina-che-non-esiste`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('La pagina che hai cercato non esiste!')

    server.child.kill('SIGTERM')
    expect(await exited(server.child)).toBe(0)
    expect(existsSync(pidFile)).toBe(false)
  })

  it('restarts after SIGKILL and reports 503 when the database is gone', async () => {
    const port = await freePort()
    const first = await start(port)
    first.child.kill('SIGKILL')
    await exited(first.child)
    // The Postgres of the killed process is still running and holds the data directory.
    expect(existsSync(pidFile)).toBe(true)

    const second = await start(port)
    expect((await fetch(`${second.base}/readyz`)).status).toBe(200)

    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
    process.kill(pid, 'SIGKILL')
    let status = 0
    for (let attempt = 0; attempt < 50 && status !== 503; attempt += 1) {
      status = await fetch(`${second.base}/readyz`).then(
        (response) => response.status,
        (error: unknown) => {
          throw new Error(`Il server non risponde più dopo la fine di Postgres:\n${second.output()}`, {
            cause: error,
          })
        },
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toBe(503)
    expect((await fetch(`${second.base}/healthz`)).status).toBe(200)

    second.child.kill('SIGINT')
    expect(await exited(second.child)).toBe(0)
  })

  it('refuses a bad configuration with one message naming every bad key', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: serverEnv(1, { PORT: 'abc', LOG_LEVEL: 'rumoroso' }) as NodeJS.ProcessEnv,
      encoding: 'utf8',
    })
    expect(result.status).toBe(78)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Configurazione non valida: .*PORT.*LOG_LEVEL/)
  })
})
