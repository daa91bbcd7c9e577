import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { folderDestination, pruneSnapshots, snapshotName } from './index.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('snapshots', () => {
  it('are named by their UTC time, so the names sort as the snapshots were taken', () => {
    expect(snapshotName(new Date('2026-03-29T01:05:09.123Z'))).toBe('bancadati-20260329-010509')
    expect(
      snapshotName(new Date('2026-12-31T23:59:59Z')) > snapshotName(new Date('2026-03-29T01:05:09Z')),
    ).toBe(true)
  })

  it('keep the newest N complete ones; incomplete and foreign folders are left alone', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bancadati-snapshots-'))
    folders.push(root)
    const names = ['bancadati-20260101-020000', 'bancadati-20260102-020000', 'bancadati-20260103-020000']
    for (const name of names) {
      mkdirSync(path.join(root, name))
      writeFileSync(path.join(root, name, 'manifest.json'), '{}')
    }
    mkdirSync(path.join(root, 'bancadati-20251231-020000.partial'))
    mkdirSync(path.join(root, 'altro'))
    const removed = await pruneSnapshots(folderDestination(root), 2)
    expect(removed).toEqual(['bancadati-20260101-020000'])
    expect(readdirSync(root).sort()).toEqual([
      'altro',
      'bancadati-20251231-020000.partial',
      'bancadati-20260102-020000',
      'bancadati-20260103-020000',
    ])
  })
})
