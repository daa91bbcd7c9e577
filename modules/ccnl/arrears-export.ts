/** The arrears calculation as an XLSX workbook: the request, the tables used with their decorrenze, the lines and the totals. */
import { arrears, formatDate } from '../i18n/index.ts'
import type { LevelArrears } from './calculate-level-arrears.ts'
import { AMOUNT_FORMAT, xlsxOf, type Cell } from './xlsx.ts'

const s = arrears.sheet
const day = (value: string) => formatDate(value)

/** The rows of the sheet: heading block, then the lines (month, decorrenza, days, paid, owed, difference, accrual), una tantum, totals. */
export function arrearsRows(result: LevelArrears): Cell[][] {
  const { request } = result
  const rows: Cell[][] = [
    [arrears.title],
    [
      s.contract,
      `${result.contract.title}${result.contract.cnelCode ? ` (CNEL ${result.contract.cnelCode})` : ''}`,
    ],
    [s.category, result.category.name],
    [s.level, `${result.level.code} – ${result.level.description}`],
    [s.hiredOn, request.hiredOn ? day(request.hiredOn) : s.inForceBefore],
    [s.partTime, `${request.partTimePercent} %`],
    [s.until, day(request.until)],
    [s.monthlyPayments, request.monthlyPayments],
    [s.paid(day(result.paidStep))],
    [
      s.tablesUsed,
      ...result.tables.map((table) => `${day(table.effectiveDate)} · ${table.monthly.toFixed(2)}`),
    ],
    [],
  ]
  rows.push([s.month, s.effectiveDate, s.days, s.paidColumn, s.owedColumn, s.pay, s.additional])
  for (const line of result.lines) {
    rows.push([
      line.month,
      day(line.effectiveDate),
      line.days,
      line.paid,
      line.owed,
      line.pay,
      line.additional,
    ])
  }
  for (const line of result.unaTantum) {
    const detail = line.excluded
      ? s.notInForce
      : line.months
        ? s.months(line.months.served, line.months.of)
        : ''
    rows.push([s.unaTantumLine(day(line.paidOn)), detail, null, null, null, line.due, null])
  }
  rows.push([])
  rows.push([s.pay, null, null, null, null, result.totals.pay, result.totals.additional])
  rows.push([s.unaTantum, null, null, null, null, result.totals.unaTantum, null])
  rows.push([s.total, null, null, null, null, result.totals.total, null])
  return rows
}

/** The workbook and its file name. */
export async function arrearsXlsx(result: LevelArrears): Promise<{ name: string; data: Buffer }> {
  const rows = arrearsRows(result)
  const header = rows.findIndex((row) => row[0] === s.month)
  const data = await xlsxOf(s.name, rows, {
    headerRow: header,
    numberFormats: { 3: AMOUNT_FORMAT, 4: AMOUNT_FORMAT, 5: AMOUNT_FORMAT, 6: AMOUNT_FORMAT },
  })
  return {
    name: `arretrati_${result.category.code}_${result.level.code.replace(/[^A-Za-z0-9]/g, '')}.xlsx`,
    data,
  }
}
