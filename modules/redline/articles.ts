/**
 * The articles of a contract text: each heading that starts with 'Art.' or
 * 'Articolo' opens one, and any other heading (Titolo, Capo, …) closes it.
 * The body is kept as plain paragraphs (a table row as one, its cells
 * separated by ' | '), which is what a redline compares.
 */
import { htmlToText } from '../content/index.ts'

export type Article = {
  /** The article's number as written ('12', '12-bis'): the key editions are matched on. */
  number: string
  /** The heading without the number ('Periodo di prova'). */
  title: string
  /** The heading as written ('Art. 8 – Periodo di prova'). */
  heading: string
  /** The heading's anchor in the text, when it has one. */
  anchor: string | null
  /** The body's paragraphs as plain text. */
  paragraphs: string[]
}

const HEADING = /<h([1-6])\b([^>]*)>([\s\S]*?)<\/h\1\s*>/gi
const ARTICLE =
  /^(?:art\.?|articolo)\s*(\d+(?:\s*[-–]?\s*(?:bis|ter|quater|quinquies|sexies|septies|octies))?)\s*[-–—.:]?\s*(.*)$/i
const BLOCK_END = /<\/(?:p|li|tr|div|h[1-6]|table|ul|ol|blockquote)\s*>|<br\s*\/?>/gi

const numberKey = (number: string) => number.toLowerCase().replace(/[\s–-]+/g, '-')

const CELL_END = /<\/t[dh]\s*>/gi
const CELL_SEPARATOR = ' | '

/** A table row is one paragraph with its cells separated by ' | ' (else 'Quadri6 mesi'). */
function paragraphsOf(html: string): string[] {
  return html
    .split(BLOCK_END)
    .map((piece) => htmlToText(piece.replace(CELL_END, `$&${CELL_SEPARATOR}`)).replace(/(?:\s*\|)+\s*$/, ''))
    .filter((text) => text !== '')
}

/** The articles of `html` in document order; text outside articles is not part of any. */
export function articlesOf(html: string): Article[] {
  const articles: Article[] = []
  const headings = [...html.matchAll(HEADING)]
  headings.forEach((match, index) => {
    const heading = htmlToText(match[3] ?? '')
    const article = ARTICLE.exec(heading)
    if (!article) return
    const start = (match.index ?? 0) + match[0].length
    const end = headings[index + 1]?.index ?? html.length
    articles.push({
      number: numberKey(article[1] ?? ''),
      title: (article[2] ?? '').trim(),
      heading,
      anchor: /\bid\s*=\s*"([^"]+)"/i.exec(match[2] ?? '')?.[1] ?? null,
      paragraphs: paragraphsOf(html.slice(start, end)),
    })
  })
  return articles
}
