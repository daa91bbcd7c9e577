/**
 * Pay tables as XLSX workbooks (exceljs): one worksheet whose numbers stay
 * numbers, with Italian-readable formats for amounts and a bold header row.
 */
import ExcelJS from 'exceljs'

export type Cell = string | number | null

/** How the sheet shows what it holds: number formats by zero-based column, the header row's index. */
export type SheetLayout = {
  numberFormats?: Readonly<Record<number, string>>
  headerRow?: number
}

/** Euro amounts with thousands separators and two decimals (shown by the spreadsheet in the reader's locale). */
export const AMOUNT_FORMAT = '#,##0.00'

/** Excel's rules for a worksheet's name: at most 31 characters, none of []:*?/\ . */
const sheetNameOf = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31)

export async function xlsxOf(sheetName: string, rows: Cell[][], layout: SheetLayout = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName))
  for (const cells of rows) sheet.addRow(cells.map((cell) => (cell === '' ? null : cell)))
  for (const [column, format] of Object.entries(layout.numberFormats ?? {}))
    sheet.getColumn(Number(column) + 1).numFmt = format
  if (layout.headerRow !== undefined) sheet.getRow(layout.headerRow + 1).font = { bold: true }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
