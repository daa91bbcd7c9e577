/**
 * The snapshot's cryptography (issue 31, points 1 and 2): the manifest's
 * signature refuses any change and any other key; the files' encryption
 * round-trips and refuses altered bytes or another key; every path a
 * manifest names must stay inside the snapshot; the key's sources.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../platform/index.ts'
import { backupKeys, deriveBackupKeys } from './backup-key.ts'
import { BackupError } from './errors.ts'
import {
  decryptingStream,
  encryptingStream,
  openText,
  sealText,
  signManifest,
  verifyManifest,
} from './sealing.ts'
import { snapshotFile, staysInside } from './snapshot-paths.ts'

const roots: string[] = []
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'istantanea-'))
  roots.push(root)
  return root
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const keys = deriveBackupKeys('una chiave delle istantanee lunga almeno 32 caratteri')
const other = deriveBackupKeys('un’altra chiave delle istantanee, lunga anch’essa')

const through = (data: Buffer, ...streams: NodeJS.ReadWriteStream[]) =>
  buffer(
    streams.reduce<NodeJS.ReadableStream>((source, stream) => source.pipe(stream), Readable.from([data])),
  )

describe('the manifest signature', () => {
  const manifest = Buffer.from('{"format":2,"database":{"tables":[]}}\n')

  it('verifies the manifest it was made for, with the same key only', () => {
    const signature = signManifest(manifest, keys.signing)
    expect(signature).toMatch(/^hmac-sha256:[0-9a-f]{64}\n$/)
    expect(verifyManifest(manifest, signature, keys.signing)).toBe(true)
    expect(verifyManifest(manifest, signature, other.signing)).toBe(false)
    expect(
      verifyManifest(Buffer.from(manifest.toString().replace('[]', '[{}]')), signature, keys.signing),
    ).toBe(false)
    expect(verifyManifest(manifest, '', keys.signing)).toBe(false)
  })

  it('derives independent keys for signing and encryption', () => {
    expect(keys.signing.equals(keys.encryption)).toBe(false)
    expect(keys.signing).toHaveLength(32)
  })
})

describe('file encryption', () => {
  const plain = Buffer.from('1\tMaria Verdi\tmaria@esempio.it\n'.repeat(5000))

  it('round-trips with the key, and the stored bytes are not the plain ones', async () => {
    const sealed = await through(plain, encryptingStream(keys.encryption))
    expect(sealed.includes(Buffer.from('maria@esempio.it'))).toBe(false)
    expect(sealed.length).toBe(plain.length + 12 + 16)
    expect((await through(sealed, decryptingStream(keys.encryption))).equals(plain)).toBe(true)
  })

  it('fails with another key or one altered byte', async () => {
    const sealed = await through(plain, encryptingStream(keys.encryption))
    await expect(through(sealed, decryptingStream(other.encryption))).rejects.toThrow()
    const altered = Buffer.from(sealed)
    altered[100] = altered[100]! ^ 1
    await expect(through(altered, decryptingStream(keys.encryption))).rejects.toThrow()
  })

  it('seals a short text the same way, undefined when opened with another key', () => {
    const sealed = sealText('segreto-di-firma', keys.encryption)
    expect(sealed).not.toContain('segreto')
    expect(openText(sealed, keys.encryption)).toBe('segreto-di-firma')
    expect(openText(sealed, other.encryption)).toBeUndefined()
  })
})

describe('paths named by a manifest', () => {
  it('stay inside the snapshot: no parent step, absolute path or link leading out', async () => {
    for (const bad of ['../../etc/passwd', '/etc/passwd', 'database/../../x', '..', 'a\\..\\b', 'a\0b'])
      expect(staysInside(bad), bad).toBe(false)
    expect(staysInside('database/0001-public.users.copy.gz')).toBe(true)

    const dir = newRoot()
    mkdirSync(path.join(dir, 'database'))
    writeFileSync(path.join(dir, 'database', 'tabella.copy.gz'), 'righe')
    const outside = path.join(newRoot(), 'fuori')
    writeFileSync(outside, 'segreto')
    symlinkSync(outside, path.join(dir, 'database', 'collegamento.copy.gz'))
    expect(await snapshotFile(dir, 'database/tabella.copy.gz')).toBe(
      path.join(dir, 'database', 'tabella.copy.gz'),
    )
    for (const bad of ['../../etc/passwd', 'database/collegamento.copy.gz']) {
      const refusal = await snapshotFile(dir, bad).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(BackupError)
      expect((refusal as BackupError).message).toBe(
        `Il percorso «${bad}» del manifest esce dalla cartella dell'istantanea: ripristino rifiutato.`,
      )
    }
  })
})

describe('the snapshot key', () => {
  it('in embedded mode without BACKUP_KEY is made once at the first backup, 0600, and never by a restore', async () => {
    const saved = process.umask(0o000)
    try {
      const fresh = parseEnv({ DATA_DIR: path.join(newRoot(), 'dati') })
      const refusal = await backupKeys(fresh, 'restore').catch((error: unknown) => error)
      expect((refusal as BackupError).code).toBe('no_key')
      expect((refusal as BackupError).message).toMatch(/imposta BACKUP_KEY oppure copia in .*backup\.key/)
      expect(existsSync(path.join(fresh.dataDir, 'backup.key'))).toBe(false)

      const made = await backupKeys(fresh, 'backup')
      const file = path.join(fresh.dataDir, 'backup.key')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32)
      expect((await backupKeys(fresh, 'backup')).signing.equals(made.signing)).toBe(true)
      expect((await backupKeys(fresh, 'restore')).signing.equals(made.signing)).toBe(true)
    } finally {
      process.umask(saved)
    }
  })

  it('in production is BACKUP_KEY, and without it backup and restore are refused naming it', async () => {
    const production = {
      DATABASE_URL: 'postgres://app:pw@db:5432/portal',
      PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
      STRIPE_EMULATOR: '1',
    }
    for (const purpose of ['backup', 'restore'] as const) {
      const refusal = await backupKeys(parseEnv(production), purpose).catch((error: unknown) => error)
      expect((refusal as BackupError).code).toBe('no_key')
      expect((refusal as BackupError).message).toMatch(/^BACKUP_KEY non è impostata/)
    }
    const key = '3f9c1a7e5b2d8f4a6c0e9b1d7a3f5c8e2b6d0a4f'
    expect((await backupKeys(parseEnv({ ...production, BACKUP_KEY: key }), 'restore')).signing).toEqual(
      deriveBackupKeys(key).signing,
    )
  })
})
