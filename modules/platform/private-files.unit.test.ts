/**
 * The embedded data folder and the files the portal writes there are private
 * whatever the umask (issue 31, point 2): with umask 000 the mailbox file was
 * written 0666 and every other local user could read the reset links in it.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'
import { recordPgPort } from './embedded-port.ts'
import { dataDirMode, secureDataDir, writePrivateFile } from './private-files.ts'

const modeOf = (file: string) => statSync(file).mode & 0o777
let saved: number
const roots: string[] = []
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dati-privati-'))
  roots.push(root)
  return root
}

beforeAll(() => {
  saved = process.umask(0o000)
})

afterAll(() => {
  process.umask(saved)
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

describe('private files under umask 000', () => {
  it('makes the data folder, its secrets and its port record private when the settings first read them', () => {
    const dataDir = path.join(newRoot(), 'dati')
    parseEnv({ DATA_DIR: dataDir })
    recordPgPort(dataDir, 47001)
    expect(modeOf(dataDir)).toBe(userInfo().uid === 0 ? 0o711 : 0o700)
    expect(modeOf(path.join(dataDir, 'secrets.json'))).toBe(0o600)
    expect(modeOf(path.join(dataDir, 'embedded-postgres.json'))).toBe(0o600)
  })

  it('tightens what an older installation left readable, and makes the upload folders private before Payload writes there', () => {
    const dataDir = path.join(newRoot(), 'dati')
    mkdirSync(path.join(dataDir, 'media'), { recursive: true, mode: 0o777 })
    mkdirSync(path.join(dataDir, 'exports'), { mode: 0o755 })
    writeFileSync(path.join(dataDir, 'mailbox.jsonl'), '{}\n', { mode: 0o666 })
    writeFileSync(path.join(dataDir, 'secrets.json'), '{}', { mode: 0o644 })
    mkdirSync(path.join(dataDir, 'postgres'), { mode: 0o750 })
    secureDataDir(dataDir)
    expect(modeOf(dataDir)).toBe(dataDirMode())
    for (const folder of ['media', 'site-media', 'exports'])
      expect(modeOf(path.join(dataDir, folder))).toBe(0o700)
    for (const file of ['mailbox.jsonl', 'secrets.json']) expect(modeOf(path.join(dataDir, file))).toBe(0o600)
    // The cluster's folder is Postgres's own (initdb sets it for the database's user).
    expect(modeOf(path.join(dataDir, 'postgres'))).toBe(0o750)
  })

  it('writes a private file 0600, also over an existing readable one', async () => {
    const file = path.join(newRoot(), 'chiave')
    writeFileSync(file, 'vecchia', { mode: 0o644 })
    await writePrivateFile(file, 'nuova')
    expect(modeOf(file)).toBe(0o600)
  })
})
