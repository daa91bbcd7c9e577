/**
 * The arrears calculator between the request and the files: the contract's
 * defaults, the renewal's una tantum, the Cassa Edile, and the XLSX and PDF
 * whose every printed total adds the rows printed above it.
 */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/pdf-text.ts'
import { arrearsRows, arrearsXlsx } from './arrears-export.ts'
import { arrearsPdf } from './arrears-pdf.ts'
import { readArrearsQuery, type ArrearsQuery } from './arrears-request.ts'
import { levelArrearsOf, type ArrearsSource } from './calculate-level-arrears.ts'
import { edili, terziario } from './fixtures/arrears-source.ts'

const compute = (source: ArrearsSource, query: ArrearsQuery) => {
  const read = readArrearsQuery(source.category.code, query)
  if (!read.request) throw new Error(JSON.stringify(read.errors))
  return levelArrearsOf(source, read.request)
}

/** Commercio 4° livello, full time, in force before the 01/03/2025 renewal, to 30/11/2026. */
const commercio = { livello: '4', decorrenza: '01-03-2025', fine: '30-11-2026' }

describe('the arrears request', () => {
  it('refuses out-of-range days and values before anything is computed, in Italian', () => {
    expect(readArrearsQuery(19, { ...commercio, fine: '31-12-9999' }).errors).toEqual({
      fine: 'Data di fine: indica una data valida nel formato gg/mm/aaaa, tra il 1950 e il 2100.',
    })
    expect(readArrearsQuery(19, { ...commercio, mensilita: '15' }).errors).toEqual({
      mensilita: 'Le mensilità annue devono essere 12, 13 o 14.',
    })
    expect(readArrearsQuery(19, { ...commercio, giorni: 'lunari' }).errors?.giorni).toContain('ventiseiesimi')
    expect(readArrearsQuery(19, { ...commercio, utpagate: '31-03-2025,ieri' }).errors?.utpagate).toContain(
      'date di erogazione',
    )
    expect(
      readArrearsQuery(19, { ...commercio, utpagate: '31-03-2025, 2025-07-31' }).request?.unaTantumPaid,
    ).toEqual(['2025-03-31', '2025-07-31'])
  })
})

describe('a level’s arrears from the contract’s tables and terms', () => {
  it('takes the contract’s 14 monthly payments and the 26ths of its tables when the request names none', () => {
    // The worked example of modules/arrears: pay 1.120,00; 13th 65,00 and 14th 95,00 (160,00);
    // una tantum 350,00; total 1.630,00; accruals not yet due 133,34; TFR 104,69.
    const result = compute(terziario, commercio)
    expect(result.request).toMatchObject({ monthlyPayments: 14, dayCount: 'twentySixths' })
    expect(result.method).toMatchObject({ dailyDivisor: 26, fourteenthMonth: 7, cassaEdile: null })
    expect(result.totals).toEqual({
      pay: 1120,
      thirteenth: 65,
      fourteenth: 95,
      fund: 0,
      unaTantum: 350,
      total: 1630,
      accrued: 133.34,
    })
    expect(result.tfr).toEqual({ base: 1413.34, amount: 104.69 })
  })

  it('leaves out the una tantum of the 01/03/2025 renewal from the 01/11/2025 one', () => {
    // Paid 1.748,75; pay 12 × 35,00 + 70,00 = 490,00; 13th December 2025 35,00; 14th July 2026 35,00.
    const result = compute(terziario, { ...commercio, decorrenza: '01-11-2025' })
    expect(result.paidStep).toBe('2025-03-01')
    expect(result.unaTantum.map((line) => [line.paidOn, line.status, line.due])).toEqual([
      ['2025-03-31', 'otherRenewal', 0],
      ['2025-07-31', 'otherRenewal', 0],
    ])
    expect(result.totals.unaTantum).toBe(0)
    expect(result.totals.total).toBe(560)
  })

  it('totals 0,00 € when the latest table was paid, and when the una tantum was', () => {
    expect(compute(terziario, { ...commercio, corrisposto: '01-11-2026' }).totals.total).toBe(0)
    const paid = compute(terziario, { ...commercio, utpagate: '31-03-2025,31-07-2025' })
    expect(paid.unaTantum.map((line) => line.status)).toEqual(['alreadyPaid', 'alreadyPaid'])
    expect(paid.totals.total).toBe(1280)
  })

  it('puts the construction workers’ extra payments through the Cassa Edile', () => {
    // 5 × 112,00 = 560,00; accantonamento 5 × 20,72 = 103,60; una tantum 250,00; total 913,60.
    const result = compute(edili, { livello: '4', decorrenza: '01-02-2025', fine: '30-06-2025' })
    expect(result.method.cassaEdile).toEqual({ percent: 18.5 })
    expect(result.extraPayments).toEqual([])
    expect(result.totals).toMatchObject({ pay: 560, fund: 103.6, thirteenth: 0, fourteenth: 0, total: 913.6 })
  })
})

