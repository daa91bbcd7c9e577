/**
 * The text of a PDF the portal writes with pdfmake (the invoice): the strings
 * of its content streams, inflated when compressed, decoded from WinAnsi, with
 * spaces collapsed. Enough to check what a reader sees; not a PDF parser.
 */
import { inflateSync } from 'node:zlib'

const winAnsi: Record<string, string> = { '\x80': '€', '\x95': '•', '\x96': '–', '\x97': '—', '\x92': '’' }

function contentStreams(source: Buffer): string[] {
  const text = source.toString('latin1')
  const streams: string[] = []
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length
    const end = text.indexOf('endstream', start)
    if (end < 0) break
    const bytes = source.subarray(start, end)
    const dictionary = match[1] ?? ''
    // Images carry no text; pdfkit deflates every other stream whole.
    if (/\/Subtype\s*\/Image/.test(dictionary)) continue
    streams.push((/FlateDecode/.test(dictionary) ? inflateSync(bytes) : bytes).toString('latin1'))
  }
  return streams
}

export function pdfText(bytes: Uint8Array): string {
  const words: string[] = []
  for (const stream of contentStreams(Buffer.from(bytes)))
    for (const block of stream.match(/BT[\s\S]*?ET/g) ?? []) {
      let word = ''
      for (const array of block.match(/\[(.*?)\] TJ/g) ?? [])
        for (const hex of array.match(/<([0-9a-f]*)>/g) ?? [])
          word += Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')
      words.push(word.replace(/[\x80\x92\x95-\x97]/g, (char) => winAnsi[char] ?? char))
    }
  return words.join(' ').replace(/[\s\xa0]+/g, ' ')
}
