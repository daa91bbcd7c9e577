import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordSchemas, sanitizeHtml, unaTantumListSchema } from '../../modules/content/index.ts'
import { compareEditions } from '../../modules/redline/index.ts'
import {
  assertDistinctTermTables,
  entityOrder,
  writeDemoPackage,
  writeScalePackage,
  type EntityName,
  type EntityRecords,
  type TreeNode,
} from './index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const today = '2026-11-22'

type Loaded = { [K in EntityName]: EntityRecords[K][] } & { media: Set<string>; dir: string }

async function hashTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const walk = async (sub: string) => {
    for (const entry of await readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name)
      if (entry.isDirectory()) await walk(rel)
      else
        out.set(
          rel,
          createHash('sha256')
            .update(await readFile(path.join(dir, rel)))
            .digest('hex'),
        )
    }
  }
  await walk('')
  return out
}

async function load(dir: string): Promise<Loaded> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    files: Record<string, string>
  }
  const data = { dir, media: new Set(await readdir(path.join(dir, 'media'))) } as Loaded
  for (const entity of entityOrder) {
    const file = manifest.files[entity]
    const text = file ? await readFile(path.join(dir, file), 'utf8') : ''
    ;(data as Record<string, unknown>)[entity] = text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown)
  }
  return data
}

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)])
}

function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string))
}

function expectUnique(values: string[], what: string) {
  const seen = new Set<string>()
  const duplicates = values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)))
  expect(duplicates, `${what} duplicati`).toEqual([])
}

const naturalKeys: { [K in EntityName]: (r: EntityRecords[K]) => string } = {
  sectors: (r) => String(r.code),
  contracts: (r) => String(r.code),
  categories: (r) => String(r.code),
  contractMappings: (r) => String(r.categoryCode),
  textTypes: (r) => r.code,
  regions: (r) => r.code,
  provinces: (r) => r.code,
  companies: (r) => String(r.code),
  contractTexts: (r) => String(r.code),
  payTables: (r) => `${r.categoryCode}|${r.effectiveDate}`,
  contractTerms: (r) => String(r.contractCode),
  contributionRates: (r) => `${r.classification}|${r.sizeBand}|${r.validFrom}`,
  summaries: (r) => `${r.categoryCode}|${r.type}`,
  classifications: (r) => `${r.categoryCode}|${r.scheme}|${r.code}`,
  territorialPayTables: (r) => r.code,
  news: (r) => r.guid,
  aliases: (r) => `${r.name}|${r.cnelCode ?? r.contractCode}`,
}

