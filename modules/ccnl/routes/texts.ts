/** National texts: the lists, indexes and topic trees (public), the texts and the search in a text (in force, archive for Professional). */
import { z } from '@hono/zod-openapi'
import { createRouter } from '../../http/index.ts'
import { it } from '../../i18n/index.ts'
import { AppError } from '../../platform/index.ts'
import { answers, readOperations, code, databaseRoute, dayParam, readerOf, text } from '../route-kit.ts'
import {
  ContractTextSchema,
  TextSearchSchema,
  InForceSchema,
  TextSummarySchema,
  TopicTreeSchema,
  TreeSchema,
} from '../schemas.ts'
import { getText, getTextSummary, nationalTexts, searchText, textNavigation, textTopics } from '../texts.ts'
import { compareTextEditions, editionOn } from '../compare-text-editions.ts'

const int = z.number().int()
const tags = ['Testi']
const read = readOperations(tags)
const byContract = { params: z.object({ cod: code }) }
const byText = { params: z.object({ id: code }) }
const bySearch = { params: z.object({ id: code, query: text(200) }) }

const consolidatedRoute = read(
  '/contratti/testi/nazionale/consolidato/byContratto/{cod}',
  'Testo consolidato di un contratto',
  byContract,
  answers(z.array(TextSummarySchema), 'Il testo consolidato (in vigore)', 400, 404),
)
const archiveRoute = read(
  '/contratti/testi/nazionale/byContratto/{cod}',
  'Archivio storico dei testi di un contratto',
  byContract,
  answers(z.array(TextSummarySchema), 'I testi dell’archivio storico', 400, 404),
)
const treeRoute = <P extends string>(path: P, summary: string) =>
  databaseRoute({
    method: 'get',
    path,
    tags,
    summary,
    request: byText,
    responses: answers(TreeSchema, 'L’indice del testo', 400, 404),
  })
const navigationRoute = treeRoute('/contratti/testi/nazionale/navigazione/{id}', 'Indice di un testo')
const consolidatedNavigationRoute = treeRoute(
  '/contratti/testi/nazionale/consolidato/navigazione/{id}',
  'Indice del testo consolidato',
)
const topicsRoute = read(
  '/contratti/testi/nazionale/consolidato/alberoargomenti/{id}',
  'Argomenti del testo consolidato',
  byText,
  answers(TopicTreeSchema, 'Gli argomenti e i loro punti del testo', 400, 404),
)
const consolidatedTextRoute = read(
  '/contratti/testi/nazionale/consolidato/byTesto/{id}',
  'Testo consolidato integrale',
  byText,
  answers(ContractTextSchema, 'Il testo', 400, 401, 404),
)
const consolidatedSearchRoute = read(
  '/contratti/testi/nazionale/consolidato/byTesto/{id}/ricerca/{query}',
  'Ricerca nel testo consolidato',
  bySearch,
  answers(TextSearchSchema, 'Le occorrenze', 400, 401, 404, 429),
)
const searchRoute = read(
  '/contratti/testi/nazionale/byTesto/{id}/ricerca/{query}',
  'Ricerca in un testo',
  bySearch,
  answers(TextSearchSchema, 'Le occorrenze', 400, 401, 404, 429),
)
const textRoute = read(
  '/contratti/testi/nazionale/{id}',
  'Testo integrale',
  byText,
  answers(ContractTextSchema, 'Il testo', 400, 401, 404),
)

const ArticleRedlineSchema = z.object({
  number: z.string().openapi({ description: 'Numero dell’articolo (12, 12-bis)' }),
  change: z.enum(['added', 'removed', 'changed', 'unchanged']),
  heading: z.string(),
  previousHeading: z.string().nullable(),
  anchor: z.string().nullable(),
  html: z.string().openapi({ description: 'Paragrafi con <del> e <ins> sulle parole tolte e aggiunte' }),
  struck: int,
  inserted: int,
})
const TextRedlineSchema = z
  .object({
    older: TextSummarySchema,
    newer: TextSummarySchema,
    articles: z.array(ArticleRedlineSchema),
    counts: z.object({ added: int, removed: int, changed: int, unchanged: int }),
  })
  .openapi('ConfrontoEdizioni')

const redlineRoute = read(
  '/contratti/testi/nazionale/confronto/{id}/{altro}',
  'Confronto di due edizioni del testo nazionale, articolo per articolo (Professional)',
  { params: z.object({ id: code, altro: code }) },
  answers(TextRedlineSchema, 'Gli articoli aggiunti, tolti e modificati, con le parole', 400, 401, 404),
)
const inForceRoute = read(
  '/contratti/testi/nazionale/byContratto/{cod}/invigore/{data}',
  'L’edizione del testo nazionale in vigore a una data',
  { params: z.object({ cod: code, data: text(10) }) },
  answers(InForceSchema, 'L’edizione in vigore quel giorno e la data su cui si basa la scelta', 400, 404),
)

export function textRoutes() {
  return createRouter()
    .openapi(consolidatedRoute, async (c) =>
      c.json((await nationalTexts(c.req.valid('param').cod)).consolidated, 200),
    )
    .openapi(archiveRoute, async (c) => c.json((await nationalTexts(c.req.valid('param').cod)).archive, 200))
    .openapi(navigationRoute, async (c) => c.json({ d: await textNavigation(c.req.valid('param').id) }, 200))
    .openapi(consolidatedNavigationRoute, async (c) =>
      c.json({ d: await textNavigation(c.req.valid('param').id) }, 200),
    )
    .openapi(topicsRoute, async (c) => c.json(await textTopics(c.req.valid('param').id), 200))
    .openapi(consolidatedTextRoute, async (c) =>
      c.json(await getText(readerOf(c), c.req.valid('param').id, 'consolidated'), 200),
    )
    .openapi(consolidatedSearchRoute, async (c) => {
      const { id, query } = c.req.valid('param')
      const summary = await getTextSummary(id)
      if (summary.edizione !== 'consolidated')
        throw new AppError('not_found', it.database.errors.textNotFound)
      return c.json(await searchText(readerOf(c), id, query), 200)
    })
    .openapi(searchRoute, async (c) => {
      const { id, query } = c.req.valid('param')
      return c.json(await searchText(readerOf(c), id, query), 200)
    })
    .openapi(textRoute, async (c) => c.json(await getText(readerOf(c), c.req.valid('param').id), 200))
    .openapi(redlineRoute, async (c) => {
      const { id, altro } = c.req.valid('param')
      return c.json(await compareTextEditions(readerOf(c), id, altro), 200)
    })
    .openapi(inForceRoute, async (c) => {
      const { cod, data } = c.req.valid('param')
      const found = await editionOn(cod, dayParam(data))
      if (!found) throw new AppError('not_found', it.database.errors.noEditionOnDay)
      const basis = found.basis === 'effectiveDate' ? ('decorrenza' as const) : ('data' as const)
      return c.json({ ...found.edition, vigenteDal: found.from, criterio: basis }, 200)
    })
}
