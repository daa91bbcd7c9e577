import { describe, expect, it } from 'vitest'
import type { Contract } from './catalog.ts'
import {
  choicesParam,
  chooseLevel,
  comparisonTable,
  effectiveDateOn,
  noticeText,
  parseChoices,
  annualPay,
  payAt,
  representativenessText,
  type ComparedContract,
  type ContractComparison,
} from './compare-contracts.ts'
import { termsOf } from './contract-terms.ts'
import { payRow } from './pay-tables.ts'

const row = (
  code: string,
  basePay: number,
  description = `Livello ${code}`,
  otherElements: { name: string; amount: number }[] = [],
) =>
  payRow({
    code,
    description,
    basePay,
    costOfLiving: 500,
    thirdElement: 2.5,
    otherElements,
    seniorityStep: 20,
    hourlyDivisor: 168,
    dailyDivisor: 26,
    hoursPerDay: 0,
  })

const dates = [
  { day: '2026-12-01', decorrenza: '01-12-2026' },
  { day: '2025-04-01', decorrenza: '01-04-2025' },
  { day: '2024-03-01', decorrenza: '01-03-2024' },
]

const contract = (code: number, extra: Partial<Contract> = {}): Contract => ({
  code,
  sectorCode: 11,
  title: `CCNL ${code}`,
  shortTitle: null,
  cnelCode: `H0${code}`,
  noteHtml: null,
  firstFiledOn: null,
  expiresOn: null,
  signatories: { employer: [], union: [] },
  representativeness: {
    representedAtCnel: false,
    employerSideAtCnel: false,
    unionSideAtCnel: false,
    confederations: [],
  },
  ...extra,
})

describe('the decorrenza in force', () => {
  it('is the latest one not after the day, whatever the order of the list', () => {
    expect(effectiveDateOn(dates, '2026-11-27')?.decorrenza).toBe('01-04-2025')
    expect(effectiveDateOn(dates, '2025-04-01')?.decorrenza).toBe('01-04-2025')
    expect(effectiveDateOn(dates, '2026-12-01')?.decorrenza).toBe('01-12-2026')
    expect(effectiveDateOn([...dates].reverse(), '2024-12-31')?.decorrenza).toBe('01-03-2024')
  })

  it('is the earliest one when every table starts later, and none without tables', () => {
    expect(effectiveDateOn(dates, '2020-01-01')?.decorrenza).toBe('01-03-2024')
    expect(effectiveDateOn([], '2026-11-27')).toBeUndefined()
  })
})

describe('the level shown', () => {
  const levels = [row('Q', 2500), row('1', 2300), row('4', 1900), row('A4', 1500, 'Apprendista 4° livello')]

  it('is the one asked for, else the reference level, else the first qualified level', () => {
    expect(chooseLevel(levels, '1', '4')?.codiceLivello).toBe('1')
    expect(chooseLevel(levels, 'ZZ', '4')?.codiceLivello).toBe('4')
    expect(chooseLevel(levels, null, null)?.codiceLivello).toBe('Q')
    const apprenticesFirst = [levels[3], ...levels.slice(0, 3)].filter((level) => level !== undefined)
    expect(chooseLevel(apprenticesFirst, null, 'missing')?.codiceLivello).toBe('Q')
  })

  it('gives its monthly pay (every element) and annual pay (monthly × payments) at the table of the decorrenza', () => {
    const { pay, levels: listed } = payAt(
      { decorrenza: '01-04-2025', day: '2025-04-01', tabella: levels },
      null,
      { referenceLevel: '4', monthlyPayments: 14 },
    )
    expect(listed.map((level) => level.code)).toEqual(['Q', '1', '4', 'A4'])
    // 1.900,00 + 500,00 + 2,50 = 2.402,50 a month; × 14 = 33.635,00 a year.
    expect(pay).toMatchObject({
      state: 'shown',
      decorrenza: '01-04-2025',
      level: { code: '4', description: 'Livello 4' },
      monthly: 2402.5,
      annual: { amount: 33635, payments: 14 },
    })
    expect(payAt({ decorrenza: '01-04-2025', day: '2025-04-01', tabella: [] }, null, null).pay).toEqual({
      state: 'missing',
    })
  })

  it('counts an element a note grants, and leaves the annual pay out without the number of payments', () => {
    const seventh = row('7', 873.22, '7° livello', [{ name: 'EDR', amount: 5.16 }])
    const { pay } = payAt({ decorrenza: '01-11-2026', day: '2026-11-01', tabella: [seventh] }, '7', {
      referenceLevel: null,
      monthlyPayments: null,
    })
    // 873,22 + 500,00 + 2,50 + 5,16 (EDR) = 1.380,88.
    expect(pay).toMatchObject({
      monthly: 1380.88,
      otherElements: [{ name: 'EDR', amount: 5.16 }],
      annual: null,
    })
    // Terziario 7° livello from 01/11/2026, 14 payments: 897,53 + 517,51 + 2,07 + 5,16 = 1.422,27; × 14 = 19.911,78.
    expect(annualPay(1422.27, 14)).toEqual({ amount: 19911.78, payments: 14 })
  })
})

describe('the choices of a comparison', () => {
  it('read contract, contract:category and contract:category:level, once each', () => {
    const choices = parseChoices(' 133:19:4, 105 ,118:30,133:20 ')
    expect(choices).toEqual([
      { contractCode: 133, categoryCode: 19, levelCode: '4' },
      { contractCode: 105, categoryCode: null, levelCode: null },
      { contractCode: 118, categoryCode: 30, levelCode: null },
    ])
    expect(choicesParam(choices)).toBe('133:19:4,105,118:30')
    expect(parseChoices(choicesParam(choices))).toEqual(choices)
  })

  it('refuse anything else with the field named', () => {
    for (const bad of ['abc', '133:x', '-1', '133:19:' + 'x'.repeat(65)]) {
      expect(() => parseChoices(bad)).toThrow(/Indica i contratti/)
    }
  })
})