/** Every reference of the package points at a record or a media file of the same package. */
function checkIntegrity(p: Loaded) {
  const sectors = new Set(p.sectors.map((s) => s.code))
  const contracts = new Set(p.contracts.map((c) => c.code))
  const categories = new Set(p.categories.map((c) => c.code))
  const regions = new Set(p.regions.map((r) => r.code))
  const provinces = new Set(p.provinces.map((r) => r.code))
  const companies = new Set(p.companies.map((c) => c.code))
  const textTypes = new Set(p.textTypes.map((t) => t.code))
  const problems: string[] = []
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message)
  }
  for (const c of p.contracts) {
    check(sectors.has(c.sectorCode), `contratto ${c.code}: settore ${c.sectorCode}`)
    if (c.image) check(p.media.has(c.image), `contratto ${c.code}: immagine ${c.image}`)
  }
  for (const c of p.categories)
    check(contracts.has(c.contractCode), `categoria ${c.code}: contratto ${c.contractCode}`)
  for (const m of p.contractMappings)
    check(categories.has(m.categoryCode) && contracts.has(m.contractCode), `raccordo ${m.categoryCode}`)
  for (const pr of p.provinces)
    check(regions.has(pr.regionCode), `provincia ${pr.code}: regione ${pr.regionCode}`)
  for (const co of p.companies)
    check(contracts.has(co.contractCode), `azienda ${co.code}: contratto ${co.contractCode}`)
  for (const t of p.contractTexts) {
    check(contracts.has(t.contractCode), `testo ${t.code}: contratto`)
    check(textTypes.has(t.typeCode), `testo ${t.code}: tipo ${t.typeCode}`)
    if (t.regionCode) check(regions.has(t.regionCode), `testo ${t.code}: regione`)
    if (t.provinceCode) check(provinces.has(t.provinceCode), `testo ${t.code}: provincia`)
    if (t.companyCode) check(companies.has(t.companyCode), `testo ${t.code}: azienda`)
    const ids = idsOf(t.html)
    for (const node of flatten(t.nav)) check(ids.has(node.value), `testo ${t.code}: nodo ${node.value}`)
    for (const topic of t.topics)
      for (const n of topic.nodes) check(ids.has(n.node), `testo ${t.code}: argomento ${n.node}`)
  }
  for (const t of p.payTables) check(categories.has(t.categoryCode), `tabella ${t.categoryCode}`)
  for (const t of p.contractTerms) check(contracts.has(t.contractCode), `condizioni ${t.contractCode}`)
  for (const s of p.summaries) {
    check(categories.has(s.categoryCode), `sintesi ${s.categoryCode}`)
    if (s.pdf) check(p.media.has(s.pdf), `sintesi ${s.categoryCode}: pdf ${s.pdf}`)
    const ids = idsOf(s.html)
    for (const node of flatten(s.nav))
      check(ids.has(node.value), `sintesi ${s.categoryCode}/${s.type}: nodo ${node.value}`)
  }
  for (const c of p.classifications)
    check(categories.has(c.categoryCode), `classificazione ${c.categoryCode}`)
  for (const t of p.territorialPayTables) {
    check(categories.has(t.categoryCode), `tabella territoriale ${t.code}: categoria`)
    check(
      Boolean(t.provinceCode) !== Boolean(t.companyCode),
      `tabella territoriale ${t.code}: provincia o azienda`,
    )
    if (t.provinceCode) check(provinces.has(t.provinceCode), `tabella territoriale ${t.code}: provincia`)
    if (t.companyCode) check(companies.has(t.companyCode), `tabella territoriale ${t.code}: azienda`)
    const ids = idsOf(t.html)
    for (const node of flatten(t.nav ?? []))
      check(ids.has(node.value), `tabella territoriale ${t.code}: nodo ${node.value}`)
  }
  for (const n of p.news) {
    for (const s of n.sectorCodes) check(sectors.has(s), `notizia ${n.slug}: settore ${s}`)
    for (const c of n.contractCodes) check(contracts.has(c), `notizia ${n.slug}: contratto ${c}`)
    if (n.attachment) check(p.media.has(n.attachment.file), `notizia ${n.slug}: allegato`)
  }
  expect(problems).toEqual([])
}

function checkSchemasAndKeys(p: Loaded) {
  for (const entity of entityOrder) {
    const schema = recordSchemas[entity]
    const errors = (p[entity] as unknown[])
      .map((r, i) => ({ i, result: schema.safeParse(r) }))
      .filter((x) => !x.result.success)
      .slice(0, 3)
      .map((x) => `${entity}[${x.i}]: ${JSON.stringify(x.result.error?.issues)}`)
    expect(errors).toEqual([])
    const key = naturalKeys[entity] as (r: unknown) => string
    expectUnique((p[entity] as unknown[]).map(key), entity)
  }
  expectUnique(
    p.contracts.flatMap((c) => (c.cnelCode ? [c.cnelCode] : [])),
    'codice CNEL',
  )
  const slugs = p.news.map((n) => `${n.date.slice(0, 7)}/${n.slug}`)
  expectUnique(slugs, 'slug per anno e mese')
}

let workDir: string
let demo: Loaded

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'seed-test-'))
  await writeDemoPackage(path.join(workDir, 'demo-a'))
  demo = await load(path.join(workDir, 'demo-a'))
}, 60_000)

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

