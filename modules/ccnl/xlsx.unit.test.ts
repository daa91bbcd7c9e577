import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { AMOUNT_FORMAT, xlsxOf } from './xlsx.ts'

async function read(data: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(data as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('nessun foglio')
  return sheet
}

describe('the XLSX workbook', () => {
  it('keeps numbers as numbers with the amount format, text as text, and a bold header', async () => {
    const data = await xlsxOf(
      'Tabelle retributive: 2026/01',
      [['Titolo'], [], ['Livello', 'Paga base'], ['Q & A <1>', 2243.85], ['=1+1', 1500], [null, '']],
      { numberFormats: { 1: AMOUNT_FORMAT }, headerRow: 2 },
    )
    expect(data.subarray(0, 2).toString('latin1')).toBe('PK')
    const sheet = await read(data)
    // ':' and '/' are not allowed in a worksheet's name.
    expect(sheet.name).toBe('Tabelle retributive  2026 01')
    expect(sheet.getCell('B4').value).toBe(2243.85)
    expect(sheet.getCell('B4').numFmt).toBe(AMOUNT_FORMAT)
    expect(sheet.getCell('A4').value).toBe('Q & A <1>')
    expect(sheet.getCell('A3').font?.bold).toBe(true)
    expect(sheet.getCell('A4').font?.bold).toBeFalsy()
    // Text that looks like a formula stays text: the spreadsheet never runs it.
    expect(sheet.getCell('A5').value).toBe('=1+1')
    expect(sheet.getCell('A5').formula).toBeUndefined()
    expect(sheet.getCell('B6').value).toBeNull()
  })
})
