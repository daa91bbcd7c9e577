/**
 * PDF documents laid out by pdfmake, set up once for the process (its
 * settings are global): the standard Helvetica font (no font files), nothing
 * read from the network or the disk but pdfkit's built-in Helvetica. pdfmake
 * loads with the first document.
 */
import type pdfmakeModule from 'pdfmake'
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js'

/** The font family of every document (`defaultStyle.font`). */
export const PDF_FONT = 'Helvetica'

const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
}

let loading: Promise<typeof pdfmakeModule> | undefined

function loadPdfmake() {
  return (loading ??= import('pdfmake').then(({ default: pdfmake }) => {
    const standardFonts = new Set(Object.values(HELVETICA))
    pdfmake.setFonts({ [PDF_FONT]: HELVETICA })
    pdfmake.setUrlAccessPolicy(() => false)
    pdfmake.setLocalAccessPolicy((path) => standardFonts.has(path))
    return pdfmake
  }))
}

/** The PDF file of a pdfmake document definition. */
export async function renderPdfDocument(definition: TDocumentDefinitions): Promise<Uint8Array<ArrayBuffer>> {
  const pdfmake = await loadPdfmake()
  return new Uint8Array(await pdfmake.createPdf(definition).getBuffer())
}
