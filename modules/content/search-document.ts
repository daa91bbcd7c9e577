import sanitize from 'sanitize-html'
import type { TreeNode } from './schemas.ts'
import { flattenTree, HIDDEN_NODE_MARKER } from './tree.ts'

export type DocumentSearchHit = {
  /** Text of the navigation node whose section holds the matches. */
  text: string
  /** Link to the node's anchor in the document (`#art-12`). */
  link: string
  /** How many matches fall in that section. */
  matches: number
}

export type DocumentSearchResult = {
  /** The document with every match wrapped in `<mark class="search-hit">`. */
  html: string
  /** Total number of matches. */
  matches: number
  /** The navigation nodes whose sections contain matches, in document order. */
  nodes: DocumentSearchHit[]
}

/** Shortest query accepted by the in-document search. */
export const MIN_DOCUMENT_QUERY = 2

/**
 * The in-document search compares folded text: lower case, without accents,
 * every run of white space as one space. No pattern is built from what the
 * reader typed, so any string searches without error.
 */
function foldChar(char: string): string {
  if (char.length === 1 && char.charCodeAt(0) < 0x80) return /\s/.test(char) ? ' ' : char.toLowerCase()
  if (/\s/u.test(char)) return ' '
  return char.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
}

type FoldedText = {
  /** The folded text. */
  text: string
  /** For each code unit of `text`, where the code point it comes from starts in the source. */
  origin: number[]
}

function foldText(source: string): FoldedText {
  const pieces: string[] = []
  const origin: number[] = []
  let index = 0
  let afterSpace = false
  for (const char of source) {
    const piece = foldChar(char)
    if (piece !== '' && !(piece === ' ' && afterSpace)) {
      pieces.push(piece)
      for (let unit = 0; unit < piece.length; unit += 1) origin.push(index)
      afterSpace = piece === ' '
    }
    index += char.length
  }
  return { text: pieces.join(''), origin }
}

/** What the reader typed, folded as the document is; null when nothing in it can match. */
export function documentQuery(query: string): string | null {
  const folded = foldText(query).text.trim()
  return folded === '' ? null : folded
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' }

/** Text or an attribute value as sanitize-html writes them: with these four entities only. */
const unescapeText = (value: string) =>
  value.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => entities[name] ?? '')

const codePointLength = (text: string, index: number) => ((text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1)

/**
 * The matches of a folded query in a plain text, as source ranges that never
 * split a character from its accents and never overlap.
 */
export function findMatches(text: string, needle: string): { start: number; end: number }[] {
  const folded = foldText(text)
  const found: { start: number; end: number }[] = []
  let from = 0
  for (;;) {
    const at = folded.text.indexOf(needle, from)
    if (at < 0) return found
    from = at + needle.length
    const start = folded.origin[at] ?? 0
    const last = folded.origin[at + needle.length - 1] ?? start
    let end = last + codePointLength(text, last)
    while (end < text.length) {
      const next = String.fromCodePoint(text.codePointAt(end) ?? 0)
      if (foldChar(next) !== '') break
      end += next.length
    }
    const previous = found.at(-1)
    if (!previous || start >= previous.end) found.push({ start, end })
  }
}

/**
 * Escaped text (as sanitize-html hands it over) unescaped, with where each of
 * its characters starts in the escaped text (and its end last).
 */
function unescapedWithOffsets(escaped: string): { text: string; at: number[] } {
  let text = ''
  const at: number[] = []
  let done = 0
  const keep = (end: number) => {
    for (let index = done; index < end; index += 1) at.push(index)
    text += escaped.slice(done, end)
  }
  for (const entity of escaped.matchAll(/&(amp|lt|gt|quot);/g)) {
    keep(entity.index)
    at.push(entity.index)
    text += entities[entity[1] ?? ''] ?? ''
    done = entity.index + entity[0].length
  }
  keep(escaped.length)
  at.push(escaped.length)
  return { text, at }
}

/**
 * HTML-escaped text (as sanitize-html hands it over) with each match wrapped
 * in a mark; the text between the marks is the escaped text as it was.
 */
function markText(escaped: string, needle: string, onMatch: () => void): string {
  const { text, at } = unescapedWithOffsets(escaped)
  const matches = findMatches(text, needle)
  if (matches.length === 0) return escaped
  const source = (start: number, end: number) => escaped.slice(at[start], at[end])
  let html = ''
  let done = 0
  for (const match of matches) {
    onMatch()
    html += `${source(done, match.start)}<mark class="search-hit">${source(match.start, match.end)}</mark>`
    done = match.end
  }
  return html + source(done, text.length)
}

const anchorOf = (value: string) => value.replace(/^#/, '')

/** The anchor a start tag sets: its `id`, or the `name` of an `<a>`. */
function anchorOfTag(tag: string): string | undefined {
  const id =
    /\sid="([^"]*)"/.exec(tag)?.[1] ?? (/^<a\s/i.test(tag) ? /\sname="([^"]*)"/.exec(tag)?.[1] : undefined)
  return id ? unescapeText(id) : undefined
}

/**
 * Searches a stored (already sanitised) document: highlights the matches and
 * tells which sections of the navigation tree contain them. Hidden nodes
 * (`/29999`) never appear among the results.
 */
export function searchDocument(options: {
  html: string
  nav: readonly TreeNode[]
  query: string
}): DocumentSearchResult {
  const query = options.query.trim()
  if (query.length < MIN_DOCUMENT_QUERY) return { html: options.html, matches: 0, nodes: [] }
  const needle = documentQuery(query)
  if (needle === null) return { html: options.html, matches: 0, nodes: [] }

  const anchorOrder = new Map<string, number>()
  let currentAnchor: string | undefined
  const matchesByAnchor = new Map<string | undefined, number>()
  let total = 0

  const onMatch = () => {
    total += 1
    matchesByAnchor.set(currentAnchor, (matchesByAnchor.get(currentAnchor) ?? 0) + 1)
  }
  // sanitize-html writes every `<` and `>` of text and attribute values as an entity, so in its
  // output each `<…>` is a tag and what lies between two tags is one whole run of text.
  const normalized = sanitize(options.html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
  })
  let html = ''
  for (const [index, part] of normalized.split(/(<[^>]*>)/).entries()) {
    if (index % 2 === 0) {
      html += part === '' ? '' : markText(part, needle, onMatch)
      continue
    }
    html += part
    const anchor = anchorOfTag(part)
    if (anchor !== undefined) {
      currentAnchor = anchor
      if (!anchorOrder.has(anchor)) anchorOrder.set(anchor, anchorOrder.size)
    }
  }

  const sections = flattenTree(options.nav)
    .filter((node) => !node.value.includes(HIDDEN_NODE_MARKER))
    .map((node) => ({ node, position: anchorOrder.get(anchorOf(node.value)) }))
    .filter((entry): entry is { node: TreeNode; position: number } => entry.position !== undefined)
    .sort((left, right) => left.position - right.position)

  const hits = new Map<TreeNode, number>()
  for (const [anchor, count] of matchesByAnchor) {
    const position = anchor === undefined ? -1 : (anchorOrder.get(anchor) ?? -1)
    let owner: TreeNode | undefined
    for (const section of sections) {
      if (section.position > position) break
      owner = section.node
    }
    if (owner) hits.set(owner, (hits.get(owner) ?? 0) + count)
  }

  const nodes = sections
    .filter((section) => hits.has(section.node))
    .map((section) => ({
      text: section.node.text,
      link: `#${anchorOf(section.node.value)}`,
      matches: hits.get(section.node) ?? 0,
    }))
  return { html, matches: total, nodes }
}
