/**
 * The 'Novità' of a contract on the shipped demo data: Terziario Confcommercio
 * (contract 133, category 19) has four decorrenze with an una tantum on the
 * 1/3/2025 one, an earlier edition of its national text and a renewal agreement.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { truncateContent } from '../../tests/content.ts'
import { importPackage } from '../importer/index.ts'
import { getLogger } from '../platform/index.ts'
import { getSearch, reindexAll } from '../search/index.ts'
import { invalidateReadCache, listContractChanges } from './index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let close: () => Promise<void>

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  const payload = await (await import('../cms/index.ts')).getCms()
  await truncateContent(payload)
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload })
  expect(report.error ?? null).toBeNull()
  await reindexAll(payload, await getSearch(payload))
  invalidateReadCache()
})

afterAll(async () => {
  await close()
})

describe('the changes of a contract', () => {
  it('lists pay tables, texts, summaries and news of the contract, newest first', async () => {
    const changes = await listContractChanges(133)
    const dates = changes.map((change) => change.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(new Set(changes.map((change) => change.kind))).toEqual(
      new Set(['payTable', 'text', 'summary', 'news']),
    )
    // Every category of the contract has its decorrenze; the summaries are those of category 19.
    const categories = new Set(changes.flatMap((change) => change.payTable?.categoryCode ?? []))
    expect(categories).toEqual(new Set([19, 20, 73, 30]))
    expect(changes.filter((change) => change.kind === 'summary').map((change) => change.href)).toEqual([
      '/bancadati/0/11/133/19/3',
    ])
    expect(changes.filter((change) => change.kind === 'news').length).toBeGreaterThan(0)
    for (const change of changes) expect(change.title.length).toBeGreaterThan(0)
  })

  it('links the new edition of the text to the redline with the edition before it', async () => {
    const texts = (await listContractChanges(133)).filter((change) => change.kind === 'text')
    expect(texts.map((change) => [change.badge, change.date, change.href])).toEqual([
      // Same day: the new edition first, then the renewal agreement.
      ['edition', '2024-03-22', '/bancadati/0/11/133/confronto-testi?da=1333&a=1331'],
      ['agreement', '2024-03-22', '/bancadati/0/11/133/1?testo=1332'],
      ['text', '2015-03-30', '/bancadati/0/11/133/1?testo=1333'],
    ])
    expect(texts[0]?.description).toContain('30/03/2015')
  })

  it('gives each decorrenza of category 19 its change against the previous one, with the una tantum', async () => {
    const tables = (await listContractChanges(133, { categoryCode: 19 })).filter(
      (change) => change.kind === 'payTable',
    )
    expect(tables.map((change) => change.date)).toEqual([
      '2026-11-01',
      '2025-11-01',
      '2025-03-01',
      '2024-04-01',
    ])
    // Only category 19's tables once a category is chosen.
    expect(new Set(tables.map((change) => change.categoryCode))).toEqual(new Set([19]))

    // Level 4, monthly minimum (paga base + contingenza + terzo elemento): 1,718.75 from 1/4/2024,
    // 1,748.75 from 1/3/2025: +30.00, 30 / 1,718.75 = 1.745 % → 1.75 %. Una tantum 175 + 175 = 350.
    const march = tables.find((change) => change.date === '2025-03-01')
    expect(march?.href).toBe('/bancadati/0/11/133/19/2?decorrenza=01-03-2025&confronta=01-04-2024')
    const level4 = march?.payTable?.levels.find((level) => level.code === '4')
    expect(level4).toMatchObject({ before: 1718.75, after: 1748.75, difference: 30, percent: 1.75 })
    expect(march?.payTable?.unaTantum).toBe(350)
    expect(march?.payTable?.reference).toEqual({ code: '4', difference: 30 })
    expect(march?.description).toMatch(/una tantum 350,00\s€/)
    expect(march?.description).toMatch(/livello 4 \+30,00\s€ al mese/)
    // The levels' mean lies between the smallest and the largest change.
    const percents = (march?.payTable?.levels ?? []).flatMap((level) => level.percent ?? [])
    expect(march?.payTable?.averagePercent).toBeGreaterThanOrEqual(Math.min(...percents))
    expect(march?.payTable?.averagePercent).toBeLessThanOrEqual(Math.max(...percents))

    // 1,748.75 → 1,783.75 from 1/11/2025: +35.00, 35 / 1,748.75 = 2.0014 % → 2 %; no una tantum.
    const november = tables.find((change) => change.date === '2025-11-01')
    expect(november?.payTable?.levels.find((level) => level.code === '4')).toMatchObject({
      difference: 35,
      percent: 2,
    })
    expect(november?.payTable?.unaTantum).toBe(0)
    expect(november?.description).not.toContain('una tantum')

    // The first table has nothing to compare with: it links to the table itself.
    const first = tables.at(-1)
    expect(first?.payTable?.previous).toBeNull()
    expect(first?.href).toBe('/bancadati/0/11/133/19/2?decorrenza=01-04-2024')
  })

  it('answers an unknown contract with the Italian not-found message', async () => {
    await expect(listContractChanges(999_999)).rejects.toThrow(
      'Il contratto richiesto non esiste in banca dati.',
    )
  })
})
