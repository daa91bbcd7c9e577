/**
 * The usual institutes of an Italian national agreement, written as articles whose
 * content follows each contract's facts (hours, holidays, notice, pay in force...).
 */
import { employmentArticles } from './articles-employment.ts'
import { payArticles } from './articles-pay.ts'
import type { TitleTemplate, ArticleTemplate } from './article-template.ts'

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
