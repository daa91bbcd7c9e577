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

const variants: Record<string, string> = {
  a: 'aàáâä',
  e: 'eèéêë',
  i: 'iìíîï',
  o: 'oòóôö',
  u: 'uùúûü',
  c: 'cç',
  n: 'nñ',
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A case- and accent-insensitive pattern for the query, matching HTML-escaped text. */
function queryPattern(query: string): RegExp {
  const base = query
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
  let source = ''
  for (const char of escapeText(base)) {
    const lower = char.toLowerCase()
    if (char === ' ') source += '\\s+'
    else if (variants[lower]) source += `[${variants[lower]}]`
    else source += char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
  }
  return new RegExp(source, 'giu')
}

const anchorOf = (value: string) => value.replace(/^#/, '')

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
  const pattern = queryPattern(query)

  const anchorOrder = new Map<string, number>()
  let currentAnchor: string | undefined
  const matchesByAnchor = new Map<string | undefined, number>()
  let total = 0

  const html = sanitize(options.html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    disallowedTagsMode: 'discard',
    transformTags: {
      '*': (tagName, attribs) => {
        if (attribs.id) {
          currentAnchor = attribs.id
          if (!anchorOrder.has(attribs.id)) anchorOrder.set(attribs.id, anchorOrder.size)
        } else if (tagName === 'a' && attribs.name) {
          currentAnchor = attribs.name
          if (!anchorOrder.has(attribs.name)) anchorOrder.set(attribs.name, anchorOrder.size)
        }
        return { tagName, attribs }
      },
    },
    textFilter: (text) =>
      text.replace(pattern, (match) => {
        total += 1
        matchesByAnchor.set(currentAnchor, (matchesByAnchor.get(currentAnchor) ?? 0) + 1)
        return `<mark class="search-hit">${match}</mark>`
      }),
  })

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
