/**
 * Pay tables and calculations as XLSX workbooks (exceljs): worksheets whose
 * numbers stay numbers and whose dates stay dates, with Italian-readable
 * formats for amounts, days and months, and bold header rows.
 */
import ExcelJS from 'exceljs'

/** A euro amount: a number shown with two decimals. */
export type Money = { amount: number }
/** A month `yyyy-mm`: a date (its first day) shown as the month's name and year. */
export type Month = { month: string }
/** Text or a number (what a CSV holds too). */
export type PlainCell = string | number | null
/** Text, a number, a day (a `Date` at UTC midnight, shown gg/mm/aaaa), an amount or a month. */
export type Cell = string | number | Date | Money | Month | null

/** How the sheet shows what it holds: number formats by zero-based column, the header rows' indexes. */
export type SheetLayout = {
  numberFormats?: Readonly<Record<number, string>>
  headerRow?: number
  headerRows?: readonly number[]
  /** Column widths (characters) by zero-based column. */
  widths?: Readonly<Record<number, number>>
}

/** Euro amounts with thousands separators and two decimals (shown by the spreadsheet in the reader's locale). */
export const AMOUNT_FORMAT = '#,##0.00'
/** Days as the reader writes them. */
export const DAY_FORMAT = 'dd/mm/yyyy'
/** Months by name and year. */
export const MONTH_FORMAT = 'mmmm yyyy'

/** `Date` of a day `yyyy-mm-dd` (UTC midnight: the spreadsheet's day, whatever the server's zone). */
export const dayCell = (day: string): Date => new Date(`${day}T00:00:00Z`)
export const money = (amount: number): Money => ({ amount })
export const monthCell = (month: string): Month => ({ month })

/** Excel's rules for a worksheet's name: at most 31 characters, none of []:*?/\ . */
const sheetNameOf = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31)

export type SheetSpec = { name: string; rows: Cell[][]; layout?: SheetLayout }

function addSheet(workbook: ExcelJS.Workbook, spec: SheetSpec): void {
  const used = new Set(workbook.worksheets.map((sheet) => sheet.name.toLowerCase()))
  let name = sheetNameOf(spec.name)
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${sheetNameOf(spec.name).slice(0, 26)} (${n})`
  const sheet = workbook.addWorksheet(name)
  const layout = spec.layout ?? {}
  for (const [column, format] of Object.entries(layout.numberFormats ?? {}))
    sheet.getColumn(Number(column) + 1).numFmt = format
  for (const [column, width] of Object.entries(layout.widths ?? {}))
    sheet.getColumn(Number(column) + 1).width = width
  for (const cells of spec.rows) {
    const row = sheet.addRow(
      cells.map((cell) => {
        if (cell === '') return null
        if (cell && typeof cell === 'object' && 'amount' in cell) return cell.amount
        if (cell && typeof cell === 'object' && 'month' in cell) return dayCell(`${cell.month}-01`)
        return cell
      }),
    )
    cells.forEach((cell, index) => {
      const format =
        cell instanceof Date
          ? DAY_FORMAT
          : cell && typeof cell === 'object' && 'amount' in cell
            ? AMOUNT_FORMAT
            : cell && typeof cell === 'object' && 'month' in cell
              ? MONTH_FORMAT
              : null
      if (format) row.getCell(index + 1).numFmt = format
    })
  }
  for (const header of [
    ...(layout.headerRows ?? []),
    ...(layout.headerRow === undefined ? [] : [layout.headerRow]),
  ])
    sheet.getRow(header + 1).font = { bold: true }
}

/** A workbook of several sheets (names made unique). */
export async function workbookOf(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  for (const spec of sheets) addSheet(workbook, spec)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A workbook of one sheet. */
export function xlsxOf(sheetName: string, rows: Cell[][], layout: SheetLayout = {}): Promise<Buffer> {
  return workbookOf([{ name: sheetName, rows, layout }])
}
