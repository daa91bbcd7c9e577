/**
 * The arrears calculation as a printable client document (pdfmake, standard
 * Helvetica): the employee and the company when given, the parameters, the
 * method and the totals (13th and 14th apart) on the first page, then the
 * totals by year, the accruals not yet due and the TFR apart, the tables
 * used, the month-by-month lines, the extra payments, the una tantum with
 * why each is counted or not, and what is not computed. Every total row adds
 * the rows printed above it. Italian formatting throughout.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { sumCents } from '../arrears/index.ts'
import { arrears, formatDate, formatEuro } from '../i18n/index.ts'
import { PDF_FONT, renderPdfDocument } from '../platform/index.ts'
import { arrearsFileName, methodLines, unaTantumStatusText } from './arrears-export.ts'
import type { LevelArrears } from './calculate-level-arrears.ts'

const s = arrears.sheet
const p = arrears.page
const d = arrears.pdf
const day = (value: string) => formatDate(value)
const th = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
  text,
  style: 'th',
  alignment,
})
const num = (value: number, bold = false): TableCell => ({
  text: formatEuro(value),
  alignment: 'right',
  bold,
})
const right = (text: string): TableCell => ({ text, alignment: 'right' })
const strong = (text: string, colSpan?: number): TableCell => ({
  text,
  bold: true,
  ...(colSpan ? { colSpan } : {}),
})
export const pdfTable = (widths: (string | number)[], body: TableCell[][]): Content => ({
  table: { headerRows: 1, widths, body, dontBreakRows: true },
  layout: {
    hLineWidth: (index: number, node) =>
      index === 0 || index === 1 || index === node.table.body.length ? 0.8 : 0.3,
    vLineWidth: () => 0,
    hLineColor: () => '#9aa5b1',
    paddingTop: () => 3,
    paddingBottom: () => 3,
    fillColor: (index: number) => (index === 0 ? '#eef2f6' : null),
  },
  margin: [0, 4, 0, 12],
})
export const pdfHeading = (text: string): Content => ({ text, style: 'heading' })
/** Empty cells that a colSpan covers. */
const spanned = (count: number): TableCell[] => Array.from({ length: count }, () => '')

function parameters(result: LevelArrears): Content {
  const { request } = result
  const rows: [string, string][] = [
    ...(request.employee ? ([[d.employee, request.employee]] as [string, string][]) : []),
    ...(request.company ? ([[d.company, request.company]] as [string, string][]) : []),
    [
      s.contract,
      `${result.contract.title}${result.contract.cnelCode ? ` (CNEL ${result.contract.cnelCode})` : ''}`,
    ],
    [s.category, result.category.name],
    [s.level, `${result.level.code} – ${result.level.description}`],
    [d.renewal, day(request.since)],
    [p.paid, day(result.paidStep)],
    [s.hiredOn, request.hiredOn ? day(request.hiredOn) : s.inForceBefore],
    [s.partTime, `${request.partTimePercent} %`],
    [s.until, day(request.until)],
    [s.monthlyPayments, String(request.monthlyPayments)],
  ]
  return {
    table: {
      widths: [140, '*'],
      body: rows.map(([label, value]) => [{ text: label, style: 'label' }, value]),
    },
    layout: 'noBorders',
    margin: [0, 4, 0, 8],
  }
}

function method(result: LevelArrears): Content[] {
  return [pdfHeading(p.methodTitle), { ul: methodLines(result), style: 'small', margin: [0, 2, 0, 10] }]
}

function totals(result: LevelArrears): Content[] {
  const t = result.totals
  const fund = result.method.cassaEdile !== null
  return [
    pdfTable(
      ['*', 110],
      [
        [th(p.resultsTitle), th('', 'right')],
        [p.totals.pay, num(t.pay)],
        ...(fund
          ? [[p.totals.fund, num(t.fund)]]
          : [
              [p.totals.thirteenth, num(t.thirteenth)],
              [p.totals.fourteenth, num(t.fourteenth)],
            ]),
        [p.totals.unaTantum, num(t.unaTantum)],
        [strong(p.totals.total), num(t.total, true)],
      ],
    ),
    pdfTable(
      ['*', 110],
      [
        [th(p.apart), th('', 'right')],
        [p.accruedTitle, num(t.accrued)],
        [
          `${p.tfrTitle}: ${p.tfrExplain(result.tfr.base, result.method.tfrDivisor, result.tfr.amount)}`,
          num(result.tfr.amount),
        ],
      ],
    ),
  ]
}

