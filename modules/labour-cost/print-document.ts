/**
 * A level's cost of labour as the print view's table (the shape of the
 * contract database's printable documents): the hours, each block's lines
 * with their rate and base, the block totals and the costs, then the method
 * and the sources as an escaped note. The watermark is the print view's.
 */
import { formatEuro, labourCost as t } from '../i18n/index.ts'
import { html } from '../platform/index.ts'
import type { LevelLabourCost } from './create-labour-cost.ts'

export type LabourCostPrint = {
  kind: 'table'
  titolo: string
  colonne: string[]
  righe: string[][]
  notaHtml: string
}

/** The printable table and its note. */
export function labourCostPrintDocument(result: LevelLabourCost): LabourCostPrint {
  const p = t.page
  const rows: string[][] = [
    [t.hours.theoretical, '', t.hours.value(result.hours.theoretical)],
    ...result.hours.deductions.map((entry) => [entry.label, '', `− ${t.hours.value(entry.hours)}`]),
    [t.hours.worked, '', t.hours.value(result.hours.worked)],
  ]
  for (const block of result.blocks) {
    rows.push([block.title, '', ''])
    for (const line of block.lines) rows.push([line.label, line.measureText, formatEuro(line.amount)])
    rows.push([t.blockTotal(block.key), '', formatEuro(block.total)])
  }
  rows.push(
    [t.totals.annual, '', formatEuro(result.totals.annual)],
    [t.totals.monthly, '', formatEuro(result.totals.monthly)],
    [t.totals.perHourPaid, '', formatEuro(result.totals.perHourPaid)],
    [t.totals.perHourWorked, '', formatEuro(result.totals.perHourWorked)],
  )
  const note = html`<p>
      ${p.summary(
        result.level.code,
        result.request.effectiveDate,
        t.qualifications[result.request.qualification],
        result.request.partTimePercent,
        result.request.apprenticeYear,
      )}
      · ${result.rates.classification}, ${result.rates.sizeBand}
    </p>
    <h2>${t.pdf.methodTitle}</h2>
    <ul>
      ${t.method.map((sentence) => html`<li>${sentence}</li>`)}
    </ul>
    <h2>${p.sourcesTitle}</h2>
    <ul>
      <li>${p.rateRecord(result.rates.classification, result.rates.sizeBand, result.rates.validFrom)}</li>
      ${result.sources.map((source) => html`<li>${source}</li>`)}
    </ul>
    <p>${t.pdf.disclaimer}</p>`
  return {
    kind: 'table',
    titolo: t.print.heading(result.category.name, result.level.code),
    colonne: [p.lineColumn, p.measureColumn, p.amountColumn],
    righe: rows,
    notaHtml: note.value,
  }
}
