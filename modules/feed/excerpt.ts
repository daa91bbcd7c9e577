/**
 * Excerpts of news bodies and the preview of an article for visitors without
 * subscription or trial (cut on the server: the preview is all they receive,
 * and every excerpt of a paid item is cut from it).
 */
import { htmlToText, previewText, type NewsType } from '../content/index.ts'
import { createCache, escapeHtml } from '../platform/index.ts'
import { excerptOf } from '../search/index.ts'

/** Excerpt lengths of the specification: cards and changelog, the main featured card, the related list. */
export const EXCERPT = { card: 100, featured: 350, related: 80 } as const

/** The longest preview of an article body a visitor without subscription or trial receives. */
export const PREVIEW_MAX_CHARS = 600

/** Excerpts already cut, by length and text: the same cached news are cut for every page that lists them. */
const excerpts = createCache<string>({ name: 'excerpts', max: 5000 })

/** The first `length` characters of a text, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, length: number): string {
  return excerpts.memo(`${length}:${text}`, () => excerptOf(text, length))
}

/**
 * The text a news item's excerpts are cut from: the whole text of a changelog
 * item (shown in full to everyone), otherwise only the free part of the body
 * (first paragraph, at most 40 % of the words), so no list says more than the
 * article page does to a visitor without subscription or trial.
 */
export function excerptSource(type: NewsType, html: string | null | undefined): string {
  return type === 'changelog' ? htmlToText(html) : previewText(html)
}

/**
 * The preview of a body: the free part of its first paragraph, at most
 * PREVIEW_MAX_CHARS characters, as one escaped paragraph. Nothing else of the
 * body is in it.
 */
export function previewHtml(html: string | null | undefined): string {
  const text = excerpt(previewText(html), PREVIEW_MAX_CHARS)
  return text ? `<p>${escapeHtml(text)}</p>` : ''
}
