/**
 * Worked examples of the cost of labour, each checked by hand in the
 * comments (every row rounded to the cent, every total the sum of the rows):
 * a part-time employee of a small terziario company, a first-year apprentice
 * of an industrial company with 8 employees, and an industrial operaio of a
 * company with 12 employees. The rates are the shipped ones
 * (data/seed/labour-cost.json), chosen by `chooseRates` as the page does.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  contributionRatesRecord,
  labourCostTermsSchema,
  type ContributionRatesRecord,
} from '../content/index.ts'
import { AppError } from '../platform/index.ts'
import { calculateLabourCost, type LabourCostInput, type LabourCostResult } from './calculate-labour-cost.ts'
import { chooseRates, type RatesCase } from './choose-rates.ts'
import { referenceDay } from './create-labour-cost.ts'

const shipped = JSON.parse(
  readFileSync(new URL('../../data/seed/labour-cost.json', import.meta.url), 'utf8'),
) as { contributionRates: unknown[] }
const records: ContributionRatesRecord[] = shipped.contributionRates.map((record) =>
  contributionRatesRecord.parse(record),
)

/** 40 hours a week: 2,088 theoretical hours, 352 not worked (160 + 64 + 88 + 40), 1,736 worked. */
const hours = {
  holidays: 160,
  festivities: 64,
  leave: 88,
  absences: [{ label: 'Malattia', hours: 40 }],
  source: 'esempio',
}

const totalOf = (result: LabourCostResult, key: string) =>
  result.blocks.find((block) => block.key === key)?.total ?? 0
const amounts = (result: LabourCostResult, key: string) =>
  Object.fromEntries(
    (result.blocks.find((block) => block.key === key)?.lines ?? []).map((line) => [line.code, line.amount]),
  )

function caseOf(
  terms: unknown,
  wanted: RatesCase,
  input: Partial<LabourCostInput> & Pick<LabourCostInput, 'elements'>,
) {
  const parsed = labourCostTermsSchema.parse(terms)
  const chosen = chooseRates(records, wanted)
  return calculateLabourCost({
    hourlyDivisor: 173,
    dailyDivisor: 26,
    monthlyPayments: 13,
    hourlyPaid: false,
    weeklyHours: 40,
    partTimePercent: 100,
    apprenticePayPercent: null,
    hours: parsed.hours,
    charges: parsed.charges,
    contributions: chosen.rates,
    inail: chosen.inailIncluded ? null : { perMille: 10, source: 'indicato', isDefault: false },
    irapPercent: null,
    ...input,
  })
}