describe('demo data set', () => {
  it('is written byte for byte the same on every run, and data/demo is up to date', async () => {
    await writeDemoPackage(path.join(workDir, 'demo-b'))
    const a = await hashTree(path.join(workDir, 'demo-a'))
    expect(await hashTree(path.join(workDir, 'demo-b'))).toEqual(a)
    expect(
      await hashTree(path.join(root, 'data', 'demo')),
      'rigenerare data/demo con npm run data:demo',
    ).toEqual(a)
  }, 60_000)

  it('validates against the import schemas, with unique natural keys', () => {
    checkSchemasAndKeys(demo)
  })

  it('has no dangling references', () => {
    checkIntegrity(demo)
  })

  it('has the 14 CNEL sectors, at least 30 contracts with CNEL codes and 80 categories', () => {
    expect(demo.sectors).toHaveLength(14)
    expect(demo.sectors.map((s) => s.cnelName)).toContain('TERZIARIO E SERVIZI')
    expect(demo.contracts.filter((c) => c.cnelCode).length).toBeGreaterThanOrEqual(30)
    expect(demo.categories.length).toBeGreaterThanOrEqual(80)
    for (const code of ['H011', 'C011', 'H442', 'H501', 'F012', 'B011', 'I100']) {
      expect(
        demo.contracts.some((c) => c.cnelCode === code),
        code,
      ).toBe(true)
    }
    const sectorsWithContracts = new Set(demo.contracts.map((c) => c.sectorCode))
    expect(sectorsWithContracts.size).toBe(14)
  })

  it('makes /bancadati/0/11/133/19 the Terziario Confcommercio contract', () => {
    const category = demo.categories.find((c) => c.code === 19)
    const contract = demo.contracts.find((c) => c.code === category?.contractCode)
    expect(contract?.code).toBe(133)
    expect(contract?.sectorCode).toBe(11)
    expect(contract?.cnelCode).toBe('H011')
    expect(demo.sectors.find((s) => s.code === 11)?.name).toBe('Terziario e servizi')
  })

  it('has the real Terziario level 4 minimum from November 2025', () => {
    const table = demo.payTables.find((t) => t.categoryCode === 19 && t.effectiveDate === '2025-11-01')
    const level = table?.levels.find((l) => l.code === '4')
    expect(level).toMatchObject({
      basePay: 1257.46,
      costOfLiving: 524.22,
      thirdElement: 2.07,
      hourlyDivisor: 168,
      dailyDivisor: 26,
    })
  })

  it('gives every category at least three decorrenze and apprentice levels where the contract has them', () => {
    const byCategory = new Map<number, number>()
    for (const t of demo.payTables) byCategory.set(t.categoryCode, (byCategory.get(t.categoryCode) ?? 0) + 1)
    for (const c of demo.categories)
      expect(byCategory.get(c.code) ?? 0, `categoria ${c.code}`).toBeGreaterThanOrEqual(3)
    const withApprentices = new Set(
      demo.payTables
        .filter((t) => t.levels.some((l) => /appr/i.test(l.description)))
        .map((t) => t.categoryCode),
    )
    expect(withApprentices.size).toBeGreaterThanOrEqual(40)
    expect(withApprentices.has(19)).toBe(true)
  })

  it('has consolidated texts of 15 to 40 articles with index and topic trees for at least 10 contracts', () => {
    const consolidated = demo.contractTexts.filter(
      (t) => t.scope === 'national' && t.edition === 'consolidated',
    )
    expectUnique(
      consolidated.map((t) => String(t.contractCode)),
      'testo consolidato per contratto',
    )
    const long = consolidated.filter((t) => {
      const articles = idsOf(t.html)
      const count = [...articles].filter((id) => /^art-\d+$/.test(id)).length
      return count >= 15 && count <= 40 && t.nav.length > 5 && t.topics.length >= 5
    })
    expect(long.length).toBeGreaterThanOrEqual(10)
    expect(demo.contractTexts.some((t) => t.edition === 'archive')).toBe(true)
    const hidden = consolidated.flatMap((t) => flatten(t.nav)).filter((n) => n.value.includes('/29999'))
    expect(hidden.length).toBeGreaterThan(0)
  })

  it('keeps an earlier edition of at least three contracts that differs in the renewed articles', () => {
    const renewed = ['Periodo di prova', 'Orario normale di lavoro', 'Malattia', 'Preavviso']
    const shown = demo.contracts.filter((contract) => {
      const editions = demo.contractTexts
        .filter((t) => t.contractCode === contract.code && t.scope === 'national' && t.typeCode === 'CCNL')
        .sort((a, b) => a.date.localeCompare(b.date))
      const [older, newer] = [editions.at(-2), editions.at(-1)]
      if (editions.length < 2 || !older || !newer) return false
      const { articles } = compareEditions(older.html, newer.html)
      const title = (heading: string) => heading.replace(/^Art\. \d+ – /, '')
      const changed = new Set(articles.filter((a) => a.change === 'changed').map((a) => title(a.heading)))
      // Every renewed institute reads differently, with words struck and inserted, and
      // the renewal added one article (lavoro agile) and merged another into 'Assunzione'.
      return (
        renewed.every((t) => changed.has(t)) &&
        articles.some((a) => a.change === 'added' && a.heading.endsWith('Lavoro agile')) &&
        articles.some((a) => a.change === 'removed') &&
        articles.every((a) => a.change !== 'changed' || a.struck + a.inserted > 0)
      )
    })
    expect(shown.map((c) => c.code)).toEqual(expect.arrayContaining([121, 130, 133]))
    expect(shown.length).toBeGreaterThanOrEqual(3)
    const older = demo.contractTexts.find((t) => t.code === 1333)
    expect(older?.html).toContain('4° e 5° livello</td><td>15 giorni')
    expect(older?.html).toContain('calcolata con riferimento a un periodo di quattro mesi')
  })

  it('records an una tantum on a renewal decorrenza of at least three categories of different contracts', () => {
    const withOneOff = demo.payTables.filter((t) => (t.unaTantum ?? []).length > 0)
    for (const table of withOneOff) expect(unaTantumListSchema.safeParse(table.unaTantum).success).toBe(true)
    const contractOf = new Map(demo.categories.map((c) => [c.code, c.contractCode]))
    const contracts = new Set(withOneOff.map((t) => contractOf.get(t.categoryCode)))
    expect(contracts.size).toBeGreaterThanOrEqual(3)
    for (const table of withOneOff) {
      const decorrenze = demo.payTables.filter((t) => t.categoryCode === table.categoryCode)
      expect(decorrenze.some((t) => t.effectiveDate < table.effectiveDate)).toBe(true)
    }
    const commercio = withOneOff.find((t) => t.categoryCode === 19)
    expect(commercio?.effectiveDate).toBe('2025-03-01')
    expect(commercio?.unaTantum?.reduce((sum, entry) => sum + entry.amount, 0)).toBe(350)
  })

  it('keeps every anchor through the import sanitiser', () => {
    const text = demo.contractTexts.find((t) => t.code === 1331)
    expect(text).toBeDefined()
    const clean = sanitizeHtml(text?.html)
    const ids = idsOf(clean)
    for (const node of flatten(text?.nav ?? [])) expect(ids.has(node.value), node.value).toBe(true)
    expect(clean).toContain('<table>')
  })

  it('has territorial and company bargaining for at least 3 contracts in several regions and provinces', () => {
    const territorial = demo.contractTexts.filter((t) => t.scope === 'territorial')
    expect(new Set(territorial.map((t) => t.contractCode)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(territorial.map((t) => t.regionCode)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(territorial.map((t) => t.provinceCode).filter(Boolean)).size).toBeGreaterThanOrEqual(10)
    expect(demo.contractTexts.some((t) => t.scope === 'company')).toBe(true)
    expect(demo.territorialPayTables.some((t) => t.provinceCode)).toBe(true)
    expect(demo.territorialPayTables.some((t) => t.companyCode)).toBe(true)
  })

  it('has all seven summaries for at least 5 categories and exactly one demo summary', () => {
    const types = new Map<number, Set<string>>()
    for (const s of demo.summaries)
      types.set(s.categoryCode, (types.get(s.categoryCode) ?? new Set()).add(s.type))
    expect([...types.values()].filter((t) => t.size === 7).length).toBeGreaterThanOrEqual(5)
    const demos = demo.summaries.filter((s) => s.demo)
    expect(demos).toHaveLength(1)
    expect(demos[0]).toMatchObject({ categoryCode: 19, type: 'schedesintetiche' })
  })

  it('has CNEL, INPS and ATECO classifications', () => {
    const schemes = new Set(demo.classifications.filter((c) => c.categoryCode === 19).map((c) => c.scheme))
    expect([...schemes].sort()).toEqual(['ATECO', 'CNEL', 'INPS'])
  })

  it('has every practical guide, news and deadlines of the last twelve months, and deadlines up to the end of the next month', () => {
    expect(demo.news.length).toBeGreaterThanOrEqual(240)
    expect(demo.news.length).toBeLessThanOrEqual(320)
    const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10)
    for (const n of demo.news) {
      const last = n.type === 'deadline' ? '2026-12-31' : today
      expect(n.date >= oldest && n.date <= last, `${n.date} ${n.title}`).toBe(true)
      const paragraphs = (n.html.match(/<p>/g) ?? []).length
      expect(paragraphs, n.title).toBeGreaterThanOrEqual(3)
      expect(paragraphs, n.title).toBeLessThanOrEqual(8)
      expect(n.sectorCodes.length, n.title).toBeGreaterThan(0)
    }
    const byType = (type: string) => demo.news.filter((n) => n.type === type).length
    expect(byType('changelog')).toBe(15)
    expect(byType('deadline')).toBeGreaterThanOrEqual(30)
    // Deadlines of the month after today are announced already: F24 and Uniemens of December.
    expect(
      demo.news.filter((n) => n.type === 'deadline' && n.date.startsWith('2026-12')).length,
    ).toBeGreaterThanOrEqual(2)
    expect(demo.news.filter((n) => n.attachment).length).toBeGreaterThanOrEqual(3)
  })

  it('ships valid PDF files and an SVG illustration per sector', async () => {
    const pdfs = [...demo.media].filter((f) => f.endsWith('.pdf'))
    expect(pdfs.length).toBeGreaterThanOrEqual(3)
    for (const file of pdfs) {
      const text = (await readFile(path.join(demo.dir, 'media', file))).toString('latin1')
      expect(text).toMatch(/^%PDF-1\.\d/)
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
      const xref = Number(/startxref\n(\d+)/.exec(text)?.[1])
      expect(text.slice(xref, xref + 4)).toBe('xref')
      const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
      offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true))
    }
    const svgs = [...demo.media].filter((f) => f.endsWith('.svg'))
    expect(svgs).toHaveLength(14)
    expect(new Set(demo.contracts.map((c) => c.image)).size).toBe(14)
  })
})

