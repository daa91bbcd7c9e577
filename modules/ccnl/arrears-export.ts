/**
 * The arrears calculation as an XLSX worksheet: the request and the method,
 * the month-by-month lines, the 13th and 14th due, the una tantum with why
 * each is counted or not, the totals by year and overall, and apart the
 * accruals not yet due and the TFR. Days and months are dates, amounts are
 * numbers, and every total row adds the rows printed above it.
 */
import { sumCents } from '../arrears/index.ts'
import { arrears, formatDate } from '../i18n/index.ts'
import type { LevelArrears } from './calculate-level-arrears.ts'
import { dayCell, money, monthCell, workbookOf, type Cell, type SheetSpec } from './xlsx.ts'

const s = arrears.sheet
const p = arrears.page

/** Why an una tantum instalment is counted or not, in words. */
export function unaTantumStatusText(line: LevelArrears['unaTantum'][number]): string {
  const texts = p.unaTantumStatus
  if (line.status === 'otherRenewal') return texts.otherRenewal(line.effectiveDate)
  if (line.status === 'paidTable') return texts.paidTable(line.effectiveDate)
  return texts[line.status]
}

/** The sentences of the method, as stated under every result. */
export function methodLines(result: LevelArrears): string[] {
  const { method } = result
  return [
    p.method.days(method.dayCount, method.dailyDivisor),
    method.cassaEdile
      ? p.method.cassaEdile(method.cassaEdile.percent)
      : p.method.extra(method.monthlyPayments, method.fourteenthMonth),
    p.method.unaTantum,
    p.method.rounding,
  ]
}

/** An extra payment (due, or accrued not yet due) as a row: kind, due date, months, difference, amount. */
const extraRow = (line: LevelArrears['extraPayments'][number]): Cell[] => [
  arrears.extraName(line.kind),
  dayCell(line.dueOn),
  p.months(line.months),
  money(line.difference),
  money(line.amount),
]

