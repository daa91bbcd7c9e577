/**
 * Articles of the earlier editions kept in the archive that a later renewal rewrote:
 * the hiring documents had an article of their own, merged by the renewal into
 * the article on hiring (which takes the place of the two).
 */
import { paragraphs } from './html.ts'
import type { ArticleTemplate } from './article-template.ts'

/** The two articles that `assunzione` replaced. */
export const separateHiringArticles: ArticleTemplate[] = [
  {
    key: 'assunzione',
    title: 'Assunzione',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    body: () =>
      paragraphs([
        `L'assunzione del personale è effettuata secondo le norme di legge. Essa è comunicata al lavoratore con lettera nella quale sono specificati la data di inizio del rapporto, la durata dell'eventuale periodo di prova, il livello di inquadramento, la qualifica e il trattamento economico iniziale.`,
      ]),
  },
  {
    key: 'documentiAssunzione',
    title: 'Documenti di assunzione',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    body: () =>
      paragraphs([
        `All'atto dell'assunzione il lavoratore deve presentare la carta d'identità o documento equipollente, il libretto di lavoro, il certificato penale di data non anteriore a tre mesi, il codice fiscale e gli altri documenti eventualmente richiesti dall'impresa.`,
        `Il lavoratore deve dichiarare la propria residenza e il proprio domicilio e notificarne i successivi mutamenti.`,
      ]),
  },
]
