/**
 * A list of employees' arrears as files: one XLSX with a summary sheet (one
 * row per employee, the totals of the printed rows, the rows with errors)
 * and a sheet per employee; one PDF with the summary first and each
 * employee's calculation from a new page. A long list's PDF is rendered in a
 * worker thread, off the event loop.
 */
import type { Content, TableCell } from 'pdfmake/interfaces.js'
import { arrears, formatEuro } from '../i18n/index.ts'
import { createWorkerRunner, renderPdfDocument } from '../platform/index.ts'
import { arrearsSheet } from './arrears-export.ts'
import { listErrorText, type ArrearsList } from './arrears-list.ts'
import { arrearsContent, arrearsDocument, pdfHeading, pdfTable } from './arrears-pdf.ts'
import { dayCell, money, workbookOf, type Cell, type SheetSpec } from './xlsx.ts'

const l = arrears.list
const c = l.summaryColumns
const t = arrears.page.totals

/** The summary sheet's rows: one per employee, the totals, then the errors. */
export function listSummaryRows(list: ArrearsList): { rows: Cell[][]; headers: number[] } {
  const fund = list.employees.some((employee) => employee.result.method.cassaEdile !== null)
  const rows: Cell[][] = [
    [l.pdfTitle(list.category.name)],
    [arrears.sheet.contract, list.contract.title],
    [l.computed(list.employees.length), l.rejected(new Set(list.errors.map((error) => error.line)).size)],
    [],
  ]
  const headers = [0, rows.length]
  rows.push([
    c.line,
    c.name,
    c.level,
    c.hiredOn,
    c.partTime,
    c.until,
    t.pay,
    t.thirteenth,
    t.fourteenth,
    ...(fund ? [t.fund] : []),
    t.unaTantum,
    t.total,
    c.accrued,
    c.tfr,
  ])
  for (const { line, name, result } of list.employees) {
    const { request, totals } = result
    rows.push([
      line,
      name,
      result.level.code,
      request.hiredOn ? dayCell(request.hiredOn) : arrears.sheet.inForceBefore,
      request.partTimePercent / 100,
      dayCell(request.until),
      money(totals.pay),
      money(totals.thirteenth),
      money(totals.fourteenth),
      ...(fund ? [money(totals.fund)] : []),
      money(totals.unaTantum),
      money(totals.total),
      money(totals.accrued),
      money(result.tfr.amount),
    ])
  }
  const sums = list.totals
  rows.push([
    l.total,
    null,
    null,
    null,
    null,
    null,
    money(sums.pay),
    money(sums.thirteenth),
    money(sums.fourteenth),
    ...(fund ? [money(sums.fund)] : []),
    money(sums.unaTantum),
    money(sums.total),
    money(sums.accrued),
    money(sums.tfr),
  ])
  if (list.errors.length > 0) {
    rows.push([])
    headers.push(rows.length)
    rows.push([l.errorsTitle])
    for (const error of list.errors) rows.push([listErrorText(error)])
  }
  return { rows, headers }
}

/** The workbook: the summary, then one sheet per employee (named after them). */
export async function arrearsListXlsx(list: ArrearsList): Promise<{ name: string; data: Buffer }> {
  const summary = listSummaryRows(list)
  const sheets: SheetSpec[] = [
    {
      name: l.summarySheet,
      rows: summary.rows,
      layout: { headerRows: summary.headers, widths: { 0: 8, 1: 28, 2: 10, 3: 14, 4: 10, 5: 12 } },
    },
    ...list.employees.map(({ line, name, result }) => arrearsSheet(result, `${line} ${name}`)),
  ]
  return { name: l.fileName(list.category.code, 'xlsx'), data: await workbookOf(sheets) }
}

/** The PDF's content: the summary table and the errors, then each employee from a new page. */
export function listContent(list: ArrearsList): Content[] {
  const head = (text: string, right = false): TableCell => ({
    text,
    bold: true,
    fontSize: 8,
    alignment: right ? 'right' : 'left',
  })
  const amount = (value: number, bold = false): TableCell => ({
    text: formatEuro(value),
    alignment: 'right',
    bold,
  })
  const summary: Content[] = [
    { text: arrears.title, style: 'title' },
    { text: `${list.contract.title} · ${list.category.name}`, style: 'subtitle' },
    {
      text: `${l.computed(list.employees.length)} · ${l.rejected(new Set(list.errors.map((e) => e.line)).size)}`,
    },
    pdfTable(
      [24, '*', 34, 62, 62, 70],
      [
        [
          head(c.line),
          head(c.name),
          head(c.level),
          head(t.unaTantum, true),
          head(t.total, true),
          head(c.accrued, true),
        ],
        ...list.employees.map(({ line, name, result }): TableCell[] => [
          String(line),
          name,
          result.level.code,
          amount(result.totals.unaTantum),
          amount(result.totals.total, true),
          amount(result.totals.accrued),
        ]),
        [
          { text: l.total, bold: true, colSpan: 3 },
          '',
          '',
          amount(list.totals.unaTantum, true),
          amount(list.totals.total, true),
          amount(list.totals.accrued, true),
        ],
      ],
    ),
    ...(list.errors.length > 0
      ? [pdfHeading(l.errorsTitle), { ul: list.errors.map(listErrorText), style: 'small' } as Content]
      : []),
  ]
  return [
    ...summary,
    ...list.employees.flatMap(({ result }): Content[] => [
      { text: '', pageBreak: 'after' },
      ...arrearsContent(result),
    ]),
  ]
}

/** Lists longer than this are rendered in the PDF worker. */
export const LIST_PDF_OFF_THREAD = 20

/** The worker that renders long lists' PDFs (one per process, at most 4 waiting). */
const pdfWorker = createWorkerRunner<{ list: ArrearsList; today: string }, Uint8Array>(
  new URL('./arrears-list-pdf-worker.ts', import.meta.url),
  { maxQueued: 4 },
)

/** The PDF of a list as bytes (on this thread: the worker calls it too). */
export function renderListPdf(list: ArrearsList, today: Date): Promise<Uint8Array<ArrayBuffer>> {
  return renderPdfDocument(arrearsDocument(l.pdfTitle(list.category.name), listContent(list), today))
}

/** The PDF of a list and its file name. */
export async function arrearsListPdf(
  list: ArrearsList,
  today = new Date(),
): Promise<{ name: string; data: Uint8Array }> {
  const data =
    list.employees.length > LIST_PDF_OFF_THREAD
      ? await pdfWorker.run({ list, today: today.toISOString() })
      : await renderListPdf(list, today)
  return { name: l.fileName(list.category.code, 'pdf'), data }
}
