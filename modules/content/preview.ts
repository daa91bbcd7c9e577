/**
 * What of a news body a visitor without subscription or trial may read: the
 * start of its first paragraph, never more than 40 % of the article's words.
 * Every excerpt of a paid item (cards, search results, the article's preview)
 * is cut from this text, so none says more than the article page.
 */
import { htmlToText } from './sanitize.ts'

/** The largest share of an article's words a visitor without subscription or trial may read. */
export const PREVIEW_WORD_SHARE = 0.4

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

const wordsOf = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '')

/**
 * The free part of a body as plain text: its first paragraph, cut after
 * PREVIEW_WORD_SHARE of the whole body's words (with '…' when cut).
 */
export function previewText(html: string | null | undefined): string {
  const first = wordsOf(firstParagraphText(html))
  const allowed = Math.floor(wordsOf(htmlToText(html)).length * PREVIEW_WORD_SHARE)
  if (first.length <= allowed) return first.join(' ')
  if (allowed === 0) return ''
  return `${first
    .slice(0, allowed)
    .join(' ')
    .replace(/[\s,;:.–-]+$/, '')}…`
}