function years(result: LevelArrears): Content[] {
  const fund = result.method.cassaEdile !== null
  const t = p.totals
  const split = (values: { thirteenth: number; fourteenth: number; fund: number }, bold = false) =>
    fund ? [num(values.fund, bold)] : [num(values.thirteenth, bold), num(values.fourteenth, bold)]
  return [
    pdfHeading(p.yearsTitle),
    pdfTable(
      [44, '*', ...(fund ? [70] : [66, 66]), 66, 70],
      [
        [
          th(p.yearColumns.year),
          th(t.pay, 'right'),
          ...(fund ? [th(t.fund, 'right')] : [th(t.thirteenth, 'right'), th(t.fourteenth, 'right')]),
          th(t.unaTantum, 'right'),
          th(p.yearColumns.total, 'right'),
        ],
        ...result.years.map((year): TableCell[] => [
          `${year.year}${year.separateTaxation ? ' *' : ''}`,
          num(year.pay),
          ...split(year),
          num(year.unaTantum),
          num(year.total, true),
        ]),
        [
          strong(p.yearsTotal),
          num(result.totals.pay, true),
          ...split(result.totals, true),
          num(result.totals.unaTantum, true),
          num(result.totals.total, true),
        ],
      ],
    ),
    {
      text: `* ${p.separateTaxation}. ${p.paymentYear(result.paymentYear)}`,
      style: 'small',
      margin: [0, -8, 0, 12],
    },
  ]
}

function tablesUsed(result: LevelArrears): Content[] {
  return [
    pdfHeading(p.tablesTitle),
    pdfTable(
      ['*', 110],
      [
        [th(s.effectiveDate), th(p.monthly, 'right')],
        ...result.tables.map((entry): TableCell[] => [
          `${day(entry.effectiveDate)}${entry.effectiveDate === result.paidStep ? ` (${p.paidBadge})` : ''}`,
          num(entry.monthly),
        ]),
      ],
    ),
    { text: p.tablesNote, style: 'small', margin: [0, -8, 0, 12] },
  ]
}

function lines(result: LevelArrears): Content[] {
  if (result.lines.length === 0) return [pdfHeading(p.linesTitle), { text: p.noLines, margin: [0, 0, 0, 12] }]
  const fund = result.method.cassaEdile !== null
  return [
    pdfHeading(p.linesTitle),
    { text: p.linesCaption(result.paidStep), style: 'small' },
    pdfTable(
      ['*', 58, 38, 66, 66, 62, ...(fund ? [58] : [])],
      [
        [
          th(s.month),
          th(s.effectiveDate),
          th(s.days, 'right'),
          th(s.paidColumn, 'right'),
          th(s.owedColumn, 'right'),
          th(s.pay, 'right'),
          ...(fund ? [th(s.fund, 'right')] : []),
        ],
        ...result.lines.map((line): TableCell[] => [
          arrears.month(line.month),
          day(line.effectiveDate),
          right(arrears.days(line.days, line.of)),
          num(line.paid),
          num(line.owed),
          num(line.pay),
          ...(fund ? [num(line.fund)] : []),
        ]),
        [
          strong(p.linesTotal, 5),
          ...spanned(4),
          num(result.totals.pay, true),
          ...(fund ? [num(result.totals.fund, true)] : []),
        ],
      ],
    ),
  ]
}

