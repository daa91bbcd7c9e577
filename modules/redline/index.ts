/** The redline between two editions of a contract text, article by article (README.md). */
export {
  compareEditions,
  type ArticleChange,
  type ArticleRedline,
  type EditionsRedline,
} from './compare-editions.ts'
/** The articles of a text (number, heading, anchor, paragraphs). */
export { articlesOf, type Article } from './articles.ts'
/** The edition in force at a day (by its decorrenza, else its date) and which date the choice rested on. */
export { editionInForce, type EditionInForce, type InForceBasis } from './edition-in-force.ts'