describe('calculateLabourCost: worked examples (checked by hand)', () => {
  it('part-time 50 % in a terziario company with 6 employees, 14 monthly payments', () => {
    // Paga base 1.500,00 + contingenza 500,00 a month, full time; half of it at 50 %.
    // Hours: 2.088 × 50 % = 1.044 theoretical; 80 + 32 + 44 + 20 = 176 not worked; 868 worked.
    // A: 12 × 750,00 = 9.000,00; 12 × 250,00 = 3.000,00                       → A = 12.000,00
    // B: 13ª and 14ª, one month each: 1.000,00 + 1.000,00                      → B =  2.000,00
    // C on 14.000,00: IVS 23,81 % 3.333,40; NASpI 1,31 % 183,40; formazione 0,30 % 42,00;
    //    FG TFR 0,20 % 28,00; CUAF 0,68 % 95,20; malattia 2,44 % 341,60; maternità 0,24 % 33,60;
    //    FIS 0,53 % (6 employees: more than 5) 74,20; INAIL 10 ‰ 140,00         → C =  4.271,40
    // TFR: 14.000,00 / 13,5 = 1.037,037…                                        →      1.037,04
    // D: fondo sanitario 12,00 × 12 = 144,00 (per worker, whatever the part-time); previdenza
    //    complementare 1,55 % of 12.000,00 = 186,00                            → D =    330,00
    // Annual 12.000,00 + 2.000,00 + 4.271,40 + 1.037,04 + 330,00 = 19.638,44; monthly 1.636,54;
    // per hour paid 19.638,44 / 1.044 = 18,81; per hour worked 19.638,44 / 868 = 22,62.
    const result = caseOf(
      {
        hours,
        charges: [
          { code: 'fondo-sanitario', label: 'Fondo sanitario', block: 'D', monthly: 12, source: 'CCNL' },
          { code: 'previdenza', label: 'Previdenza', block: 'D', rate: 1.55, base: 'pay', source: 'CCNL' },
        ],
      },
      {
        classification: 'terziario',
        sizeBand: 'fino-15',
        employees: 6,
        qualification: 'impiegati',
        apprenticeYear: null,
        day: '2026-03-01',
      },
      {
        elements: [
          { code: 'paga-base', label: 'Paga base', monthly: 1500, variable: false },
          { code: 'contingenza', label: 'Contingenza', monthly: 500, variable: false },
        ],
        monthlyPayments: 14,
        partTimePercent: 50,
      },
    )
    expect(result.hours).toMatchObject({ theoretical: 1044, worked: 868, paid: 1044 })
    expect(result.hours.deductions.map((entry) => entry.hours)).toEqual([80, 32, 44, 20])
    expect(amounts(result, 'A')).toEqual({ 'paga-base': 9000, contingenza: 3000 })
    expect(amounts(result, 'B')).toEqual({ 'mensilita-13': 1000, 'mensilita-14': 1000 })
    expect(amounts(result, 'C')).toEqual({
      'inps-ivs': 3333.4,
      'inps-naspi': 183.4,
      'inps-formazione': 42,
      'inps-fgtfr': 28,
      'inps-cuaf': 95.2,
      'inps-malattia': 341.6,
      'inps-maternita': 33.6,
      'inps-fis': 74.2,
      inail: 140,
    })
    expect(result.contributionBase).toBe(14000)
    expect(totalOf(result, 'C')).toBe(4271.4)
    expect(totalOf(result, 'TFR')).toBe(1037.04)
    expect(amounts(result, 'D')).toEqual({ 'fondo-sanitario': 144, previdenza: 186 })
    expect(result.totals).toEqual({
      annual: 19638.44,
      monthly: 1636.54,
      perHourPaid: 18.81,
      perHourWorked: 22.62,
    })
  })

  it('a first-year apprentice of an industrial company with 8 employees (80 % of the level)', () => {
    // Level 1.800,00 a month; the apprentice earns 80 %: 1.440,00. Hours 2.088 − 352 = 1.736.
    // A: 12 × 1.440,00 = 17.280,00. B: 13ª 1.440,00. Contribution base 18.720,00.
    // Apprentices' regime (8 employees: up to 9): formazione 0,30 % 56,16; CIGO 1,70 % 318,24;
    //   apprendisti 1,5 % (first year) 280,80; NASpI 1,31 % 245,232 → 245,23. INAIL is in the
    //   apprentices' rate: no line.                                               C = 900,43
    // TFR: 18.720,00 / 13,5 = 1.386,666… → 1.386,67.
    // Annual 17.280,00 + 1.440,00 + 900,43 + 1.386,67 = 21.007,10; per hour worked 21.007,10 / 1.736 = 12,10.
    const result = caseOf(
      { hours },
      {
        classification: 'industria',
        sizeBand: 'fino-15',
        employees: 8,
        qualification: 'impiegati',
        apprenticeYear: 1,
        day: '2025-06-01',
      },
      {
        elements: [{ code: 'paga-base', label: 'Paga base', monthly: 1800, variable: false }],
        apprenticePayPercent: 80,
        inail: null,
      },
    )
    expect(amounts(result, 'A')).toEqual({ 'paga-base': 17280 })
    expect(amounts(result, 'B')).toEqual({ 'mensilita-13': 1440 })
    expect(amounts(result, 'C')).toEqual({
      'inps-formazione': 56.16,
      'inps-cigo': 318.24,
      'inps-apprendisti': 280.8,
      'inps-naspi-apprendisti': 245.23,
    })
    expect(totalOf(result, 'C')).toBe(900.43)
    expect(totalOf(result, 'TFR')).toBe(1386.67)
    expect(result.totals.annual).toBe(21007.1)
    expect(result.totals.perHourWorked).toBe(12.1)
    // The same apprentice in the third year pays the full 10 %: 1.872,00 instead of 280,80.
    const third = chooseRates(records, {
      classification: 'industria',
      sizeBand: 'fino-15',
      employees: 8,
      qualification: 'impiegati',
      apprenticeYear: 3,
      day: '2025-06-01',
    })
    expect(third.rates.find((rate) => rate.code === 'apprendisti')?.rate).toBe(10)
    expect(third.inailIncluded).toBe(true)
  })

  it('an operaio of an industrial company with 12 employees: no CIGS, malattia due', () => {
    // Paga base 2.000,00 and two seniority steps of 20,00: 2.040,00 a month, full time.
    // A: 24.000,00 + 480,00 = 24.480,00. B: 13ª 2.040,00. Contribution base 26.520,00.
    // IVS 23,81 % 6.314,412 → 6.314,41; NASpI 1,31 % 347,412 → 347,41; formazione 0,30 % 79,56;
    // FG TFR 0,20 % 53,04; CUAF 0,68 % 180,336 → 180,34; malattia (operai) 2,22 % 588,744 → 588,74;
    // maternità 0,46 % 121,992 → 121,99; CIGO 1,70 % 450,84 → INPS 8.136,33; INAIL 15 ‰ 397,80.
    //                                                                              C = 8.534,13
    // TFR: 26.520,00 / 13,5 = 1.964,444… → 1.964,44.
    // Annual 24.480,00 + 2.040,00 + 8.534,13 + 1.964,44 = 37.018,57; monthly 3.084,88;
    // per hour paid 37.018,57 / 2.088 = 17,73; per hour worked 37.018,57 / 1.736 = 21,32.
    const small = {
      classification: 'industria',
      sizeBand: 'fino-15',
      employees: 12,
      qualification: 'operai',
      apprenticeYear: null,
      day: '2026-02-01',
    } as const
    const elements = [
      { code: 'paga-base', label: 'Paga base', monthly: 2000, variable: false },
      { code: 'scatti', label: 'Scatti (2)', monthly: 40, variable: false },
    ]
    const inail = { perMille: 15, source: 'indicato', isDefault: false }
    const result = caseOf({ hours }, small, { elements, inail })
    expect(amounts(result, 'A')).toEqual({ 'paga-base': 24000, scatti: 480 })
    expect(amounts(result, 'C')).toEqual({
      'inps-ivs': 6314.41,
      'inps-naspi': 347.41,
      'inps-formazione': 79.56,
      'inps-fgtfr': 53.04,
      'inps-cuaf': 180.34,
      'inps-malattia': 588.74,
      'inps-maternita': 121.99,
      'inps-cigo': 450.84,
      inail: 397.8,
    })
    expect(totalOf(result, 'C')).toBe(8534.13)
    expect(result.totals).toEqual({
      annual: 37018.57,
      monthly: 3084.88,
      perHourPaid: 17.73,
      perHourWorked: 21.32,
    })
    // With 20 employees (band 16-50) CIGS 0,60 % is due as well: 26.520,00 × 0,60 % = 159,12 more.
    const larger = caseOf({ hours }, { ...small, sizeBand: '16-50', employees: 20 }, { elements, inail })
    expect(amounts(larger, 'C')['inps-cigs']).toBe(159.12)
    expect(larger.totals.annual).toBe(37177.69)
  })

  it('every printed total is the sum of its printed rows', () => {
    const result = caseOf(
      {
        hours,
        charges: [
          { code: 'ente', label: 'Ente bilaterale', block: 'D', rate: 0.05, base: 'pay', source: 'CCNL' },
        ],
      },
      {
        classification: 'terziario',
        sizeBand: 'oltre-50',
        employees: null,
        qualification: 'impiegati',
        apprenticeYear: null,
        day: '2026-01-01',
      },
      {
        elements: [{ code: 'paga-base', label: 'Paga base', monthly: 1733.33, variable: false }],
        partTimePercent: 73,
        monthlyPayments: 14,
        irapPercent: 3.9,
      },
    )
    for (const block of result.blocks) {
      const rows = block.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0)
      expect(Math.round(block.total * 100)).toBe(rows)
    }
    const blocks = result.blocks.reduce((sum, block) => sum + Math.round(block.total * 100), 0)
    expect(Math.round(result.totals.annual * 100)).toBe(blocks)
  })
})

