/** The redline between two editions of a contract text, article by article (README.md). */
export {
  compareEditions,
  EditionTooLargeError,
  MAX_EDITION_CHARS,
  MAX_ARTICLE_EDITS,
  type ArticleChange,
  type ArticleRedline,
  type EditionsRedline,
} from './compare-editions.ts'
/** Redlines of large editions in a worker thread, off the event loop, with a bounded queue. */
export { createEditionsComparer, OFF_THREAD_CHARS, type EditionsComparer } from './compare-off-thread.ts'
/** The articles of a text (number, heading, anchor, paragraphs). */
export { articlesOf, type Article } from './articles.ts'
/** The edition in force at a day (by its decorrenza, else its date) and which date the choice rested on. */
export { editionInForce, type EditionInForce, type InForceBasis } from './edition-in-force.ts'