function extraPayments(result: LevelArrears): Content[] {
  if (result.method.cassaEdile) return []
  const c = p.extraColumns
  const head = [
    th(c.kind),
    th(c.dueOn),
    th(c.months, 'right'),
    th(c.difference, 'right'),
    th(c.amount, 'right'),
  ]
  const row = (line: LevelArrears['extraPayments'][number]): TableCell[] => [
    arrears.extraName(line.kind),
    day(line.dueOn),
    right(p.months(line.months)),
    num(line.difference),
    num(line.amount),
  ]
  return [
    pdfHeading(p.extraTitle),
    result.extraPayments.length === 0
      ? { text: p.noExtra, margin: [0, 0, 0, 12] }
      : pdfTable(
          ['*', 70, 70, 80, 80],
          [
            head,
            ...result.extraPayments.map(row),
            [
              strong(p.extraTotal, 4),
              ...spanned(3),
              num(sumCents([result.totals.thirteenth, result.totals.fourteenth]), true),
            ],
          ],
        ),
    pdfHeading(p.accruedTitle),
    { text: p.accruedNote(result.request.until), style: 'small' },
    pdfTable(
      ['*', 70, 70, 80, 80],
      [
        head,
        ...result.accrued.map(row),
        [strong(p.accruedTitle, 4), ...spanned(3), num(result.totals.accrued, true)],
      ],
    ),
  ]
}

function unaTantum(result: LevelArrears): Content[] {
  if (result.unaTantum.length === 0)
    return [pdfHeading(p.unaTantumTitle), { text: p.noUnaTantum, margin: [0, 0, 0, 12] }]
  return [
    pdfHeading(p.unaTantumTitle),
    pdfTable(
      [64, '*', 80],
      [
        [th(p.paidOn), th(p.proRata), th(p.due, 'right')],
        ...result.unaTantum.map((line): TableCell[] => [
          day(line.paidOn),
          line.status === 'due'
            ? p.unaTantumExplain(line.amount, line.partTimeShare, line.months, line.due)
            : unaTantumStatusText(line),
          num(line.due),
        ]),
        [strong(p.unaTantumTitle, 2), '', num(result.totals.unaTantum, true)],
      ],
    ),
    { text: p.unaTantumRule, style: 'small', margin: [0, -8, 0, 12] },
  ]
}

/** The content of one calculation: first page (who, parameters, method, totals), then the detail. */
export function arrearsContent(result: LevelArrears): Content[] {
  return [
    { text: arrears.title, style: 'title' },
    { text: result.contract.title, style: 'subtitle' },
    pdfHeading(d.parameters),
    parameters(result),
    ...method(result),
    ...totals(result),
    ...years(result),
    ...tablesUsed(result),
    ...lines(result),
    ...extraPayments(result),
    ...unaTantum(result),
    pdfHeading(p.leftOutTitle),
    { text: p.leftOut.join('; '), style: 'small', margin: [0, 0, 0, 6] },
    { text: d.disclaimer, style: 'small', margin: [0, 4, 0, 0] },
  ]
}

/** The document around some content: A4, the styles, the footer with the day and the page. */
export function arrearsDocument(
  subject: string,
  content: Content[],
  today = new Date(),
): TDocumentDefinitions {
  return {
    info: { title: subject, subject, author: 'Banca Dati CCNL' },
    pageSize: 'A4',
    pageMargins: [40, 44, 40, 56],
    defaultStyle: { font: PDF_FONT, fontSize: 9, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 17, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 10, color: '#444444', margin: [0, 0, 0, 10] },
      heading: { fontSize: 11, bold: true, margin: [0, 6, 0, 2] },
      label: { bold: true, color: '#555555' },
      th: { bold: true, fontSize: 8.5 },
      small: { fontSize: 7.5, color: '#555555' },
    },
    footer: (current: number, count: number) => ({
      columns: [
        { text: d.generated(formatDate(today)), style: 'small' },
        { text: d.page(current, count), style: 'small', alignment: 'right' },
      ],
      margin: [40, 20, 40, 0],
    }),
    content,
  }
}

/** The document definition of a calculation. */
export function arrearsDefinition(result: LevelArrears, today = new Date()): TDocumentDefinitions {
  const who = result.request.employee ? ` · ${result.request.employee}` : ''
  const subject = `${arrears.title} · ${result.category.name} · ${s.level} ${result.level.code}${who}`
  return arrearsDocument(subject, arrearsContent(result), today)
}

/** The calculation's PDF and its file name. */
export async function arrearsPdf(
  result: LevelArrears,
  today = new Date(),
): Promise<{ name: string; data: Uint8Array<ArrayBuffer> }> {
  return {
    name: arrearsFileName(result, 'pdf'),
    data: await renderPdfDocument(arrearsDefinition(result, today)),
  }
}
