/**
 * A level's cost of labour as a PDF for a client (pdfmake, standard
 * Helvetica): the parameters, the totals, the hours with each deduction,
 * every block with its lines' rates and bases, the method and the sources of
 * the rates. The same rounded figures as the page and the workbook.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { formatDate, formatEuro, labourCost as t } from '../i18n/index.ts'
import { PDF_FONT, renderPdfDocument } from '../platform/index.ts'
import type { LevelLabourCost } from './create-labour-cost.ts'
import { parameterRows } from './parameters.ts'

const s = t.sheet
const p = t.page
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
const heading = (text: string): Content => ({ text, style: 'heading' })
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
  margin: [0, 4, 0, 10],
})

function parameters(result: LevelLabourCost): Content {
  return {
    table: {
      widths: [130, '*'],
      body: parameterRows(result).map((entry) => [{ text: entry.label, style: 'label' }, entry.text]),
    },
    layout: 'noBorders',
    margin: [0, 4, 0, 10],
  }
}

function totals(result: LevelLabourCost): Content {
  const x = result.totals
  return table(
    ['*', 110],
    [
      [th(p.resultsTitle), th('', 'right')],
      [{ text: t.totals.annual, bold: true }, num(x.annual, true)],
      [t.totals.monthly, num(x.monthly)],
      [t.totals.perHourPaid, num(x.perHourPaid)],
      [{ text: t.totals.perHourWorked, bold: true }, num(x.perHourWorked, true)],
    ],
  )
}

function hours(result: LevelLabourCost): Content[] {
  const h = result.hours
  return [
    heading(t.hours.title),
    table(
      ['*', 90],
      [
        [th(t.hours.theoretical), { text: t.hours.value(h.theoretical), style: 'th', alignment: 'right' }],
        ...h.deductions.map((entry): TableCell[] => [
          entry.label,
          { text: `− ${t.hours.value(entry.hours)}`, alignment: 'right' },
        ]),
        [
          { text: t.hours.worked, bold: true },
          { text: t.hours.value(h.worked), alignment: 'right', bold: true },
        ],
      ],
    ),
  ]
}

function blocks(result: LevelLabourCost): Content[] {
  return result.blocks.map((block) =>
    table(
      ['*', 150, 80],
      [
        [th(block.title), th(p.measureColumn, 'right'), th(p.amountColumn, 'right')],
        ...block.lines.map((line): TableCell[] => [
          line.label,
          { text: line.measureText, alignment: 'right' },
          num(line.amount),
        ]),
        [{ text: t.blockTotal(block.key), bold: true, colSpan: 2 }, '', num(block.total, true)],
      ],
    ),
  )
}

/** The document definition of a calculation. */
export function labourCostDefinition(result: LevelLabourCost, today = new Date()): TDocumentDefinitions {
  const subject = `${t.title} · ${result.category.name} · ${s.level} ${result.level.code}`
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
        { text: t.pdf.generated(formatDate(today)), style: 'small' },
        { text: t.pdf.page(current, count), style: 'small', alignment: 'right' },
      ],
      margin: [40, 20, 40, 0],
    }),
    content: [
      { text: t.title, style: 'title' },
      { text: result.contract.title, style: 'subtitle' },
      heading(t.pdf.parameters),
      parameters(result),
      totals(result),
      ...hours(result),
      ...blocks(result),
      heading(t.pdf.methodTitle),
      { ul: [...t.method], style: 'small', margin: [0, 0, 0, 8] },
      heading(p.sourcesTitle),
      {
        ul: [
          p.rateRecord(result.rates.classification, result.rates.sizeBand, result.rates.validFrom),
          ...result.sources,
        ],
        style: 'small',
        margin: [0, 0, 0, 8],
      },
      { text: t.pdf.disclaimer, style: 'small', margin: [0, 8, 0, 0] },
    ],
  }
}

/** The calculation's PDF and its file name. */
export async function labourCostPdf(
  result: LevelLabourCost,
  today = new Date(),
): Promise<{ name: string; data: Uint8Array<ArrayBuffer> }> {
  return {
    name: `costo_lavoro_${result.category.code}_${result.level.code.replace(/[^A-Za-z0-9]/g, '')}.pdf`,
    data: await renderPdfDocument(labourCostDefinition(result, today)),
  }
}
