import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  anyFreePort,
  chooseEmbeddedPgPort,
  isPortFree,
  PORT_RECORD_FILE,
  recordedPgPort,
  recordPgPort,
  runningPostmaster,
} from './embedded-port.ts'
import { parseEnv } from './env.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pg-port-test-'))

const servers: Server[] = []

/** Something else listening on a loopback port. */
function occupy(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      servers.push(server)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
}

/** A postmaster.pid as PostgreSQL writes it, for a process that exists (this one) and a port. */
function writePostmasterPid(dir: string, port: number, pid = process.pid): void {
  mkdirSync(path.join(dir, 'postgres'), { recursive: true })
  const lines = [String(pid), path.join(dir, 'postgres'), '1764200000', String(port), '', '127.0.0.1', '']
  writeFileSync(path.join(dir, 'postgres', 'postmaster.pid'), lines.join('\n'))
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
  )
})

describe('the embedded Postgres port', () => {
  it('takes the preferred port when it is free', async () => {
    const preferred = await anyFreePort()
    expect(await isPortFree(preferred)).toBe(true)
    expect(await chooseEmbeddedPgPort({ dataDir: dataDir(), preferred })).toEqual({
      port: preferred,
      source: 'preferred',
    })
  })

  it('takes another free port when the preferred one is busy', async () => {
    const busy = await occupy()
    expect(await isPortFree(busy)).toBe(false)
    const choice = await chooseEmbeddedPgPort({ dataDir: dataDir(), preferred: busy })
    expect(choice.source).toBe('free')
    expect(choice.port).not.toBe(busy)
    expect(await isPortFree(choice.port)).toBe(true)
  })

  it('adopts the port of the database already running on the data folder, busy as it is', async () => {
    const dir = dataDir()
    const running = await occupy()
    writePostmasterPid(dir, running)
    expect(runningPostmaster(dir)).toEqual({ pid: process.pid, port: running })
    expect(await chooseEmbeddedPgPort({ dataDir: dir, preferred: 14321 })).toEqual({
      port: running,
      source: 'running',
    })
  })

  it('ignores the pid file of a database that is gone', async () => {
    const dir = dataDir()
    // Process ids are below 2^22 on Linux: this one does not exist.
    writePostmasterPid(dir, 5999, 2 ** 22 + 17)
    expect(runningPostmaster(dir)).toBeUndefined()
  })

  it('does not derive the port from PORT: PORT=60000 gives a valid port', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), PORT: '60000' })
    expect(env.embeddedPgPort).toBe(14321)
    expect(env.databaseUrl).toMatch(/@127\.0\.0\.1:14321\/bancadati$/)
  })

  it('reads the port recorded in the data folder, for every command whatever its PORT', () => {
    const dir = dataDir()
    expect(recordedPgPort(dir)).toBeUndefined()
    recordPgPort(dir, 47123)
    expect(recordedPgPort(dir)).toBe(47123)
    for (const port of ['4321', '60000', '8080']) {
      const env = parseEnv({ DATA_DIR: dir, PORT: port })
      expect(env.embeddedPgPort).toBe(47123)
      expect(env.databaseUrl).toMatch(/@127\.0\.0\.1:47123\/bancadati$/)
    }
    // EMBEDDED_PG_PORT, when given, is the preferred port.
    expect(parseEnv({ DATA_DIR: dir, EMBEDDED_PG_PORT: '5544' }).embeddedPgPort).toBe(5544)
  })

  it('treats a damaged record as none', () => {
    const dir = dataDir()
    writeFileSync(path.join(dir, PORT_RECORD_FILE), '{"port": 99999}')
    expect(recordedPgPort(dir)).toBeUndefined()
    writeFileSync(path.join(dir, PORT_RECORD_FILE), 'non json')
    expect(parseEnv({ DATA_DIR: dir }).embeddedPgPort).toBe(14321)
  })
})

describe('settleEnv', () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  })

  /** The env module afresh (its settings are kept once per process). */
  const freshEnv = async () => {
    vi.resetModules()
    return import('./env.ts')
  }

  it('moves a command off a busy recorded port and tells its child processes', async () => {
    const dir = dataDir()
    const busy = await occupy()
    recordPgPort(dir, busy)
    delete process.env.DATABASE_URL
    delete process.env.EMBEDDED_PG_PORT
    Object.assign(process.env, { DATA_DIR: dir, PORT: '60000' })
    const { settleEnv, getEnv } = await freshEnv()
    const env = await settleEnv()
    expect(env.embeddedPgPort).not.toBe(busy)
    expect(process.env.EMBEDDED_PG_PORT).toBe(String(env.embeddedPgPort))
    expect(getEnv()).toBe(env)
  })

  it('finds the running database of the data folder whatever PORT and EMBEDDED_PG_PORT say', async () => {
    const dir = dataDir()
    const running = await occupy()
    writePostmasterPid(dir, running)
    delete process.env.DATABASE_URL
    Object.assign(process.env, { DATA_DIR: dir, PORT: '4999', EMBEDDED_PG_PORT: '14321' })
    const { settleEnv } = await freshEnv()
    const env = await settleEnv()
    expect(env.embeddedPgPort).toBe(running)
    expect(env.databaseUrl).toContain(`@127.0.0.1:${running}/bancadati`)
  })
  it('names the port the database finally started on when it had to move (the settled one was taken meanwhile)', async () => {
    const dir = dataDir()
    delete process.env.DATABASE_URL
    delete process.env.EMBEDDED_PG_PORT
    Object.assign(process.env, { DATA_DIR: dir })
    const { adoptEmbeddedPgPort, getEnv, settleEnv } = await freshEnv()
    const settled = await settleEnv()
    const moved = settled.embeddedPgPort === 47555 ? 47556 : 47555
    adoptEmbeddedPgPort(moved)
    expect(getEnv().embeddedPgPort).toBe(moved)
    expect(getEnv().databaseUrl).toContain(`@127.0.0.1:${moved}/bancadati`)
    expect(process.env.EMBEDDED_PG_PORT).toBe(String(moved))
  })
})