describe('data that reads right', () => {
  it('gives every contract its own probation and notice tables', () => {
    expect(demo.contractTerms).toHaveLength(demo.contracts.length)
    for (const table of ['probation', 'notice'] as const) {
      const shapes = demo.contractTerms.map((terms) => JSON.stringify(terms[table]))
      expect(new Set(shapes).size, table).toBe(demo.contractTerms.length)
    }
    // The four of the issue: two Terziario contracts, FIPE and Turismo no longer read alike.
    const probationOf = (code: number) => demo.contractTerms.find((t) => t.contractCode === code)?.probation
    expect(probationOf(134)).toContainEqual({
      who: '6° e 7° livello',
      duration: '40 giorni di lavoro effettivo',
    })
    expect(probationOf(135)).toContainEqual({ who: '1° livello', duration: '5 mesi' })
    expect(probationOf(136)).toContainEqual({ who: '1° livello', duration: '4 mesi' })
  })

  it('refuses to generate two contracts with the same term table, naming both', () => {
    const [first, second] = demo.contractTerms
    if (!first || !second) throw new Error('condizioni mancanti')
    expect(() => assertDistinctTermTables([first, second])).not.toThrow()
    expect(() => assertDistinctTermTables([first, { ...second, probation: first.probation }])).toThrow(
      `I contratti ${first.contractCode} e ${second.contractCode} hanno la stessa tabella di periodo di prova`,
    )
    expect(() => assertDistinctTermTables([first, { ...second, notice: first.notice }])).toThrow(
      'stessa tabella di preavviso',
    )
  })

  it('calls the TFR sheet’s 0,50 % deduction the contributo aggiuntivo IVS, with the figures of the level', () => {
    const sheet = demo.summaries.find((s) => s.categoryCode === 19 && s.type === 'normetfr')?.html ?? ''
    expect(sheet).toContain('Contributo aggiuntivo IVS (L. 297/1982), 0,50%')
    expect(sheet).not.toContain('Fondo di garanzia')
    // Terziario, 4° livello, table of 01/11/2026 (in force on the demo date 22/11/2026):
    // 1.292,46 + 524,22 + 2,07 = 1.818,75 a month; × 14 = 25.462,50 a year;
    // TFR 25.462,50 / 13,5 = 1.886,11; IVS 25.462,50 × 0,50 % = 127,31; net 1.886,11 − 127,31 = 1.758,80.
    for (const figure of ['1.818,75', '25.462,50', '1.886,11', '127,31', '1.758,80'])
      expect(sheet, figure).toContain(figure)
  })

  it('writes the elements a note grants into the levels’ figures', () => {
    const table = demo.payTables.find((t) => t.categoryCode === 19 && t.effectiveDate === '2026-11-01')
    const level = (code: string) => table?.levels.find((l) => l.code === code)
    expect(level('7')?.otherElements).toEqual([{ name: 'EDR', amount: 5.16 }])
    expect(level('Q')?.otherElements).toEqual([{ name: 'Indennità di funzione', amount: 260.76 }])
    expect(level('4')?.otherElements).toBeUndefined()
    // An apprentice paid as the 7th level has the 7th level's pay, EDR included.
    expect(level('AP6-1')?.otherElements).toEqual([{ name: 'EDR', amount: 5.16 }])
  })

  it('marks the edili operai as paid by the hour, eight hours a day', () => {
    for (const category of [23, 25]) {
      const table = demo.payTables.find((t) => t.categoryCode === category)
      expect(
        table?.levels.every((l) => l.hoursPerDay === 8),
        `categoria ${category}`,
      ).toBe(true)
    }
    const clerks = demo.payTables.find((t) => t.categoryCode === 24)
    expect(clerks?.levels.some((l) => l.hoursPerDay !== undefined)).toBe(false)
  })

  it('dates each edition from its decorrenza as well as its signature', () => {
    const text = (code: number) => demo.contractTexts.find((t) => t.code === code)
    expect(text(1331)).toMatchObject({ date: '2024-03-22', effectiveDate: '2023-04-01' })
    expect(text(1333)).toMatchObject({ date: '2015-03-30', effectiveDate: '2015-01-01' })
  })
})

