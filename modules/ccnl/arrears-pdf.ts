/**
 * The arrears calculation as a printable PDF (pdfmake, standard Helvetica):
 * the contract, category and level, the parameters, the tables used with
 * their decorrenze, the totals, the month-by-month lines and the una tantum
 * with their pro rata. Italian formatting throughout.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { arrears, formatDate, formatEuro } from '../i18n/index.ts'
import { PDF_FONT, renderPdfDocument } from '../platform/index.ts'
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
const table = (widths: (string | number)[], body: TableCell[][]): Content => ({
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
const heading = (text: string): Content => ({ text, style: 'heading' })

function parameters(result: LevelArrears): Content {
  const { request } = result
  const rows: [string, string][] = [
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
    margin: [0, 4, 0, 12],
  }
}

function totals(result: LevelArrears): Content {
  const t = result.totals
  return table(
    ['*', 110],
    [
      [th(p.resultsTitle), th('', 'right')],
      [p.totals.pay, num(t.pay)],
      [p.totals.additional, num(t.additional)],
      [p.totals.unaTantum, num(t.unaTantum)],
      [{ text: p.totals.total, bold: true }, num(t.total, true)],
    ],
  )
}

function tablesUsed(result: LevelArrears): Content[] {
  return [
    heading(p.tablesTitle),
    table(
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
  if (result.lines.length === 0) return [heading(p.linesTitle), { text: p.noLines, margin: [0, 0, 0, 12] }]
  return [
    heading(p.linesTitle),
    { text: p.linesCaption(result.paidStep), style: 'small' },
    table(
      ['*', 58, 34, 62, 62, 62, 62],
      [
        [
          th(s.month),
          th(s.effectiveDate),
          th(s.days, 'right'),
          th(s.paidColumn, 'right'),
          th(s.owedColumn, 'right'),
          th(s.pay, 'right'),
          th(s.additional, 'right'),
        ],
        ...result.lines.map((line): TableCell[] => [
          arrears.month(line.month),
          day(line.effectiveDate),
          { text: String(line.days), alignment: 'right' },
          num(line.paid),
          num(line.owed),
          num(line.pay),
          num(line.additional),
        ]),
        [
          { text: p.linesTotal, bold: true, colSpan: 5 },
          '',
          '',
          '',
          '',
          num(result.totals.pay, true),
          num(result.totals.additional, true),
        ],
      ],
    ),
  ]
}

function unaTantum(result: LevelArrears): Content[] {
  if (result.unaTantum.length === 0)
    return [heading(p.unaTantumTitle), { text: p.noUnaTantum, margin: [0, 0, 0, 12] }]
  return [
    heading(p.unaTantumTitle),
    table(
      [90, '*', 80],
      [
        [th(p.paidOn), th(p.proRata), th(p.due, 'right')],
        ...result.unaTantum.map((line): TableCell[] => [
          day(line.paidOn),
          line.excluded
            ? s.notInForce
            : p.unaTantumExplain(line.amount, line.partTimeShare, line.months, line.due),
          num(line.due),
        ]),
      ],
    ),
    { text: p.unaTantumRule, style: 'small', margin: [0, -8, 0, 12] },
  ]
}

/** The document definition of a calculation. */
export function arrearsDefinition(result: LevelArrears, today = new Date()): TDocumentDefinitions {
  const subject = `${arrears.title} · ${result.category.name} · ${s.level} ${result.level.code}`
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
    content: [
      { text: arrears.title, style: 'title' },
      { text: result.contract.title, style: 'subtitle' },
      heading(d.parameters),
      parameters(result),
      totals(result),
      ...tablesUsed(result),
      ...lines(result),
      ...unaTantum(result),
      { text: d.disclaimer, style: 'small', margin: [0, 8, 0, 0] },
    ],
  }
}

/** The calculation's PDF and its file name. */
export async function arrearsPdf(
  result: LevelArrears,
  today = new Date(),
): Promise<{ name: string; data: Uint8Array<ArrayBuffer> }> {
  return {
    name: `arretrati_${result.category.code}_${result.level.code.replace(/[^A-Za-z0-9]/g, '')}.pdf`,
    data: await renderPdfDocument(arrearsDefinition(result, today)),
  }
}
