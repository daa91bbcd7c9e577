/**
 * PDF documents laid out by pdfmake, set up once for the process (its
 * settings are global): the standard Helvetica font (no font files), nothing
 * read from the network or the disk but pdfkit's built-in Helvetica. pdfmake
 * loads with the first document.
 */
import type pdfmakeModule from 'pdfmake'
import type { ContentText, TDocumentDefinitions } from 'pdfmake/interfaces.js'

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

/**
 * Words longer than this get break opportunities: at 10 pt, 34 average
 * characters of Helvetica fill about 180 of the 237 points of a half-page
 * column; a piece of 24 fits even in its widest capitals.
 */
const LONG_WORD = 34
const PIECE = 24
/** A break opportunity that prints nothing (Unicode ZERO WIDTH SPACE). */
const BREAK = '\u200B'

/**
 * A line of text that wraps even when a word is wider than its column (an
 * address typed without spaces, a long e-mail): such a word gets an invisible
 * break opportunity every 24 characters; the others break only at spaces.
 * pdfmake leaves out a whole block holding a word it cannot fit.
 */
export function wrappingText(value: string, style: Omit<ContentText, 'text'> = {}): ContentText {
  const text = value.replace(/\S+/g, (word) => {
    const chars = [...word]
    if (chars.length <= LONG_WORD) return word
    const pieces: string[] = []
    for (let start = 0; start < chars.length; start += PIECE)
      pieces.push(chars.slice(start, start + PIECE).join(''))
    return pieces.join(BREAK)
  })
  return { ...style, text }
}
