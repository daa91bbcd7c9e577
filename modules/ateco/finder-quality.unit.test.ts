/**
 * «Che contratto applico?» judged as a labour consultant would: 30 activity
 * codes (ATECO 2025, and ATECO 2007 as they still appear on visure) and 15
 * descriptions typed as a consultant types them, each with the contract a
 * consultant would apply, run against the shipped ATECO 2025 list and the
 * shipped demo data set. A hit is the expected contract offered first for
 * the first code found (for 25.62, every contract of the sector offered).
 * The suite fails under a 95 % hit rate.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { confederations, representativenessRank, type Confederation } from '../content/index.ts'
import { parseIstatAteco } from './istat-file.ts'
import { findByActivity, type AtecoEntry, type CategoryLink, type FinderResult } from './match.ts'
import { synonymPhrases, titleStems } from './words.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const jsonl = <T>(file: string): T[] =>
  readFileSync(path.join(root, 'data/demo', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)

const entries: AtecoEntry[] = parseIstatAteco(
  readFileSync(path.join(root, 'data/istat/ateco-2025.csv'), 'utf8'),
)
  .flatMap((row) => ('record' in row ? [row.record] : []))
  .map((record) => ({
    code: record.code,
    title: record.title,
    level: record.level,
    section: record.section,
    parentCode: record.parentCode,
    includes: record.includes,
    order: record.order,
  }))

type ContractRecord = {
  code: number
  title: string
  cnelCode?: string
  sectorCode: number
  representedAtCnel?: boolean
  employerSideAtCnel?: boolean
  unionSideAtCnel?: boolean
  confederations?: string[]
  employers?: number
  employees?: number
  applicationSource?: string
}

/** The category links as the finder builds them from the stored data (find-contracts.ts), here from the demo files. */
function demoLinks(): CategoryLink[] {
  const contracts = new Map(jsonl<ContractRecord>('contracts.jsonl').map((record) => [record.code, record]))
  const categories = new Map(
    jsonl<{ code: number; contractCode: number; name: string }>('categories.jsonl').map((record) => [
      record.code,
      record,
    ]),
  )
  const sectors = new Map(jsonl<{ code: number; name: string }>('sectors.jsonl').map((s) => [s.code, s.name]))
  const tabled = new Set(jsonl<{ categoryCode: number }>('payTables.jsonl').map((t) => t.categoryCode))
  const texted = new Set(jsonl<{ contractCode: number }>('contractTexts.jsonl').map((t) => t.contractCode))
  const sectionOf = new Map(entries.filter((e) => e.level === 'divisione').map((e) => [e.code, e.section]))
  return jsonl<{ categoryCode: number; scheme: string; code: string }>('classifications.jsonl')
    .filter((record) => record.scheme === 'ATECO')
    .flatMap((record) => {
      const category = categories.get(record.categoryCode)
      const contract = category ? contracts.get(category.contractCode) : undefined
      if (!category || !contract) return []
      return [
        {
          atecoCode: record.code,
          section: sectionOf.get(record.code.slice(0, 2)) ?? null,
          category: { code: category.code, name: category.name },
          contract: {
            code: contract.code,
            title: contract.title,
            cnelCode: contract.cnelCode ?? null,
            sectorCode: contract.sectorCode,
            sectorName: sectors.get(contract.sectorCode) ?? '',
            application:
              contract.employees === undefined
                ? null
                : {
                    employers: contract.employers ?? null,
                    employees: contract.employees,
                    source: contract.applicationSource ?? null,
                  },
          },
          rank: representativenessRank({
            representedAtCnel: Boolean(contract.representedAtCnel),
            employerSideAtCnel: Boolean(contract.employerSideAtCnel),
            unionSideAtCnel: Boolean(contract.unionSideAtCnel),
            confederations: confederations.filter((name: Confederation) =>
              (contract.confederations ?? []).includes(name),
            ),
          }),
          hasContent: tabled.has(category.code) || texted.has(contract.code),
        },
      ]
    })
}

