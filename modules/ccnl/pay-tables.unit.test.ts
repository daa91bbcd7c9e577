import { describe, expect, it } from 'vitest'
import { csvCell } from './export.ts'
import { comparePayTables, payRow, type PayTable } from './pay-tables.ts'

const level = (
  code: string,
  basePay: number,
  extra: Partial<Parameters<typeof payRow>[0]> = {},
): Parameters<typeof payRow>[0] => ({
  code,
  description: `Livello ${code}`,
  basePay,
  costOfLiving: 500,
  thirdElement: 2,
  otherElements: [],
  seniorityStep: 20,
  hourlyDivisor: 168,
  dailyDivisor: 26,
  hoursPerDay: 0,
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

  it('totals every element of the monthly pay, an element a note grants included, and derives the rates from it', () => {
    // Terziario 7° livello from 01/11/2026: 897,53 + 517,51 + 2,07 + EDR 5,16 = 1.422,27;
    // hourly 1.422,27 / 168 = 8,4659 → 8,47; daily 1.422,27 / 26 = 54,7027 → 54,70.
    const row = payRow(
      level('7', 897.53, {
        costOfLiving: 517.51,
        thirdElement: 2.07,
        otherElements: [{ name: 'EDR', amount: 5.16 }],
      }),
    )
    expect(row.altriElementi).toEqual([{ voce: 'EDR', importo: 5.16 }])
    expect(row.totaleMensile).toBe(1422.27)
    expect(row.pagaOraria).toBe(8.47)
    expect(row.pagaGiornaliera).toBe(54.7)
  })

  it('gives a worker paid by the hour a day of its hours at the hourly pay', () => {
    // Edilizia, operaio comune from 01/03/2026: 1.117,36 + 512,87 + 10,33 = 1.640,56 a month;
    // hourly 1.640,56 / 173 = 9,4830 → 9,48; daily 8 × 9,48 = 75,84 (not 1.640,56 / 26 = 63,10).
    const row = payRow(
      level('1', 1117.36, { costOfLiving: 512.87, thirdElement: 10.33, hourlyDivisor: 173, hoursPerDay: 8 }),
    )
    expect(row.totaleMensile).toBe(1640.56)
    expect(row.pagaOraria).toBe(9.48)
    expect(row.pagaGiornaliera).toBe(75.84)
    expect(row.oreGiornaliere).toBe(8)
  })

  it('leaves the derived amounts empty without a divisor', () => {
    const row = payRow(level('1', 1000, { hourlyDivisor: 0, dailyDivisor: 0 }))
    expect(row.pagaOraria).toBeNull()
    expect(row.pagaGiornaliera).toBeNull()
  })
})

describe('comparing two effective dates', () => {
  it('compares the monthly totals, the other elements included', () => {
    const withEdr = { otherElements: [{ name: 'EDR', amount: 5.16 }] }
    const before = tableOf('2025-11-01', [payRow(level('7', 1019.94, withEdr))])
    const after = tableOf('2026-11-01', [payRow(level('7', 1048.33, withEdr))])
    // 1.019,94 + 500 + 2 + 5,16 = 1.527,10 → 1.048,33 + 507,16 = 1.555,49: +28,39 (+1,86 %).
    expect(comparePayTables(before, after)).toEqual([
      {
        codiceLivello: '7',
        descrizione: 'Livello 7',
        from: 1527.1,
        to: 1555.49,
        difference: 28.39,
        percent: 1.86,
      },
    ])
  })

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