describe('chooseRates: a missing rate is named, never estimated', () => {
  const wanted: RatesCase = {
    classification: 'industria',
    sizeBand: 'oltre-50',
    employees: null,
    qualification: 'impiegati',
    apprenticeYear: null,
    day: '2026-05-01',
  }

  it('refuses a classification without rates, naming it and the day', () => {
    expect(() => chooseRates(records, { ...wanted, classification: 'agricoltura' })).toThrow(
      'Mancano le aliquote contributive per Agricoltura, oltre 50 dipendenti, in vigore al 01/05/2026',
    )
    expect(() => chooseRates(records, { ...wanted, day: '2024-12-31' })).toThrow(AppError)
  })

  it('refuses a record that lacks a required rate, naming the rate', () => {
    const withoutApprentices = records.map((record) => ({
      ...record,
      rates: record.rates.filter((rate) => rate.code !== 'apprendisti'),
    }))
    expect(() => chooseRates(withoutApprentices, { ...wanted, apprenticeYear: 2 })).toThrow(
      "Manca l'aliquota «contribuzione degli apprendisti» per Industria, oltre 50 dipendenti, in vigore al 01/05/2026",
    )
  })

  it('takes the record in force on the day: 2025 until 31 December, 2026 from 1 January', () => {
    expect(chooseRates(records, { ...wanted, day: '2025-12-31' }).record.validFrom).toBe('2025-01-01')
    expect(chooseRates(records, { ...wanted, day: '2026-01-01' }).record.validFrom).toBe('2026-01-01')
    // The 2026 record has no end: it stays in force until the editors add a later one.
    expect(chooseRates(records, { ...wanted, day: '2031-07-01' }).record.validFrom).toBe('2026-01-01')
  })

  it('ships a source for every rate', () => {
    for (const record of records)
      for (const rate of record.rates)
        expect(rate.source.length, `${record.classification} ${rate.code}`).toBeGreaterThan(10)
  })
})

describe('referenceDay: the rates of the days the table applies', () => {
  const days = ['2024-04-01', '2025-03-01', '2025-11-01', '2026-11-01']
  it('is today while the table is in force', () => {
    expect(referenceDay('2025-11-01', days, '2026-02-10')).toBe('2026-02-10')
  })
  it('is the first day of a later table', () => {
    expect(referenceDay('2026-11-01', days, '2026-02-10')).toBe('2026-11-01')
  })
  it('is the last day of a table a later one replaced', () => {
    expect(referenceDay('2024-04-01', days, '2026-02-10')).toBe('2025-02-28')
  })
})