const links = demoLinks()

/** The demo contracts by their everyday names. */
const FIPE = 136
const TURISMO = 135
const TERZIARIO = 133
const METALMECCANICA = 121
const CONFAPI_METALMECCANICA = 122
const EDILIZIA = 130
const PANIFICAZIONE = 128
const ALIMENTARI = 127
const ACCONCIATURA = 140
const DOMESTICO = 138
const PULIZIE = 146
const VIGILANZA = 139
const LOGISTICA = 141
const SANITA_AIOP = 151
const COOPERATIVE_SOCIALI = 150
const STUDI_PROFESSIONALI = 137
const CREDITO = 144
const ASSICURAZIONI = 145
const TLC = 147
const CHIMICO = 111
const GOMMA_PLASTICA = 112
const TESSILE = 125
const LEGNO = 131
const GRAFICI = 132
const ELETTRICO = 148

/** Codes as found on a visura (ATECO 2025, or the ATECO 2007 code still printed on many), with the contract a consultant applies. */
const codeCases: [query: string, expected: number[]][] = [
  ['56.11.11', [FIPE]],
  ['56.10.11', [FIPE]], // ATECO 2007 «Ristorazione con somministrazione»
  ['56.30.01', [FIPE]],
  ['56.30.00', [FIPE]], // ATECO 2007 «Bar e altri esercizi simili senza cucina»
  ['55.10.00', [TURISMO]],
  ['47.11.02', [TERZIARIO]],
  ['47.11.40', [TERZIARIO]], // ATECO 2007 «Minimercati»
  ['47.71.10', [TERZIARIO]],
  ['68.31.00', [TERZIARIO]],
  ['62.10.00', [TERZIARIO]],
  ['62.01.00', [TERZIARIO]], // ATECO 2007 «Produzione di software non connesso all'edizione»
  ['62.01', [TERZIARIO]],
  ['62', [TERZIARIO]],
  ['25.62', [METALMECCANICA, CONFAPI_METALMECCANICA]],
  ['25.53.00', [METALMECCANICA]],
  ['28.41', [METALMECCANICA]],
  ['41.00.00', [EDILIZIA]],
  ['10.71.10', [PANIFICAZIONE]],
  ['10.51.20', [ALIMENTARI]],
  ['96.21.00', [ACCONCIATURA]],
  ['96.02.01', [ACCONCIATURA]], // ATECO 2007 «Servizi dei saloni di parrucchiere»
  ['97.00.90', [DOMESTICO]],
  ['81.21.00', [PULIZIE]],
  ['80.01.29', [VIGILANZA]],
  ['49.41.00', [LOGISTICA]],
  ['86.10.00', [SANITA_AIOP]],
  ['87.30.00', [COOPERATIVE_SOCIALI]],
  ['69.20.01', [STUDI_PROFESSIONALI]],
  ['64.19.10', [CREDITO]],
  ['65.12.00', [ASSICURAZIONI]],
]

/** Activities described as a consultant types them, with the contract they would apply. */
const wordCases: [query: string, expected: number[]][] = [
  ['software', [TERZIARIO]],
  ['produzione di software', [TERZIARIO]],
  ['ristorante', [FIPE]],
  ['pizzeria', [FIPE]],
  ['bar', [FIPE]],
  ['albergo', [TURISMO]],
  ['parrucchiera', [ACCONCIATURA]],
  ['estetista', [ACCONCIATURA]],
  ['impresa edile', [EDILIZIA]],
  ['colf', [DOMESTICO]],
  ['impresa di pulizie', [PULIZIE]],
  ['autotrasporto merci', [LOGISTICA]],
  ['supermercato', [TERZIARIO]],
  ['studio commercialista', [STUDI_PROFESSIONALI]],
  ['caseificio', [ALIMENTARI]],
]