/** The printed rows of the XLSX: the values of every row, in order. */
async function sheetRows(data: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(data as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('nessun foglio')
  const rows: { values: unknown[]; formats: (string | undefined)[] }[] = []
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: unknown[] = []
    const formats: (string | undefined)[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cell.value
      formats[column - 1] = cell.numFmt
    })
    rows.push({ values, formats })
  })
  return rows
}
const cents = (values: unknown[]) =>
  Math.round(values.reduce<number>((sum, value) => sum + Math.round(Number(value) * 100), 0)) / 100

describe('the XLSX of a calculation', () => {
  it('has real dates, amounts as numbers, and totals that add the printed rows', async () => {
    const result = compute(terziario, {
      ...commercio,
      parttime: '55',
      assunzione: '17-06-2024',
      giorni: 'calendario',
    })
    const file = await arrearsXlsx(result)
    expect(file.name).toBe('arretrati_19_4.xlsx')
    const rows = await sheetRows(file.data)
    const index = (label: string) => rows.findIndex((row) => row.values[0] === label)
    const header = index('Mese')
    const total = index('Totale del periodo')
    const lines = rows.slice(header + 1, total)
    expect(lines).toHaveLength(result.lines.length)
    // Month, decorrenza, from and to are dates with a date format; amounts numbers with two decimals.
    expect(lines[0]?.values[0]).toBeInstanceOf(Date)
    expect(lines[0]?.formats[0]).toBe('mmmm yyyy')
    expect(lines[0]?.values[1]).toEqual(new Date('2025-03-01T00:00:00Z'))
    expect(lines[0]?.formats[1]).toBe('dd/mm/yyyy')
    expect(lines[0]?.formats[8]).toBe('#,##0.00')
    expect(rows[total]?.values[8]).toBe(cents(lines.map((row) => row.values[8])))
    // The extra payments' total adds its rows; the 13th and 14th rows are apart.
    const extraHeader = index('Mensilità')
    const extraTotal = index('Totale mensilità aggiuntive')
    const extra = rows.slice(extraHeader + 1, extraTotal)
    expect(extra.map((row) => row.values[0])).toEqual(['14ª mensilità', '13ª mensilità', '14ª mensilità'])
    expect(rows[extraTotal]?.values[4]).toBe(cents(extra.map((row) => row.values[4])))
    // Years: each column's total adds the years printed.
    const yearsTotal = index('Totale')
    const years = rows.slice(index('Anno') + 1, yearsTotal)
    for (const column of [1, 2, 3, 4, 5]) {
      expect(rows[yearsTotal]?.values[column]).toBe(cents(years.map((row) => row.values[column])))
    }
    expect(years[0]?.values[6]).toBe('arretrati di anni precedenti, tassazione separata')
    expect(rows[index('Totale arretrati')]?.values[1]).toBe(result.totals.total)
  })

  it('reads the same rows the PDF prints', () => {
    const { rows } = arrearsRows(compute(terziario, commercio))
    expect(rows.flat()).toContain('Ratei maturati, non ancora esigibili')
  })
})

describe('the PDF of a calculation', () => {
  it('is a client document: who, the method on the first page, the 13th and the 14th apart', async () => {
    const result = compute(terziario, { ...commercio, dipendente: 'Maria Rossi', azienda: 'Rossi S.r.l.' })
    const file = await arrearsPdf(result, new Date('2026-12-03T10:00:00Z'))
    expect(file.name).toBe('arretrati_19_4.pdf')
    const text = pdfText(file.data)
    for (const expected of [
      'Dipendente Maria Rossi',
      'Azienda Rossi S.r.l.',
      'Mesi parziali in ventiseiesimi (giorni lavorativi su 26); divisore giornaliero del contratto 26.',
      '13ª mensilità 65,00 €',
      '14ª mensilità 95,00 €',
      'Una tantum 350,00 €',
      'Totale arretrati 1.630,00 €',
      'Ratei maturati, non ancora esigibili 133,34 €',
      '1.413,34 € / 13,5 = 104,69 €',
      'Totale del periodo 1.120,00 €',
      'Totale mensilità aggiuntive 160,00 €',
      '2025 * 370,00 € 65,00 € 30,00 € 350,00 € 815,00 €',
      'Totale 1.120,00 € 65,00 € 95,00 € 350,00 € 1.630,00 €',
      'IRPEF e addizionali',
      'Calcolo del 03/12/2026',
    ]) {
      expect(text).toContain(expected)
    }
    // The method and the totals come before the first page's footer.
    const firstFooter = text.indexOf('Pagina 1 di')
    expect(text.indexOf('Metodo')).toBeLessThan(firstFooter)
    expect(text.indexOf('Totale arretrati')).toBeLessThan(firstFooter)
  })
})
