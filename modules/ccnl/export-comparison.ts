/**
 * A contract comparison as an XLSX workbook, headed like the pay tables'
 * export: title, the owner's name with 'Riproduzione Riservata', then the
 * contracts as columns and one row per fact (the minimum pay a number).
 */
import { calendarDay } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import type { Reader } from './access.ts'
import { comparisonTable, printableComparison, type CompareChoice } from './compare-contracts.ts'
import { AMOUNT_FORMAT, xlsxOf, type Cell } from './xlsx.ts'

const HEADER_ROW = 3

export async function comparisonXlsx(
  reader: Reader,
  choices: readonly CompareChoice[],
  today = new Date(),
): Promise<{ name: string; data: Buffer }> {
  const comparison = await printableComparison(reader, choices, today)
  const table = comparisonTable(comparison)
  const owner = reader.user?.name || reader.user?.email || ''
  const rows: Cell[][] = [
    [it.compare.heading],
    [it.database.print.watermark(owner)],
    [],
    ['', ...table.heads],
    ...table.rows.map((row) => [row.label, ...row.cells]),
  ]
  const amounts = Object.fromEntries(table.heads.map((_, index) => [index + 1, AMOUNT_FORMAT]))
  const data = await xlsxOf(it.compare.heading, rows, { numberFormats: amounts, headerRow: HEADER_ROW })
  const codes = comparison.contracts.map((entry) => entry.contract.code).join('-')
  return { name: `confronto-${codes}-${calendarDay(today)}.xlsx`, data }
}
