/**
 * The usual institutes of an Italian national agreement, written as articles whose
 * content follows each contract's facts (hours, holidays, notice, pay in force...).
 */
import { employmentArticles } from './articles-employment.ts'
import { payArticles } from './articles-pay.ts'
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

/** Every article template, in the order of the text. */
export const articleTemplates: ArticleTemplate[] = [...employmentArticles, ...payArticles]

/** How the articles are grouped into Titoli and Capi. */
export const textStructure: TitleTemplate[] = [
  { title: 'Disposizioni generali', articles: ['sfera', 'decorrenza', 'inscindibilita'] },
  {
    title: 'Relazioni sindacali',
    chapters: [
      { title: 'Sistema di relazioni sindacali', articles: ['relazioni', 'secondoLivello', 'bilateralita'] },
      { title: 'Diritti sindacali', articles: ['assemblea', 'permessiSindacali'] },
    ],
  },
  { title: 'Mercato del lavoro', articles: ['tempoDeterminato', 'partTime', 'apprendistato', 'lavoroAgile'] },
  {
    title: 'Costituzione del rapporto e classificazione',
    articles: ['assunzione', 'prova', 'classificazione', 'mansioni'],
  },
  {
    title: 'Orario di lavoro',
    articles: ['orario', 'flessibilita', 'straordinario', 'notturnoFestivo', 'riposo'],
  },
  {
    title: 'Ferie, festività e permessi',
    articles: ['ferie', 'festivita', 'permessi', 'congedoMatrimoniale', 'permessiFamiliari'],
  },
  {
    title: 'Trattamento economico',
    chapters: [
      { title: 'Retribuzione', articles: ['retribuzione', 'minimi', 'scatti', 'mensilita'] },
      { title: 'Trasferte e welfare', articles: ['trasferte', 'welfare'] },
    ],
  },
  { title: 'Sospensione del rapporto', articles: ['malattia', 'infortunio', 'maternita', 'aspettativa'] },
  {
    title: 'Doveri del lavoratore e disciplina',
    articles: ['doveri', 'provvedimenti', 'licenziamentoDisciplinare'],
  },
  { title: 'Cessazione del rapporto', articles: ['preavviso', 'dimissioni', 'tfr', 'morte'] },
]

/** Topic order of the argomenti tree. */
export const topicNames = [
  'Campo di applicazione',
  'Relazioni e diritti sindacali',
  'Assunzione e mercato del lavoro',
  'Classificazione e mansioni',
  'Orario di lavoro',
  'Ferie e permessi',
  'Retribuzione',
  'Welfare contrattuale',
  'Malattia e infortunio',
  'Maternità e congedi',
  'Disciplina',
  'Cessazione del rapporto',
]
