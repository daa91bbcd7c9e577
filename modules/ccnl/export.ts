/**
 * A pay table as CSV for spreadsheets (semicolon separated, Italian decimal
 * comma, UTF-8 with BOM), headed by the table's title, the owner's name and
 * 'Riproduzione Riservata'. Same entitlements as the table on screen.
 */
import { it } from '../i18n/index.ts'
import type { Reader } from './access.ts'
import { getCategory } from './catalog.ts'
import { getPayTable } from './pay-tables.ts'
import { AMOUNT_FORMAT, xlsxOf, type PlainCell } from './xlsx.ts'

const decimal = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
})

/** What a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const formulaStart = /^[=+\-@\t\r]/
/** Text that is only a number ('-3', '+1,5'): a spreadsheet reads it as that number and nothing else. */
const plainNumber = /^[+-]?\d+(?:[.,]\d+)*$/

/**
 * One CSV cell: text that a spreadsheet would run as a formula is prefixed
 * with an apostrophe (numbers stay numbers); quoted when it holds a
 * separator, a quote or a line break.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return decimal.format(value)
  const text = formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Where the export's header is, and which of its columns are euro amounts (base pay … step, hourly, daily). */
const HEADER_ROW = 3
const AMOUNT_COLUMNS = [2, 3, 4, 5, 7, 8, 12, 13]

/** The other elements of a level by name: 'EDR 5,16 · Indennità 10,00'. */
const elementNames = (elements: { voce: string; importo: number }[]) =>
  elements.map((element) => `${element.voce} ${decimal.format(element.importo)}`).join(' · ')

/** The rows of the export: title, owner and 'Riproduzione Riservata', header, one row per level. */
async function exportRows(reader: Reader, categoryCode: number, day: string) {
  const [category, table] = await Promise.all([
    getCategory(categoryCode),
    getPayTable(reader, categoryCode, day),
  ])
  const c = it.database.payTables.columns
  const owner = reader.user?.name || reader.user?.email || ''
  const rows: PlainCell[][] = [
    [it.database.print.payTableHeading(category.name, table.decorrenza.replaceAll('-', '/'))],
    [it.database.print.watermark(owner)],
    [],
    [
      c.level,
      'Descrizione',
      c.basePay,
      c.costOfLiving,
      c.thirdElement,
      c.otherElements,
      c.otherElementNames,
      c.total,
      c.seniorityStep,
      c.hourlyDivisor,
      c.dailyDivisor,
      c.hoursPerDay,
      c.hourly,
      c.daily,
    ],
    ...table.tabella.map((row) => [
      row.codiceLivello,
      row.descrizione,
      row.pagaBase,
      row.contingenza,
      row.terzoElemento,
      Math.round(row.altriElementi.reduce((sum, element) => sum + element.importo, 0) * 100) / 100,
      elementNames(row.altriElementi),
      row.totaleMensile,
      row.importoScatto,
      row.divisoreOrario,
      row.divisoreGiornaliero,
      row.oreGiornaliere,
      row.pagaOraria,
      row.pagaGiornaliera,
    ]),
  ]
  return { rows, name: `tabella-${categoryCode}-${table.day}` }
}

export async function payTableCsv(
  reader: Reader,
  categoryCode: number,
  day: string,
): Promise<{ name: string; csv: string }> {
  const { rows, name } = await exportRows(reader, categoryCode, day)
  const csv = `\uFEFF${rows.map((line) => line.map(csvCell).join(';')).join('\r\n')}\r\n`
  return { name: `${name}.csv`, csv }
}

/** The pay table as an XLSX workbook, with the same heading rows as the CSV. */
export async function payTableXlsx(
  reader: Reader,
  categoryCode: number,
  day: string,
): Promise<{ name: string; data: Buffer }> {
  const { rows, name } = await exportRows(reader, categoryCode, day)
  const amounts = Object.fromEntries(AMOUNT_COLUMNS.map((column) => [column, AMOUNT_FORMAT]))
  const data = await xlsxOf(it.database.payTables.title, rows, {
    numberFormats: amounts,
    headerRow: HEADER_ROW,
  })
  return { name: `${name}.xlsx`, data }
}