/** The rows of one calculation's sheet, and which of them are headings. */
export function arrearsRows(result: LevelArrears): { rows: Cell[][]; headers: number[] } {
  const { request } = result
  const fund = result.method.cassaEdile !== null
  const rows: Cell[][] = []
  const headers: number[] = []
  const heading = (cells: Cell[]) => {
    headers.push(rows.length)
    rows.push(cells)
  }
  heading([arrears.title])
  rows.push(
    [
      s.contract,
      `${result.contract.title}${result.contract.cnelCode ? ` (CNEL ${result.contract.cnelCode})` : ''}`,
    ],
    [s.category, result.category.name],
    [s.level, `${result.level.code} – ${result.level.description}`],
  )
  if (request.employee) rows.push([arrears.pdf.employee, request.employee])
  if (request.company) rows.push([arrears.pdf.company, request.company])
  rows.push(
    [arrears.pdf.renewal, dayCell(request.since)],
    [s.hiredOn, request.hiredOn ? dayCell(request.hiredOn) : s.inForceBefore],
    [s.partTime, request.partTimePercent / 100],
    [s.until, dayCell(request.until)],
    [s.monthlyPayments, request.monthlyPayments],
    [s.dayCount, arrears.dayCount(result.method.dayCount)],
    [s.paid(formatDate(result.paidStep))],
    [
      s.tablesUsed,
      ...result.tables.flatMap((table): Cell[] => [dayCell(table.effectiveDate), money(table.monthly)]),
    ],
    [],
  )
  heading([s.method])
  for (const line of methodLines(result)) rows.push([line])
  rows.push([])

  heading([
    s.month,
    s.effectiveDate,
    s.from,
    s.to,
    s.days,
    s.of,
    s.paidColumn,
    s.owedColumn,
    s.pay,
    ...(fund ? [s.fund] : []),
  ])
  for (const line of result.lines) {
    rows.push([
      monthCell(line.month),
      dayCell(line.effectiveDate),
      dayCell(line.from),
      dayCell(line.to),
      line.days,
      line.of,
      money(line.paid),
      money(line.owed),
      money(line.pay),
      ...(fund ? [money(line.fund)] : []),
    ])
  }
  rows.push([
    p.linesTotal,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    money(result.totals.pay),
    ...(fund ? [money(result.totals.fund)] : []),
  ])
  rows.push([])

  if (!fund) {
    const c = p.extraColumns
    heading([c.kind, c.dueOn, c.months, c.difference, c.amount])
    for (const line of result.extraPayments) rows.push(extraRow(line))
    rows.push([
      p.extraTotal,
      null,
      null,
      null,
      money(sumCents([result.totals.thirteenth, result.totals.fourteenth])),
    ])
    rows.push([])
  }

  heading([p.paidOn, s.effectiveDate, s.status, p.proRata, p.due])
  for (const line of result.unaTantum) {
    rows.push([
      dayCell(line.paidOn),
      dayCell(line.effectiveDate),
      unaTantumStatusText(line),
      line.status === 'due'
        ? p.unaTantumExplain(line.amount, line.partTimeShare, line.months, line.due)
        : null,
      money(line.due),
    ])
  }
  rows.push([s.unaTantum, null, null, null, money(result.totals.unaTantum)])
  rows.push([])

  const t = p.totals
  heading([
    p.yearColumns.year,
    t.pay,
    t.thirteenth,
    t.fourteenth,
    ...(fund ? [t.fund] : []),
    t.unaTantum,
    p.yearColumns.total,
    '',
  ])
  for (const year of result.years) {
    rows.push([
      year.year,
      money(year.pay),
      money(year.thirteenth),
      money(year.fourteenth),
      ...(fund ? [money(year.fund)] : []),
      money(year.unaTantum),
      money(year.total),
      year.separateTaxation ? p.separateTaxation : p.currentYear(result.paymentYear),
    ])
  }
  rows.push([
    p.yearsTotal,
    money(result.totals.pay),
    money(result.totals.thirteenth),
    money(result.totals.fourteenth),
    ...(fund ? [money(result.totals.fund)] : []),
    money(result.totals.unaTantum),
    money(result.totals.total),
  ])
  rows.push([p.paymentYear(result.paymentYear)])
  rows.push([])

  heading([p.resultsTitle])
  rows.push([t.pay, money(result.totals.pay)])
  if (fund) rows.push([t.fund, money(result.totals.fund)])
  else
    rows.push(
      [t.thirteenth, money(result.totals.thirteenth)],
      [t.fourteenth, money(result.totals.fourteenth)],
    )
  rows.push([t.unaTantum, money(result.totals.unaTantum)], [s.total, money(result.totals.total)], [])

  heading([`${p.accruedTitle} (${p.apart.toLowerCase()})`])
  for (const line of result.accrued) rows.push(extraRow(line))
  rows.push([p.accruedTitle, null, null, null, money(result.totals.accrued)])
  rows.push([p.accruedNote(result.request.until)])
  rows.push([
    `${p.tfrTitle} (${p.apart.toLowerCase()})`,
    money(result.tfr.base),
    result.method.tfrDivisor,
    money(result.tfr.amount),
  ])
  rows.push([p.tfrNote], [])
  heading([p.leftOutTitle])
  rows.push([p.leftOut.join(', ')])
  return { rows, headers }
}

/** The sheet of one calculation (named after the employee when given). */
export function arrearsSheet(result: LevelArrears, name: string = s.name): SheetSpec {
  const { rows, headers } = arrearsRows(result)
  return {
    name,
    rows,
    layout: {
      headerRows: headers,
      widths: { 0: 34, 1: 16, 2: 16, 3: 14, 4: 14, 5: 14, 6: 18, 7: 18, 8: 14, 9: 14 },
    },
  }
}

/** The file name of a calculation's exports. */
export const arrearsFileName = (result: LevelArrears, extension: string) =>
  `arretrati_${result.category.code}_${result.level.code.replace(/[^A-Za-z0-9]/g, '')}.${extension}`

/** The workbook and its file name. */
export async function arrearsXlsx(result: LevelArrears): Promise<{ name: string; data: Buffer }> {
  return { name: arrearsFileName(result, 'xlsx'), data: await workbookOf([arrearsSheet(result)]) }
}
