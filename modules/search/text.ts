/**
 * Plain text out of the portal's sanitised HTML, excerpts, and the markers
 * both search engines put around matching words.
 */
import { escapeHtml } from '../platform/index.ts'

/** Characters the engines wrap matching words in; private-use code points, never in real text. */
export const MARK_START = '\uE000'
export const MARK_END = '\uE001'

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
  agrave: 'à',
  aacute: 'á',
  acirc: 'â',
  atilde: 'ã',
  auml: 'ä',
  aring: 'å',
  aelig: 'æ',
  ccedil: 'ç',
  egrave: 'è',
  eacute: 'é',
  ecirc: 'ê',
  euml: 'ë',
  igrave: 'ì',
  iacute: 'í',
  icirc: 'î',
  iuml: 'ï',
  ntilde: 'ñ',
  ograve: 'ò',
  oacute: 'ó',
  ocirc: 'ô',
  otilde: 'õ',
  ouml: 'ö',
  oslash: 'ø',
  ugrave: 'ù',
  uacute: 'ú',
  ucirc: 'û',
  uuml: 'ü',
  yacute: 'ý',
  yuml: 'ÿ',
  szlig: 'ß',
  Agrave: 'À',
  Aacute: 'Á',
  Acirc: 'Â',
  Atilde: 'Ã',
  Auml: 'Ä',
  Aring: 'Å',
  AElig: 'Æ',
  Ccedil: 'Ç',
  Egrave: 'È',
  Eacute: 'É',
  Ecirc: 'Ê',
  Euml: 'Ë',
  Igrave: 'Ì',
  Iacute: 'Í',
  Icirc: 'Î',
  Iuml: 'Ï',
  Ntilde: 'Ñ',
  Ograve: 'Ò',
  Oacute: 'Ó',
  Ocirc: 'Ô',
  Otilde: 'Õ',
  Ouml: 'Ö',
  Oslash: 'Ø',
  Ugrave: 'Ù',
  Uacute: 'Ú',
  Ucirc: 'Û',
  Uuml: 'Ü',
  Yacute: 'Ý',
  euro: '€',
  pound: '£',
  cent: '¢',
  yen: '¥',
  sect: '§',
  para: '¶',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  ordf: 'ª',
  ordm: 'º',
  middot: '·',
  bull: '•',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  iexcl: '¡',
  iquest: '¿',
  micro: 'µ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
}

/** Decodes HTML character references (named ones of the Latin-1 and punctuation sets, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (match, ref: string) => {
    if (ref[0] === '#') {
      const point =
        ref[1] === 'x' || ref[1] === 'X'
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10)
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match
    }
    return namedEntities[ref] ?? match
  })
}

const blockTags = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
])
const skippedTags = new Set(['script', 'style', 'template', 'noscript'])

const tokenPattern = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g
const idPattern = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i

type HtmlVisitor = {
  /** Called for an opening tag carrying an `id` attribute. */
  onAnchor?: (id: string) => void
  /** Called with decoded text, and with ' ' or '\n' where the layout separates words. */
  onText: (text: string) => void
}

/** Walks HTML once, reporting text and anchors in document order. */
function walkHtml(html: string, visitor: HtmlVisitor): void {
  let skipping: string | undefined
  for (const match of html.matchAll(tokenPattern)) {
    const [token, closing, rawName, attributes, text] = match
    if (text !== undefined || token === '<') {
      if (!skipping) visitor.onText(decodeEntities(text ?? token))
      continue
    }
    if (rawName === undefined) continue // a comment
    const name = rawName.toLowerCase()
    if (skipping) {
      if (closing && name === skipping) skipping = undefined
      continue
    }
    if (!closing && skippedTags.has(name)) {
      if (!/\/\s*$/.test(attributes ?? '')) skipping = name
      continue
    }
    if (!closing && attributes && visitor.onAnchor) {
      const id = idPattern.exec(attributes)
      const value = id?.[1] ?? id?.[2] ?? id?.[3]
      if (value) visitor.onAnchor(decodeEntities(value))
    }
    if (blockTags.has(name)) visitor.onText(name === 'br' || name === 'p' || /^h\d$/.test(name) ? '\n' : ' ')
  }
}

/** Collapses runs of spaces, keeping single line breaks between blocks. */
export function tidyWhitespace(text: string): string {
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim()
}

/** The readable text of an HTML fragment. */
export function htmlToText(html: string): string {
  const parts: string[] = []
  walkHtml(html, { onText: (text) => parts.push(text) })
  return tidyWhitespace(parts.join(''))
}

/** The start of a text, at most `length` characters, cut at a word boundary and ending with '…' when cut. */
export function excerptOf(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.slice(0, length - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}

/** The text of an HTML document split at the given anchors, in document order. */
export function splitHtmlAtAnchors(
  html: string,
  anchors: ReadonlySet<string>,
): { anchor: string; text: string }[] {
  const sections: { anchor: string; parts: string[] }[] = [{ anchor: '', parts: [] }]
  walkHtml(html, {
    onAnchor: (id) => {
      if (anchors.has(id)) sections.push({ anchor: id, parts: [] })
    },
    onText: (text) => sections.at(-1)?.parts.push(text),
  })
  return sections.map((section) => ({ anchor: section.anchor, text: tidyWhitespace(section.parts.join('')) }))
}

/** Turns engine output with match markers into escaped HTML with `<mark>` elements. */
export function markedToHtml(marked: string): string {
  let open = false
  let html = ''
  for (const piece of marked
    .replace(/\s+/g, ' ')
    .trim()
    .split(/([\uE000\uE001])/)) {
    if (piece === MARK_START) {
      if (!open) html += '<mark>'
      open = true
    } else if (piece === MARK_END) {
      if (open) html += '</mark>'
      open = false
    } else {
      html += escapeHtml(piece)
    }
  }
  return open ? `${html}</mark>` : html
}

/**
 * A passage of `original` around its first marked words. `marked` is the same
 * text, character for character except that some characters may have been
 * replaced by spaces, with match markers inserted (the engine's output). The
 * passage keeps the original characters, cut at word boundaries to about
 * `length` characters, with '…' where it was cut. Falls back to the start of
 * the text when the two do not line up.
 */
export function passageAroundMarks(original: string, marked: string, length: number): string {
  const source = Array.from(original)
  const marks: { start: number; end: number }[] = []
  let index = 0
  let open: number | undefined
  for (const char of marked) {
    if (char === MARK_START) open = index
    else if (char === MARK_END) {
      if (open !== undefined) marks.push({ start: open, end: index })
      open = undefined
    } else index += 1
  }
  if (index !== source.length || marks.length === 0) return excerptOf(original, length)

  const first = marks[0] as { start: number; end: number }
  let start = Math.max(0, first.start - Math.floor(length / 3))
  let end = Math.min(source.length, start + length)
  start = Math.max(0, Math.min(start, end - length))
  const isSpace = (position: number) => /\s/.test(source[position] ?? ' ')
  while (start > 0 && start < first.start && !isSpace(start - 1)) start += 1
  while (end < source.length && end > first.end && !isSpace(end)) end -= 1

  let passage = start > 0 ? '…' : ''
  for (let position = start; position < end; position += 1) {
    if (marks.some((mark) => mark.start === position)) passage += MARK_START
    passage += source[position]
    if (marks.some((mark) => mark.end === position + 1)) passage += MARK_END
  }
  return `${passage.trim()}${end < source.length ? '…' : ''}`
}