describe('scale package', () => {
  it('is deterministic for a seed, has the requested counts and the demo shapes', async () => {
    const options = { contracts: 45, categories: 120, news: 500, seed: 7 }
    const a = path.join(workDir, 'scale-a')
    const b = path.join(workDir, 'scale-b')
    const { counts } = await writeScalePackage(a, options)
    await writeScalePackage(b, options)
    expect(await hashTree(b)).toEqual(await hashTree(a))
    expect(counts).toMatchObject({ contracts: 45, categories: 120, news: 500 })

    const scale = await load(a)
    checkSchemasAndKeys(scale)
    checkIntegrity(scale)
    for (const entity of entityOrder) {
      const keysOf = (records: unknown[]) => new Set(records.flatMap((r) => Object.keys(r as object)))
      const demoKeys = keysOf(demo[entity] as unknown[])
      for (const key of keysOf(scale[entity] as unknown[]))
        expect(demoKeys.has(key), `${entity}.${key}`).toBe(true)
    }
    const demoCodes = new Set(demo.contracts.map((c) => c.code))
    expect(scale.contracts.some((c) => demoCodes.has(c.code))).toBe(false)
    expect(new Set(scale.contracts.map((c) => c.cnelCode)).size).toBe(45)
  }, 60_000)

  it('writes 100,000 news items in well under a minute', async () => {
    const started = Date.now()
    const { counts } = await writeScalePackage(path.join(workDir, 'scale-news'), {
      contracts: 20,
      categories: 40,
      news: 100_000,
      seed: 3,
    })
    expect(counts.news).toBe(100_000)
    expect(Date.now() - started).toBeLessThan(30_000)
  }, 60_000)
})
