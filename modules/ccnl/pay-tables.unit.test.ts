import { describe, expect, it } from 'vitest'
import { csvCell } from './export.ts'
import { comparePayTables, payRow, type PayTable } from './pay-tables.ts'

const level = (code: string, basePay: number, extra: Partial<Parameters<typeof payRow>[0]> = {}) => ({
  code,
  description: `Livello ${code}`,
  basePay,
  costOfLiving: 500,
  thirdElement: 2,
  seniorityStep: 20,
  hourlyDivisor: 168,
  dailyDivisor: 26,
  ...extra,
})

const tableOf = (day: string, rows: ReturnType<typeof payRow>[]): PayTable => ({
  categoryCode: 19,
  decorrenza: day.split('-').reverse().join('-'),
  day,
  historical: false,
  tabella: rows,
  livelli: [],
  qualificati: rows,
  apprendisti: [],
  noteHtml: '',
})

describe('pay rows', () => {
  it('derives hourly and daily pay from the monthly amounts and the contract divisors', () => {
    const row = payRow(level('4', 1292.46))
    expect(row.pagaOraria).toBe(10.68)
    expect(row.pagaGiornaliera).toBe(69.02)
  })

  it('leaves the derived amounts empty without a divisor', () => {
    const row = payRow(level('1', 1000, { hourlyDivisor: 0, dailyDivisor: 0 }))
    expect(row.pagaOraria).toBeNull()
    expect(row.pagaGiornaliera).toBeNull()
  })
})

describe('comparing two effective dates', () => {
  it('gives the difference in euro and percent per level, and levels present in one table only', () => {
    const before = tableOf('2025-11-01', [payRow(level('4', 1000)), payRow(level('5', 900))])
    const after = tableOf('2026-11-01', [payRow(level('4', 1050)), payRow(level('6', 800))])
    expect(comparePayTables(before, after)).toEqual([
      { codiceLivello: '4', descrizione: 'Livello 4', from: 1502, to: 1552, difference: 50, percent: 3.33 },
      { codiceLivello: '6', descrizione: 'Livello 6', from: null, to: 1302, difference: null, percent: null },
      { codiceLivello: '5', descrizione: 'Livello 5', from: 1402, to: null, difference: null, percent: null },
    ])
  })
})

describe('CSV cells', () => {
  it('writes amounts with the Italian decimal comma and quotes cells that need it', () => {
    expect(csvCell(1292.46)).toBe('1292,46')
    expect(csvCell('Quadri; direttivi')).toBe('"Quadri; direttivi"')
    expect(csvCell('il "quarto"')).toBe('"il ""quarto"""')
    expect(csvCell(null)).toBe('')
  })

  it('keeps a spreadsheet from running text as a formula, while numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://example.com";"Apri")')).toBe(
      `"'=HYPERLINK(""http://example.com"";""Apri"")"`,
    )
    expect(csvCell('+1+cmd|x')).toBe("'+1+cmd|x")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell(-12.5)).toBe('-12,50')
    expect(csvCell('-3')).toBe('-3')
    expect(csvCell('+1,50')).toBe('+1,50')
    expect(csvCell('Livello 4 - operai')).toBe('Livello 4 - operai')
  })
})
