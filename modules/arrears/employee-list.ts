/**
 * A list of employees for many arrears calculations at once: a CSV (comma or
 * semicolon separated, as Italian spreadsheets save it) or an XLSX (its first
 * sheet) whose first row names the columns. Columns are recognised by name,
 * whatever the case, accents and spacing: `nome`, `livello`, `assunzione`,
 * `parttime`, `fine`, `corrisposto`, `una tantum già corrisposta`. Each row
 * comes back with its line number and its cells as text (dates `aaaa-mm-gg`
 * when the spreadsheet holds real dates), for the caller to validate. The
 * work is bounded before it starts: at most `MAX_LIST_BYTES` and
 * `MAX_EMPLOYEES` rows.
 */
import ExcelJS from 'exceljs'
import { csvRows } from '../platform/index.ts'

/** The most employees one list may hold. */
export const MAX_EMPLOYEES = 500
/** The largest file read. */
export const MAX_LIST_BYTES = 1024 * 1024

export const employeeColumns = [
  'name',
  'level',
  'hiredOn',
  'partTime',
  'until',
  'paidStep',
  'unaTantumPaid',
] as const
export type EmployeeColumn = (typeof employeeColumns)[number]

/** The headings each column is recognised by (lower case, without accents, spaces or punctuation). */
const headings: Record<EmployeeColumn, string[]> = {
  name: ['nome', 'dipendente', 'nominativo', 'cognomeenome', 'nomeecognome'],
  level: ['livello'],
  hiredOn: ['assunzione', 'dataassunzione', 'datadiassunzione'],
  partTime: ['parttime', 'percentualeparttime', 'parttimepercentuale'],
  until: ['fine', 'datafine', 'calcolofinoal', 'finoal'],
  paidStep: ['corrisposto', 'tabellacorrisposta', 'minimocorrisposto'],
  unaTantumPaid: ['unatantumgiacorrisposta', 'unatantumcorrisposta', 'utcorrisposte', 'utpagate'],
}

export type EmployeeRow = { line: number; cells: Partial<Record<EmployeeColumn, string>> }

export type EmployeeList =
  | { rows: EmployeeRow[]; error?: undefined }
  | {
      rows?: undefined
      error: 'tooLarge' | 'unreadable' | 'empty' | 'tooManyRows' | 'missingColumns'
      missing?: EmployeeColumn[]
    }

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

function columnOf(heading: string): EmployeeColumn | undefined {
  const key = fold(heading)
  return employeeColumns.find((column) => headings[column].includes(key))
}

/** A spreadsheet cell as text: real dates as `aaaa-mm-gg`, percentages of a numeric cell as whole numbers. */
function cellText(value: ExcelJS.CellValue, column: EmployeeColumn | undefined): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'number') {
    // A part-time share formatted as a percentage is stored as a fraction (0,5 for 50 %).
    if (column === 'partTime' && value > 0 && value < 1) return String(Math.round(value * 10000) / 100)
    return String(value)
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value) return String(value.text)
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue, column)
    return ''
  }
  return String(value)
}

/** The rows of a table of cells whose first row holds the headings. */
function rowsOf(table: { line: number; cells: string[] }[]): EmployeeList {
  const nonEmpty = table.filter((row) => row.cells.some((cell) => cell.trim() !== ''))
  const [header, ...body] = nonEmpty
  if (!header || body.length === 0) return { error: 'empty' }
  if (body.length > MAX_EMPLOYEES) return { error: 'tooManyRows' }
  const columns = header.cells.map(columnOf)
  const missing = (['name', 'level'] as const).filter((column) => !columns.includes(column))
  if (missing.length > 0) return { error: 'missingColumns', missing }
  return {
    rows: body.map((row) => {
      const cells: EmployeeRow['cells'] = {}
      columns.forEach((column, index) => {
        const cell = row.cells[index]?.trim()
        if (column && cell) cells[column] = cell
      })
      return { line: row.line, cells }
    }),
  }
}

/** The CSV's separator: the one the heading row uses most (`;` from Italian spreadsheets, else `,`). */
function separatorOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? ''
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ','
}

const isXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b

/** Reads a CSV or XLSX list of employees (told apart by their bytes, whatever the file's name). */
export async function readEmployeeList(bytes: Uint8Array): Promise<EmployeeList> {
  if (bytes.byteLength > MAX_LIST_BYTES) return { error: 'tooLarge' }
  if (bytes.byteLength === 0) return { error: 'empty' }
  if (isXlsx(bytes)) {
    const workbook = new ExcelJS.Workbook()
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    } catch {
      return { error: 'unreadable' }
    }
    const sheet = workbook.worksheets[0]
    if (!sheet) return { error: 'empty' }
    if (sheet.actualRowCount > MAX_EMPLOYEES + 1) return { error: 'tooManyRows' }
    const headerColumns: (EmployeeColumn | undefined)[] = []
    const table: { line: number; cells: string[] }[] = []
    sheet.eachRow({ includeEmpty: false }, (row, line) => {
      const cells: string[] = []
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value, headerColumns[column - 1])
      })
      if (table.length === 0) cells.forEach((cell, index) => (headerColumns[index] = columnOf(cell ?? '')))
      table.push({ line, cells: Array.from(cells, (cell) => cell ?? '') })
    })
    return rowsOf(table)
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '')
  if (text.includes('\u0000')) return { error: 'unreadable' }
  return rowsOf([...csvRows(text, separatorOf(text))])
}
