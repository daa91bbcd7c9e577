/**
 * Printable documents: texts, summaries, pay tables, classification tables,
 * the comparison of contracts and the redline between two editions of a
 * text, with the headings and columns of the specification. The reader's
 * entitlements decide as for the same content on screen.
 */
import { formatDate, formatDecimal, formatEuro, it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import type { Reader } from './access.ts'
import { getCategory } from './catalog.ts'
import { compareTextEditions } from './compare-text-editions.ts'
import { comparisonTable, parseChoices, printableComparison, printedCell } from './compare-contracts.ts'
import { getSchemeCodes } from './classifications.ts'
import { getPayTable } from './pay-tables.ts'
import { redlinePrintHtml } from './redline-html.ts'
import { isoDay } from './store.ts'
import { getSummary, isSummaryType } from './summaries.ts'
import { getText } from './texts.ts'

export type PrintDocument =
  | { kind: 'html'; titolo: string; html: string }
  | { kind: 'table'; titolo: string; colonne: string[]; righe: string[][]; notaHtml?: string }

/** Document types the print view accepts. */
export const printTypes = [
  'testo',
  'consolidato',
  'tabelleretributive',
  'cnel',
  'inps',
  'ateco',
  'schedesintetiche',
  'istituticontrattuali',
  'mansionari',
  'apprendistati',
  'sfere',
  'normetfr',
  'normedisciplinari',
  'confronto',
  'confronto-testi',
] as const

const positiveInt = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null)
const notFound = () => new AppError('not_found', it.database.print.notFound)

/** The printable document `type`/`ref` for the reader (401, 404 or 400 otherwise). */
export async function printDocument(reader: Reader, type: string, ref: string): Promise<PrintDocument> {
  const kind = type.toLowerCase()
  if (kind === 'testo' || kind === 'consolidato') {
    const code = positiveInt(ref)
    if (code === null) throw notFound()
    const text = await getText(reader, code, kind === 'consolidato' ? 'consolidated' : undefined)
    return { kind: 'html', titolo: text.titolo, html: text.interoHTML }
  }
  if (isSummaryType(kind)) {
    const code = positiveInt(ref)
    if (code === null) throw notFound()
    const summary = await getSummary(reader, code, kind)
    return { kind: 'html', titolo: summary.titolo, html: summary.interoHTML }
  }
  if (kind === 'tabelleretributive') {
    const [categoryPart, datePart] = ref.split('_')
    const code = positiveInt(categoryPart ?? '')
    const day = isoDay(datePart ?? '')
    if (code === null || day === null) throw notFound()
    const [category, table] = await Promise.all([getCategory(code), getPayTable(reader, code, day)])
    const c = it.database.payTables.columns
    return {
      kind: 'table',
      titolo: it.database.print.payTableHeading(category.name, formatDate(`${day}T12:00:00Z`)),
      colonne: [
        c.level,
        c.basePay,
        c.costOfLiving,
        c.thirdElement,
        c.otherElements,
        c.total,
        c.seniorityStep,
        c.hourlyDivisor,
        c.dailyDivisor,
        c.hourly,
        c.daily,
      ],
      righe: table.tabella.map((row) => [
        `${row.codiceLivello} – ${row.descrizione}`,
        formatEuro(row.pagaBase),
        formatEuro(row.contingenza),
        formatEuro(row.terzoElemento),
        row.altriElementi.length === 0
          ? formatEuro(0)
          : row.altriElementi.map((element) => `${element.voce} ${formatEuro(element.importo)}`).join('\n'),
        formatEuro(row.totaleMensile),
        formatEuro(row.importoScatto),
        formatDecimal(row.divisoreOrario),
        row.oreGiornaliere > 0
          ? it.database.payTables.hours(formatDecimal(row.oreGiornaliere))
          : formatDecimal(row.divisoreGiornaliero),
        row.pagaOraria === null ? '–' : formatEuro(row.pagaOraria),
        row.pagaGiornaliera === null ? '–' : formatEuro(row.pagaGiornaliera),
      ]),
      notaHtml: table.noteHtml,
    }
  }
  if (kind === 'confronto') {
    // The reference is the comparison's choices (`133:19:4,105:20:B2`).
    const comparison = await printableComparison(reader, parseChoices(ref))
    const table = comparisonTable(comparison)
    return {
      kind: 'table',
      titolo: it.compare.heading,
      colonne: ['', ...table.heads],
      righe: table.rows.map((row) => [row.label, ...row.cells.map(printedCell)]),
    }
  }
  if (kind === 'confronto-testi') {
    // The reference is the two editions' text codes (`1333-1331`); Professional, like the redline on screen.
    const [, older, newer] = /^(\d{1,9})-(\d{1,9})$/.exec(ref) ?? []
    if (!older || !newer) throw notFound()
    const redline = await compareTextEditions(reader, Number(older), Number(newer))
    return { kind: 'html', titolo: it.redline.printHeading, html: redlinePrintHtml(redline) }
  }
  if (kind === 'cnel' || kind === 'inps' || kind === 'ateco') {
    const code = positiveInt(ref)
    if (code === null) throw notFound()
    const scheme = kind.toUpperCase() as 'CNEL' | 'INPS' | 'ATECO'
    const category = await getCategory(code)
    const columns = [...it.database.classifications.columns[scheme]]
    const titolo = it.database.print.classificationHeading(scheme, category.name)
    if (scheme === 'CNEL') {
      const codes = await getSchemeCodes(reader, code, 'CNEL')
      return {
        kind: 'table',
        titolo,
        colonne: columns,
        righe: codes.map((c) => [c.codice, c.descrizioneContratto]),
      }
    }
    if (scheme === 'INPS') {
      const codes = await getSchemeCodes(reader, code, 'INPS')
      return {
        kind: 'table',
        titolo,
        colonne: columns,
        righe: codes.map((c) => [c.codiceInps, c.codiceCcnl, c.descrizione, c.nota]),
      }
    }
    const codes = await getSchemeCodes(reader, code, 'ATECO')
    return {
      kind: 'table',
      titolo,
      colonne: columns,
      righe: codes.map((c) => [c.codiceAteco, c.descrizione]),
    }
  }
  throw new AppError('bad_request', it.database.errors.unknownPrintType, { field: 'tipoDocumento' })
}