/** Whether the answer offers the expected contracts first (one), or all of them (several), for its first code. */
function hit(result: FinderResult, expected: number[]): boolean {
  const offered = result.matches[0]?.contracts.map((item) => item.contract.code) ?? []
  if (expected.length === 1) return offered[0] === expected[0]
  return expected.every((code) => offered.includes(code))
}

describe('the finder as a consultant uses it (shipped ATECO list and demo data)', () => {
  const run = (cases: [string, number[]][]) =>
    cases.map(([query, expected]) => ({
      query,
      expected,
      ok: hit(findByActivity(query, entries, links), expected),
    }))

  it('has 30 codes and 15 descriptions, each with the contract a consultant applies', () => {
    expect(codeCases).toHaveLength(30)
    expect(wordCases).toHaveLength(15)
  })

  it('finds the consultant’s contract for at least 95 % of them', () => {
    const results = [...run(codeCases), ...run(wordCases)]
    const misses = results.filter((result) => !result.ok).map((result) => result.query)
    const rate = (results.length - misses.length) / results.length
    expect(rate, `mancati: ${misses.join(', ')}`).toBeGreaterThanOrEqual(0.95)
  })

  it('reads «software» and «produzione di software» as programming, not as dairy or bread', () => {
    for (const query of ['software', 'produzione di software']) {
      const codes = findByActivity(query, entries, links).matches.map((match) => match.entry.code)
      expect(codes[0]).toMatch(/^62\.10/)
      expect(codes.some((code) => /^10\./.test(code))).toBe(false)
    }
  })

  it('knows 62.01 and 62 (ATECO 2007 and a 2025 division), which the short list said were missing', () => {
    const old = findByActivity('62.01', entries, links)
    expect(old.mapping).toEqual({ kind: 'istat', from: '62.01', to: ['62.10'] })
    expect(old.matches[0]?.entry.title).toBe('Attività di programmazione informatica')
    const division = findByActivity('62', entries, links)
    expect(division.mapping).toBeNull()
    expect(division.matches[0]?.entry.code).toBe('62')
  })

  it('offers every metalworking contract for 25.62, each with its own reason', () => {
    const [match] = findByActivity('25.62', entries, links).matches
    const offered = match?.contracts ?? []
    const metal = offered.filter((item) =>
      [METALMECCANICA, CONFAPI_METALMECCANICA].includes(item.contract.code),
    )
    expect(metal).toHaveLength(2)
    expect(new Set(metal.map((item) => JSON.stringify(item.reason))).size).toBe(2)
    for (const item of metal) expect(item.reason).toMatchObject({ kind: 'code', codes: ['25'] })
  })

  it('keeps the other sectors the list now covers in reach', () => {
    for (const [query, expected] of [
      ['20.14.00', CHIMICO],
      ['22.22.00', GOMMA_PLASTICA],
      ['13.20.00', TESSILE],
      ['16.23.09', LEGNO],
      ['18.12.00', GRAFICI],
      ['61.10.01', TLC],
      ['35.12.00', ELETTRICO],
      ['43.91.00', EDILIZIA], // «Lavori di muratura»: the building contract, not the installers'
    ] as const)
      expect(findByActivity(query, entries, links).matches[0]?.contracts[0]?.contract.code, query).toBe(
        expected,
      )
  })

  it('has synonyms that each name at least one code of the list (data/ateco/sinonimi.json)', () => {
    const texts = entries.map(
      (entry) => new Set([...titleStems(entry.title), ...titleStems(entry.includes ?? '')]),
    )
    const dead = synonymPhrases().filter(
      ({ stems }) => !texts.some((text) => stems.every((item) => text.has(item))),
    )
    expect(dead).toEqual([])
  })

  it('tells a 2025 code from the same digits read as ATECO 2007 (25.62 was «meccanica generale»)', () => {
    const result = findByActivity('25.62', entries, links)
    expect(result.matches[0]?.entry.title).toBe('Fabbricazione di serrature e cerniere')
    expect(result.alsoAteco2007).toEqual({ code: '25.62', to: ['25.53'] })
  })
})
