/**
 * A minimal PDF 1.4 writer: A4 pages of wrapped text in the standard Helvetica and Courier
 * fonts (WinAnsi encoding, so Italian accents and the euro sign print correctly), with a
 * header and page numbers. Deterministic: no dates, no random ids.
 */
import type { PdfLine } from './document.ts'

const pageWidth = 595
const pageHeight = 842
const margin = 56

const styles = {
  title: { font: 'F2', size: 15, leading: 21, wrap: 62, before: 0 },
  heading: { font: 'F2', size: 12, leading: 17, wrap: 78, before: 10 },
  subheading: { font: 'F2', size: 10.5, leading: 15, wrap: 88, before: 6 },
  body: { font: 'F1', size: 10, leading: 14, wrap: 96, before: 3 },
  mono: { font: 'F3', size: 8, leading: 11, wrap: 96, before: 0 },
} as const

const winAnsi: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
}

/** Encodes text to WinAnsi bytes (as a latin1 string) and escapes PDF string delimiters. */
function pdfString(text: string): string {
  let out = ''
  for (const ch of text) {
    const mapped = winAnsi[ch]
    const code = ch.codePointAt(0) as number
    const byte = mapped ?? (code < 0x80 || (code >= 0xa0 && code < 0x100) ? code : 0x3f)
    const c = String.fromCharCode(byte)
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c
  }
  return `(${out})`
}

function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text]
  const words = text.split(' ')
  const lines: string[] = []
  let current = ''
  for (const word of words) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current)
      current = word
    } else {
      current = current ? `${current} ${word}` : word
    }
  }
  if (current) lines.push(current)
  return lines
}

/** Renders lines into a PDF file; `header` is printed at the top of every page. */
export function renderPdf(lines: PdfLine[], header: string): Uint8Array {
  const pages: string[][] = []
  let ops: string[] = []
  let y = pageHeight - margin - 20
  const newPage = () => {
    if (ops.length > 0) pages.push(ops)
    ops = []
    y = pageHeight - margin - 20
  }
  for (const line of lines) {
    const style = styles[line.style]
    const parts = line.style === 'mono' ? [line.text] : wrap(line.text, style.wrap)
    y -= style.before
    for (const part of parts) {
      if (y < margin + 30) newPage()
      ops.push(`BT /${style.font} ${style.size} Tf ${margin} ${y.toFixed(1)} Td ${pdfString(part)} Tj ET`)
      y -= style.leading
    }
  }
  newPage()

  const objects: string[] = []
  const add = (body: string) => {
    objects.push(body)
    return objects.length
  }
  const catalogId = add('')
  const pagesId = add('')
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  const f3 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>')
  const pageIds: number[] = []
  pages.forEach((pageOps, i) => {
    const decorations = [
      `0.55 0.6 0.68 rg BT /F1 8 Tf ${margin} ${pageHeight - margin + 8} Td ${pdfString(header)} Tj ET`,
      `BT /F1 8 Tf ${pageWidth - margin - 60} ${margin - 24} Td ${pdfString(`Pagina ${i + 1} di ${pages.length}`)} Tj ET`,
      `0.2 0.2 0.25 rg`,
    ]
    const stream = [...decorations, ...pageOps].join('\n')
    const contentId = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    )
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R /F3 ${f3} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    )
  })
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(out, 'latin1'))
}
