/**
 * Many employees at once: good rows are computed, each bad row is named by
 * its line and column in Italian, and the summary's totals add the
 * employees' printed totals, in the XLSX (a summary sheet and a sheet per
 * employee) and the PDF.
 */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/pdf-text.ts'
import { readEmployeeList } from '../arrears/index.ts'
import { arrearsListPdf, arrearsListXlsx } from './arrears-list-export.ts'
import { arrearsListOf, listErrorText } from './arrears-list.ts'
import { terziario } from './fixtures/arrears-source.ts'

const csv = [
  'nome;livello;assunzione;parttime;fine;corrisposto;una tantum già corrisposta',
  // 1.630,00: the worked example (full time, in force before, to 30/11/2026).
  'Maria Rossi;4;;;;;',
  // Hired 10/10/2023 at 50 %: pay 8 × 15,00 + 12 × 32,50 + 50,00 = 560,00; 14th July 2025 15,00 and
  // July 2026 32,50; 13th December 2025 32,50; una tantum 2 × 43,75, the first paid: 43,75. Total 683,75.
  'Luca Bianchi;4;10/10/2023;50;;;31/03/2025',
  'Anna Verdi;9;;;;;',
  ';4;31/02/2025;150;;;',
  'Paolo Neri;4;;;;01/01/2020;',
].join('\n')

async function list() {
  const read = await readEmployeeList(new TextEncoder().encode(csv))
  if (!read.rows) throw new Error(read.error)
  return arrearsListOf(terziario, { decorrenza: '01-03-2025', fine: '30-11-2026' }, read.rows)
}

describe('a list of employees', () => {
  it('computes the good rows and names every bad one by line and column, in Italian', async () => {
    const result = await list()
    expect(
      result.employees.map((employee) => [employee.line, employee.name, employee.result.totals.total]),
    ).toEqual([
      [2, 'Maria Rossi', 1630],
      [3, 'Luca Bianchi', 683.75],
    ])
    expect(result.errors.map(listErrorText)).toEqual([
      'Riga 4, colonna «livello»: Il livello indicato non compare nelle tabelle retributive della categoria.',
      'Riga 5, colonna «nome»: manca il nome del dipendente.',
      'Riga 5, colonna «assunzione»: Data di assunzione: indica una data valida nel formato gg/mm/aaaa, tra il 1950 e il 2100.',
      'Riga 5, colonna «parttime»: La percentuale di part-time deve essere un numero intero tra 1 e 100.',
      'Riga 6, colonna «corrisposto»: La tabella corrisposta deve essere quella precedente alla decorrenza del rinnovo o una successiva.',
    ])
    expect(result.totals.total).toBe(2313.75)
  })

  it('writes one XLSX: the summary with its total and errors, then a sheet per employee', async () => {
    const file = await arrearsListXlsx(await list())
    expect(file.name).toBe('arretrati_19_elenco.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(file.data as unknown as ArrayBuffer)
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Riepilogo',
      '2 Maria Rossi',
      '3 Luca Bianchi',
    ])
    const summary = workbook.worksheets[0]
    const values = Array.from(summary?.getSheetValues() ?? [], (row) =>
      Array.isArray(row) ? row.slice(1) : [],
    )
    const header = values.findIndex((row) => row[0] === 'Riga')
    const total = values.findIndex((row) => row[0] === 'Totale')
    const column = (values[header] ?? []).indexOf('Totale arretrati')
    const rows = values.slice(header + 1, total)
    expect(rows.map((row) => row[column])).toEqual([1630, 683.75])
    expect(values[total]?.[column]).toBe(2313.75)
    expect(values.flat()).toContain('Riga 5, colonna «nome»: manca il nome del dipendente.')
    expect(rows[1]?.[3]).toEqual(new Date('2023-10-10T00:00:00Z'))
  })

  it('writes one PDF: the summary, then each employee from a new page', async () => {
    const file = await arrearsListPdf(await list(), new Date('2026-12-03T10:00:00Z'))
    const text = pdfText(file.data)
    expect(text).toContain('2 dipendenti calcolati · 3 righe con errori')
    expect(text).toContain('Totale 393,75 € 2.313,75 €')
    expect(text).toContain('Dipendente Maria Rossi')
    expect(text).toContain('Dipendente Luca Bianchi')
    expect(text).toContain('Riga 4, colonna «livello»')
  })

  it('renders a long list’s PDF in a worker thread while the event loop keeps turning', async () => {
    const rows = Array.from({ length: 21 }, (_, index) => ({
      line: index + 2,
      cells: { name: `Dipendente ${index + 1}`, level: '4' },
    }))
    const long = arrearsListOf(terziario, { decorrenza: '01-03-2025', fine: '30-11-2026' }, rows)
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 5)
    const file = await arrearsListPdf(long, new Date('2026-12-03T10:00:00Z'))
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(0)
    // 21 × 1.630,00 = 34.230,00.
    expect(pdfText(file.data)).toContain('34.230,00 €')
    expect(pdfText(file.data)).toContain('Dipendente Dipendente 21')
  }, 180_000)
})