describe('the comparison table', () => {
  const withTerms = termsOf({
    weeklyHours: 40,
    monthlyPayments: 14,
    referenceLevel: '4',
    probation: [{ who: 'Impiegati', duration: '3 mesi' }],
    notice: {
      heads: ['Livelli', 'Fino a 5 anni', 'Oltre 5 anni'],
      rows: [{ who: 'Impiegati', durations: ['1 mese', '2 mesi'] }],
    },
  })
  const entry = (code: number, terms: ComparedContract['terms'], pay: ComparedContract['pay']) => ({
    contract: contract(code, code === 1 ? { expiresOn: '2024-12-31T12:00:00.000Z' } : {}),
    categories: [{ code: code * 10, name: `Categoria ${code}`, hasPayTables: true }],
    category: { code: code * 10, name: `Categoria ${code}` },
    levels: [],
    terms,
    pay,
  })
  const comparison: ContractComparison = {
    day: '2026-11-27',
    payLocked: false,
    contracts: [
      entry(1, withTerms, {
        state: 'shown',
        decorrenza: '01-04-2025',
        day: '2025-04-01',
        level: { code: '4', description: 'Commesso' },
        monthly: 1950.25,
        basePay: 1450,
        costOfLiving: 500,
        thirdElement: 0.25,
        otherElements: [],
        annual: { amount: 27303.5, payments: 14 },
      }),
      entry(2, null, { state: 'missing' }),
    ],
  }

  it('shows the terms, the pay as a number and the expiry', () => {
    const table = comparisonTable(comparison)
    const cells = Object.fromEntries(table.rows.map((r) => [r.label, r.cells]))
    expect(table.heads).toEqual(['CCNL 1 · H01', 'CCNL 2 · H02'])
    expect(cells['Minimo mensile']?.[0]).toBe(1950.25)
    // 1.950,25 × 14 = 27.303,50.
    expect(cells['Minimo annuo (mensile × mensilità)']?.[0]).toBe(27303.5)
    expect(cells['Decorrenza della tabella']?.[0]).toBe('01/04/2025')
    expect(cells['Orario settimanale']?.[0]).toBe('40 ore')
    expect(cells['Quattordicesima']?.[0]).toBe('Sì (14 mensilità)')
    expect(cells['Periodo di prova']?.[0]).toBe('Impiegati: 3 mesi')
    expect(cells['Preavviso']?.[0]).toBe('Impiegati: 1 mese (fino a 5 anni), 2 mesi (oltre 5 anni)')
    expect(cells['Scadenza']?.[0]).toBe('Scaduto il 31/12/2024 (ultrattività)')
  })

  it("says 'Non disponibile in banca dati' where the database holds nothing", () => {
    const cells = comparisonTable(comparison).rows.map((r) => r.cells[1])
    const missing = 'Non disponibile in banca dati'
    const labels = comparisonTable(comparison).rows.map((r) => r.label)
    const of = (label: string) => cells[labels.indexOf(label)]
    for (const label of [
      'Minimo mensile',
      'Minimo annuo (mensile × mensilità)',
      'Orario settimanale',
      'Periodo di prova',
      'Preavviso',
      'Quattordicesima',
      'Rappresentatività',
      'Firmatari',
      'Scadenza',
    ])
      expect(of(label), label).toBe(missing)
  })

  it('marks the pay as reserved for a reader without access', () => {
    const locked = comparisonTable({
      ...comparison,
      payLocked: true,
      contracts: comparison.contracts.map((c) => ({ ...c, pay: { state: 'locked' as const } })),
    })
    for (const label of ['Minimo mensile', 'Minimo annuo (mensile × mensilità)'])
      expect(locked.rows.find((r) => r.label === label)?.cells).toEqual([
        'Riservato agli abbonati',
        'Riservato agli abbonati',
      ])
  })
})

describe('the representativeness facts', () => {
  const facts = (extra: Partial<Contract['representativeness']>) =>
    representativenessText(
      contract(1, {
        representativeness: {
          representedAtCnel: false,
          employerSideAtCnel: false,
          unionSideAtCnel: false,
          confederations: [],
          ...extra,
        },
      }),
    )

  it('give the badge’s wording, else what the CNEL archive says, else that nothing is known', () => {
    expect(facts({ employerSideAtCnel: true, confederations: ['cgilCislUil'] })).toBe(
      'Firmatari più rappresentativi secondo il CNEL',
    )
    expect(facts({ representedAtCnel: true, confederations: ['ugl', 'confsal'] })).toBe(
      'Rappresentato al CNEL\nConfederazioni firmatarie: UGL, Confsal',
    )
    expect(facts({})).toBe('Non disponibile in banca dati')
  })
})

describe('stored terms', () => {
  it('drop a notice table whose rows do not match its heads, and keep the rest', () => {
    const terms = termsOf({
      weeklyHours: 38,
      monthlyPayments: 13,
      probation: [{ who: 'Operai', duration: '2 settimane' }],
      notice: { heads: ['Livelli', 'Fino a 5 anni'], rows: [{ who: 'Operai', durations: ['1', '2'] }] },
    })
    expect(terms.notice).toBeNull()
    expect(terms.probation).toHaveLength(1)
    expect(terms.weeklyHours).toBe(38)
    expect(noticeText({ heads: ['Livelli', 'A'], rows: [{ who: 'Tutti', durations: ['1 mese'] }] })).toBe(
      'Tutti: 1 mese (a)',
    )
  })
})
