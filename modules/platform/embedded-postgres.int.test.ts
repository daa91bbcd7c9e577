/**
 * Two portals started at the same moment (issue 31, point 17): each found the
 * preferred port free and both started Postgres on it; the second could not
 * bind and crashed with 'la porta potrebbe essere occupata'. Now a start that
 * cannot bind tries again on another free port and records the one it used.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { anyFreePort, recordedPgPort } from './embedded-port.ts'
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts'

const started: RunningPostgres[] = []
const folders: string[] = []

afterAll(async () => {
  await Promise.all(started.map((postgres) => postgres.stop()))
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one
  } finally {
    await client.end()
  }
}

describe('two embedded databases started at the same moment on the same preferred port', () => {
  it('both start: one on the preferred port, the other on another free one, each recorded in its folder', async () => {
    const preferred = await anyFreePort()
    const options = (dataDir: string) => ({
      dataDir,
      port: preferred,
      password: 'gara-di-porte',
      database: 'bancadati',
      logger: pino({ level: 'silent' }),
      ephemeral: true,
    })
    const dirs = [0, 1].map(() => {
      const root = mkdtempSync(path.join(tmpdir(), 'pg-gara-'))
      // Run as root, Postgres runs as its own user, which must reach the data folder.
      chmodSync(root, 0o711)
      folders.push(root)
      return path.join(root, 'dati')
    })
    const results = await Promise.allSettled(dirs.map((dir) => startEmbeddedPostgres(options(dir))))
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value)
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
    ])
    const ports = started.map((postgres) => postgres.port)
    expect(ports).toContain(preferred)
    expect(new Set(ports).size).toBe(2)
    for (const [index, dir] of dirs.entries()) {
      const running = started[index]!
      expect(recordedPgPort(dir)).toBe(running.port)
      expect(running.url).toContain(`@127.0.0.1:${running.port}/`)
      expect(await answers(running.url)).toBe(1)
    }
  }, 120_000)
})
