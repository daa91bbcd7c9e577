/**
 * The test tools' PDF documents (demo summaries and news attachments, the
 * demo site's reports, the Stripe emulator's invoices), laid out by pdfmake
 * in the standard Helvetica font (no font files): a header and page numbers
 * on every page, tables whose header repeats across pages. Deterministic: the
 * same lines always make the same bytes (fixed creation date, no random ids).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { PDF_FONT, renderPdfDocument } from '../modules/platform/index.ts'

/** One block of a document: a line of text in a style, or a table. */
export type PdfLine =
  | { text: string; style: 'title' | 'heading' | 'subheading' | 'body' }
  | { table: { head: string[]; rows: string[][] } }

/** The creation date written into every document, so that a document is the same on every run. */
const CREATED = new Date(Date.UTC(2026, 0, 1))

function contentOf(line: PdfLine): Content {
  if ('table' in line) {
    const { head, rows } = line.table
    return {
      table: {
        headerRows: 1,
        widths: head.map((_, i) => (i === 0 ? '*' : 'auto')),
        // New cells: pdfmake writes into the definition it lays out, and the rows may be shared.
        body: [
          head.map((text) => ({ text, bold: true })),
          ...rows.map((row) => row.map((text) => ({ text }))),
        ],
      },
      layout: 'lightHorizontalLines',
      fontSize: 8.5,
      margin: [0, 4, 0, 8],
    }
  }
  return { text: line.text, style: line.style }
}

/** The document definition of `lines` under `header` (exported for the tests, which read its text). */
export function pdfDefinition(lines: PdfLine[], header: string): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [56, 64, 56, 56],
    info: { title: header, creator: 'Banca Dati CCNL', creationDate: CREATED },
    header: { text: header, fontSize: 8, color: '#8c99ad', margin: [56, 32, 56, 0] },
    footer: (page, pages) => ({
      text: `Pagina ${page} di ${pages}`,
      fontSize: 8,
      alignment: 'right',
      margin: [56, 16, 56, 0],
    }),
    content: lines.map(contentOf),
    defaultStyle: { font: PDF_FONT, fontSize: 10, lineHeight: 1.25, color: '#333340' },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 6] },
      heading: { fontSize: 12, bold: true, margin: [0, 10, 0, 3] },
      subheading: { fontSize: 10.5, bold: true, margin: [0, 6, 0, 2] },
      body: { margin: [0, 2, 0, 0] },
    },
  }
}

/** Renders `lines` into a PDF file; `header` is printed at the top of every page. */
export async function renderPdf(lines: PdfLine[], header: string): Promise<Uint8Array> {
  return renderPdfDocument(pdfDefinition(lines, header))
}
