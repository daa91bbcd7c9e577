/** The shape of an article template of the generated contract texts, and of the text's structure. */
import type { ContractFact } from './facts/model.ts'
import type { Random } from './random.ts'
import type { PayLevelRecord } from './types.ts'

export type ArticleContext = {
  contract: ContractFact
  /** Qualified levels of the main category in the table the text refers to. */
  levels: PayLevelRecord[]
  /** Decorrenza of those levels. */
  payDate: string
  random: Random
}

export type ArticleTemplate = {
  key: string
  title: string
  topic: string
  /** Included in every text (short texts use only these). */
  core: boolean
  /** False when the contract has nothing to say about the institute. */
  applies?: (c: ContractFact) => boolean
  body: (ctx: ArticleContext) => string
}

export type ChapterTemplate = { title: string; articles: string[] }
export type TitleTemplate = { title: string; chapters?: ChapterTemplate[]; articles?: string[] }
