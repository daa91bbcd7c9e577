/**
 * Excerpts of news bodies and the preview of an article for visitors without
 * subscription or trial (cut on the server: the preview is all they receive).
 */
import { htmlToText } from '../content/index.ts'
import { escapeHtml } from '../platform/index.ts'
import { remembered } from '../memo/index.ts'
import { excerptOf } from '../search/index.ts'

/** Excerpt lengths of the specification: cards and changelog, the main featured card, the related list. */
export const EXCERPT = { card: 100, featured: 350, related: 80 } as const

/** The longest preview of an article body a visitor without subscription or trial receives. */
export const PREVIEW_MAX_CHARS = 600

/** Excerpts already cut, per length: the same cached news are cut for every page that lists them. */
const cutters = new Map<number, (text: string) => string>()

/** The first `length` characters of a text, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, length: number): string {
  let cut = cutters.get(length)
  if (!cut) cutters.set(length, (cut = remembered((whole: string) => excerptOf(whole, length), 5000)))
  return cut(text)
}

const BLOCK_END = '\uE010'

/** The visible text of the first block (paragraph, list item, table row…) with any text in it. */
export function firstParagraphText(html: string | null | undefined): string {
  if (!html) return ''
  const spaced = html.replace(/<\/(td|th)\s*>/gi, '$& ')
  const marked = spaced.replace(
    /<\/(p|div|li|tr|h[1-6]|table|ul|ol|blockquote|section|article)\s*>|<br\s*\/?>\s*<br\s*\/?>/gi,
    `$&${BLOCK_END}`,
  )
  const blocks = htmlToText(marked).split(BLOCK_END)
  return blocks.map((block) => block.trim()).find((block) => block !== '') ?? ''
}

/**
 * The preview of a body: the text of its first paragraph, at most
 * PREVIEW_MAX_CHARS characters, as one escaped paragraph. Nothing else of the
 * body is in it.
 */
export function previewHtml(html: string | null | undefined): string {
  const text = excerpt(firstParagraphText(html), PREVIEW_MAX_CHARS)
  return text ? `<p>${escapeHtml(text)}</p>` : ''
}
