/**
 * The redline between two editions of a contract text: the articles added,
 * removed and changed, and inside a changed article the words struck and
 * inserted (a word diff by the `diff` package). The work is bounded: editions
 * over `MAX_EDITION_CHARS` are refused before anything is read, and an
 * article whose word diff would need more than `MAX_ARTICLE_EDITS` edits is
 * shown as rewritten (its old text struck, its new text inserted).
 */
import { diffWordsWithSpace } from 'diff'
import { articlesOf, type Article } from './articles.ts'

export type ArticleChange = 'added' | 'removed' | 'changed' | 'unchanged'

export type ArticleRedline = {
  number: string
  change: ArticleChange
  /** The heading in the newer edition (the older one's for a removed article). */
  heading: string
  /** The heading in the older edition when it differs. */
  previousHeading: string | null
  /** The anchor in the newer edition (the older one's for a removed article). */
  anchor: string | null
  /**
   * The body as escaped HTML paragraphs, with `<del>` around struck words and
   * `<ins>` around inserted ones (a removed article is all `<del>`, an added one all `<ins>`).
   */
  html: string
  /** Words struck and inserted. */
  struck: number
  inserted: number
}

export type EditionsRedline = {
  /** Every article in the newer edition's order, removed ones where they stood. */
  articles: ArticleRedline[]
  counts: Record<ArticleChange, number>
}

/** The largest edition compared (characters of HTML): checked before any work. */
export const MAX_EDITION_CHARS = 4_000_000
/** The most word edits one article's diff may explore; beyond it the article is shown as rewritten. */
export const MAX_ARTICLE_EDITS = 500

/** Thrown before any work when an edition is larger than the redline compares. */
export class EditionTooLargeError extends RangeError {}

/** Throws `EditionTooLargeError` when either edition is over `MAX_EDITION_CHARS`. */
export function assertComparable(olderHtml: string, newerHtml: string): void {
  if (olderHtml.length > MAX_EDITION_CHARS || newerHtml.length > MAX_EDITION_CHARS) {
    throw new EditionTooLargeError(`edition over ${MAX_EDITION_CHARS} characters`)
  }
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const PARAGRAPH = '\n'
const wordCount = (text: string) => text.split(/\s+/).filter((word) => word !== '').length

/** Escaped text as paragraphs, each `<p>`, with every piece wrapped by `wrap`. */
function paragraphsHtml(pieces: { text: string; tag: 'del' | 'ins' | null }[]): string {
  const paragraphs: string[] = ['']
  for (const piece of pieces) {
    piece.text.split(PARAGRAPH).forEach((part, index) => {
      if (index > 0) paragraphs.push('')
      if (part === '') return
      const html = piece.tag ? `<${piece.tag}>${escape(part)}</${piece.tag}>` : escape(part)
      paragraphs[paragraphs.length - 1] += html
    })
  }
  return paragraphs
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('')
}

function redlineOf(before: Article | undefined, after: Article | undefined): ArticleRedline {
  const oldText = before?.paragraphs.join(PARAGRAPH) ?? ''
  const newText = after?.paragraphs.join(PARAGRAPH) ?? ''
  const shown = (after ?? before) as Article
  const base = {
    number: shown.number,
    heading: shown.heading,
    anchor: shown.anchor,
    previousHeading: before && after && before.heading !== after.heading ? before.heading : null,
  }
  if (!before) {
    return {
      ...base,
      change: 'added',
      html: paragraphsHtml([{ text: newText, tag: 'ins' }]),
      struck: 0,
      inserted: wordCount(newText),
    }
  }
  if (!after) {
    return {
      ...base,
      change: 'removed',
      html: paragraphsHtml([{ text: oldText, tag: 'del' }]),
      struck: wordCount(oldText),
      inserted: 0,
    }
  }
  // Bounded: past MAX_ARTICLE_EDITS the diff gives up (undefined) and the article reads as rewritten.
  const parts = diffWordsWithSpace(oldText, newText, { maxEditLength: MAX_ARTICLE_EDITS }) ?? [
    { value: oldText, removed: true, added: false, count: 0 },
    { value: newText, removed: false, added: true, count: 0 },
  ]
  let struck = 0
  let inserted = 0
  for (const part of parts) {
    if (part.removed) struck += wordCount(part.value)
    if (part.added) inserted += wordCount(part.value)
  }
  const changed = struck + inserted > 0 || base.previousHeading !== null
  return {
    ...base,
    change: changed ? 'changed' : 'unchanged',
    html: paragraphsHtml(
      parts.map((part) => ({ text: part.value, tag: part.removed ? 'del' : part.added ? 'ins' : null })),
    ),
    struck,
    inserted,
  }
}

/**
 * The redline from the older edition's HTML to the newer one's. Articles are
 * matched by number and title, then by title alone (renumbered), then by
 * number alone (retitled).
 */
export function compareEditions(olderHtml: string, newerHtml: string): EditionsRedline {
  assertComparable(olderHtml, newerHtml)
  const older = articlesOf(olderHtml)
  const newer = articlesOf(newerHtml)
  // Each newer article's older counterpart: the same number and title, then the same
  // title (renumbered), then the same number (retitled).
  const matches: (Article | undefined)[] = newer.map(() => undefined)
  const taken = new Set<Article>()
  const title = (article: Article) => article.title.toLowerCase()
  const passes: ((a: Article, b: Article) => boolean)[] = [
    (a, b) => a.number === b.number && title(a) === title(b),
    (a, b) => title(a) !== '' && title(a) === title(b),
    (a, b) => a.number === b.number,
  ]
  for (const same of passes) {
    newer.forEach((article, index) => {
      if (matches[index]) return
      const found = older.find((candidate) => !taken.has(candidate) && same(candidate, article))
      if (!found) return
      matches[index] = found
      taken.add(found)
    })
  }
  const removed = older.filter((article) => !taken.has(article))

  // Removed articles stay where they stood: before the first newer article that followed them.
  const articles: ArticleRedline[] = []
  let next = 0
  newer.forEach((article, index) => {
    const before = matches[index]
    if (before) {
      const position = older.indexOf(before)
      while (next < removed.length && older.indexOf(removed[next] as Article) < position) {
        articles.push(redlineOf(removed[next], undefined))
        next += 1
      }
    }
    articles.push(redlineOf(before, article))
  })
  for (; next < removed.length; next += 1) articles.push(redlineOf(removed[next], undefined))

  const counts: Record<ArticleChange, number> = { added: 0, removed: 0, changed: 0, unchanged: 0 }
  for (const article of articles) counts[article.change] += 1
  return { articles, counts }
}
