/**
 * A level's cost of labour as an XLSX workbook (exceljs): the parameters, the
 * hours with each deduction, every line with its quantity or rate, its base
 * and its amount as a formula (`ROUND(B*C/100;2)`), each block's total as a
 * SUM of its rows, the year's cost as the sum of the blocks and the monthly
 * and hourly costs as formulas, then the sources. Numbers stay numbers; each
 * formula carries the result the page shows, so the file and the page agree
 * to the cent before the spreadsheet recalculates.
 */
import ExcelJS from 'exceljs'
import { labourCost as t } from '../i18n/index.ts'
import type { Measure } from './calculate-labour-cost.ts'
import type { LevelLabourCost } from './create-labour-cost.ts'
import { parameterRows } from './parameters.ts'

const s = t.sheet
const AMOUNT = '#,##0.00'
const QUANTITY = '#,##0.00##'

/** The quantity (B), base (C), unit and formula of a line's measure. */
function cellsOf(measure: Measure): { quantity: number; base: number; unit: string; divisor: number } {
  switch (measure.kind) {
    case 'months':
      return { quantity: measure.months, base: measure.monthly, unit: 'mesi', divisor: 1 }
    case 'hours':
      return { quantity: measure.hours, base: measure.hourly, unit: 'ore', divisor: 1 }
    case 'days':
      return { quantity: measure.days, base: measure.daily, unit: 'giorni', divisor: 1 }
    case 'percent':
      return { quantity: measure.rate, base: measure.base, unit: '%', divisor: 100 }
    case 'perMille':
      return { quantity: measure.rate, base: measure.base, unit: '‰', divisor: 1000 }
    case 'perMonth':
      return { quantity: measure.months, base: measure.amount, unit: '€ al mese', divisor: 1 }
    case 'perHour':
      return { quantity: measure.hours, base: measure.amount, unit: "€ l'ora", divisor: 1 }
    case 'perYear':
      return { quantity: 1, base: measure.amount, unit: "€ l'anno", divisor: 1 }
  }
}

/** The workbook and its file name. */
export async function labourCostXlsx(result: LevelLabourCost): Promise<{ name: string; data: Buffer }> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(s.name)
  sheet.columns = [
    { width: 52 },
    { width: 14, style: { numFmt: QUANTITY } },
    { width: 16, style: { numFmt: AMOUNT } },
    { width: 16, style: { numFmt: AMOUNT } },
    { width: 12 },
    { width: 80 },
  ]
  const title = sheet.addRow([`${t.title} · ${result.category.name}`])
  title.font = { bold: true, size: 14 }
  for (const entry of parameterRows(result)) sheet.addRow([entry.label, entry.number ?? entry.text])
  sheet.addRow([])

  // Hours: theoretical, each deduction, worked as a formula.
  const hoursHead = sheet.addRow([t.hours.title])
  hoursHead.font = { bold: true }
  const theoretical = sheet.addRow([t.hours.theoretical, result.hours.theoretical])
  const deductions = result.hours.deductions.map((entry) => sheet.addRow([entry.label, -entry.hours]))
  const first = deductions[0]?.number ?? theoretical.number + 1
  const last = deductions.at(-1)?.number ?? theoretical.number
  const worked = sheet.addRow([
    t.hours.worked,
    { formula: `B${theoretical.number}+SUM(B${first}:B${last})`, result: result.hours.worked },
  ])
  worked.font = { bold: true }
  sheet.addRow([])

  const header = sheet.addRow([s.line, s.rate, s.base, s.amount, '', s.source])
  header.font = { bold: true }
  const totals: string[] = []
  for (const block of result.blocks) {
    const head = sheet.addRow([block.title])
    head.font = { bold: true }
    const rows = block.lines.map((line) => {
      const cells = cellsOf(line.measure)
      const row = sheet.addRow([line.label, cells.quantity, cells.base, null, cells.unit, line.source ?? ''])
      const divisor = cells.divisor === 1 ? '' : `/${cells.divisor}`
      row.getCell(4).value = {
        formula: `ROUND(B${row.number}*C${row.number}${divisor},2)`,
        result: line.amount,
      }
      return row
    })
    const from = rows[0]?.number ?? head.number
    const to = rows.at(-1)?.number ?? head.number
    const total = sheet.addRow([t.blockTotal(block.key)])
    total.getCell(4).value =
      rows.length > 0 ? { formula: `SUM(D${from}:D${to})`, result: block.total } : block.total
    total.font = { bold: true }
    totals.push(`D${total.number}`)
  }
  sheet.addRow([])
  const annual = sheet.addRow([t.totals.annual])
  annual.getCell(4).value = { formula: totals.join('+'), result: result.totals.annual }
  annual.font = { bold: true }
  const monthly = sheet.addRow([t.totals.monthly])
  monthly.getCell(4).value = { formula: `ROUND(D${annual.number}/12,2)`, result: result.totals.monthly }
  const paid = sheet.addRow([t.totals.perHourPaid])
  paid.getCell(4).value = {
    formula: `ROUND(D${annual.number}/B${theoretical.number},2)`,
    result: result.totals.perHourPaid,
  }
  const perWorked = sheet.addRow([t.totals.perHourWorked])
  perWorked.getCell(4).value = {
    formula: `ROUND(D${annual.number}/B${worked.number},2)`,
    result: result.totals.perHourWorked,
  }
  perWorked.font = { bold: true }
  sheet.addRow([])
  sheet.addRow([t.page.sourcesTitle]).font = { bold: true }
  sheet.addRow([
    t.page.rateRecord(result.rates.classification, result.rates.sizeBand, result.rates.validFrom),
  ])
  for (const source of result.sources) sheet.addRow([source])
  return {
    name: `costo_lavoro_${result.category.code}_${result.level.code.replace(/[^A-Za-z0-9]/g, '')}.xlsx`,
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
  }
}
