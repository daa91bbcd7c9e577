/** The catalogue (sectors, contracts, categories, contract search: public) and the account's favourites. */
import { createHash } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonContent, OkSchema, serialisedJson } from '../../http/index.ts'
import { it } from '../../i18n/index.ts'
import { searchAnswerJson } from '../../search/index.ts'
import {
  assertOwnAccount,
  categoryList,
  favouriteCodes,
  isFavourite,
  logView,
  mostConsulted,
  recentCodes,
  toggleFavourite,
} from '../activity.ts'
import {
  contractOptions,
  getCategory,
  getContract,
  getSector,
  listCategories,
  listContractMappings,
  listContracts,
  listSectors,
  listTextTypes,
} from '../catalog.ts'
import { contractFacts } from '../contract-facts.ts'
import { searchContracts } from '../contract-search.ts'
import {
  readOperations,
  answers,
  bodyOf,
  code,
  contractHit,
  databaseRoute,
  readerOf,
  text,
  userIdOf,
} from '../route-kit.ts'
import {
  CategoryListSchema,
  CategoryRowSchema,
  CategorySchema,
  ContractDetailSchema,
  ContractHitSchema,
  ContractMappingSchema,
  ContractOptionSchema,
  ContractSchema,
  FavouriteToggledSchema,
  SectorSchema,
  TextTypeSchema,
} from '../schemas.ts'

const tags = ['Banca dati']
const read = readOperations(tags)
const favouriteTags = ['Preferiti']
const readFavourites = readOperations(favouriteTags)
const sectorMessage = { message: it.database.errors.badSector }

/** `GET /contratti/opzioni`: the same for every visitor, so any cache may keep it (ETag, 304). */
const contractOptionsRoute = createRoute({
  method: 'get',
  path: '/contratti/opzioni',
  tags,
  summary: 'Contratti in forma compatta per i filtri (codice, nome, settore)',
  description:
    'Tutti i contratti, o quelli del settore indicato, ordinati per titolo. Risposta pubblica: Cache-Control public, max-age=60 ed ETag (If-None-Match risponde 304).',
  request: {
    query: z.object({
      settore: z.coerce
        .number(sectorMessage)
        .int(sectorMessage)
        .positive(sectorMessage)
        .max(2_147_483_647, sectorMessage)
        .optional(),
    }),
  },
  responses: {
    200: jsonContent(z.array(ContractOptionSchema), 'I contratti'),
    304: { description: 'Non modificato (ETag invariato)' },
    ...errorResponses(400, 404),
  },
})

const sectorsRoute = read('/settori', 'Settori', {}, answers(z.array(SectorSchema), 'I settori'))
const sectorRoute = read(
  '/settori/{id}',
  'Un settore',
  { params: z.object({ id: code }) },
  answers(SectorSchema, 'Il settore', 400, 404),
)
const contractsRoute = read('/contratti', 'Contratti', {}, answers(z.array(ContractSchema), 'I contratti'))
const contractRoute = read(
  '/contratti/{id}',
  'Un contratto',
  { params: z.object({ id: code }) },
  answers(ContractDetailSchema, 'Il contratto, con la sua nota', 400, 404),
)
const mostConsultedRoute = read(
  '/categorie/piuconsultate',
  'Categorie più consultate',
  {},
  answers(CategoryListSchema, 'Le categorie più consultate'),
)
const recentRoute = read(
  '/categorie/recent',
  'Categorie consultate di recente',
  {},
  answers(CategoryListSchema, 'Le ultime categorie consultate dall’account', 401),
)
const favouritesRoute = readFavourites(
  '/contrattipreferiti',
  'Categorie preferite',
  {},
  answers(CategoryListSchema, 'Le categorie preferite dell’account', 401),
)
const categoriesRoute = read(
  '/categorie',
  'Categorie',
  {},
  answers(z.array(CategoryRowSchema), 'Tutte le categorie, con il loro contratto e settore'),
)
const categoryRoute = read(
  '/categorie/{id}',
  'Una categoria',
  { params: z.object({ id: code }) },
  answers(CategorySchema, 'La categoria', 400, 404),
)
const logViewRoute = databaseRoute({
  method: 'post',
  path: '/categorie/logview/{categoryCode}',
  tags,
  summary: 'Registra la consultazione di una categoria',
  request: { params: z.object({ categoryCode: code }) },
  responses: answers(OkSchema, 'Consultazione registrata', 400, 404),
})
const mappingsRoute = read(
  '/raccordocontratti',
  'Raccordo contratti',
  {},
  answers(z.array(ContractMappingSchema), 'Il raccordo tra categorie e contratti'),
)
const textTypesRoute = read(
  '/tipisia',
  'Tipi di testo',
  {},
  answers(z.array(TextTypeSchema), 'I tipi di testo'),
)
const searchRoute = read(
  '/ccnlsearch/ccnl/{text}',
  'Ricerca dei contratti',
  { params: z.object({ text: text(200) }) },
  answers(z.array(ContractHitSchema), 'Le categorie trovate', 400, 429),
)
const favouriteParams = z.object({ uid: text(100), categoryCode: code })
const isFavouriteRoute = readFavourites(
  '/user/checkfavoriteccnl/{uid}/{categoryCode}',
  'La categoria è tra i preferiti?',
  { params: favouriteParams },
  answers(z.boolean(), 'Vero se la categoria è tra i preferiti', 400, 401, 403),
)
const toggleFavouriteRoute = databaseRoute({
  method: 'post',
  path: '/user/toggleccnltofavorites/{uid}/{categoryCode}',
  tags: favouriteTags,
  summary: 'Aggiunge o toglie una categoria dai preferiti',
  description:
    'Togliere un preferito è sempre possibile; aggiungerlo richiede un abbonamento attivo o la prova gratuita in corso (403 altrimenti, con il motivo in italiano).',
  request: { params: favouriteParams },
  responses: answers(FavouriteToggledSchema, 'Il nuovo stato e l’avviso da mostrare', 400, 401, 403, 404),
})

/** The ETag of a JSON answer. */
const etagOf = (body: unknown) => `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`

export function catalogueRoutes() {
  return (
    createRouter()
      // Before /contratti/{id}; reads no session, so any visitor and any cache may keep it.
      .openapi(contractOptionsRoute, async (c) => {
        const options = await contractOptions(c.req.valid('query').settore)
        const etag = etagOf(options)
        c.header('cache-control', 'public, max-age=60')
        c.header('etag', etag)
        c.header('vary', 'accept-encoding')
        const seen = (c.req.header('if-none-match') ?? '')
          .split(',')
          .map((tag) => tag.trim().replace(/^W\//, ''))
        if (seen.includes(etag)) return c.body(null, 304)
        return c.json(options, 200)
      })
      .openapi(sectorsRoute, async (c) =>
        c.json(
          (await listSectors()).map((s) => ({ codiceSettore: s.code, descrizioneSettore: s.name })),
          200,
        ),
      )
      .openapi(sectorRoute, async (c) => {
        const sector = await getSector(c.req.valid('param').id)
        return c.json({ codiceSettore: sector.code, descrizioneSettore: sector.name }, 200)
      })
      .openapi(contractsRoute, async (c) =>
        c.json(
          (await listContracts()).map((contract) => ({
            codiceContratto: contract.code,
            codiceSettore: contract.sectorCode,
            descrizione: contract.title,
            codiceCnel: contract.cnelCode,
          })),
          200,
        ),
      )
      .openapi(contractRoute, async (c) => {
        const contract = await getContract(c.req.valid('param').id)
        return c.json(
          {
            codiceContratto: contract.code,
            codiceSettore: contract.sectorCode,
            descrizione: contract.title,
            codiceCnel: contract.cnelCode,
            notaPubblicata: contract.noteHtml ?? '',
            ...contractFacts(contract),
          },
          200,
        )
      })
      .openapi(mostConsultedRoute, async (c) =>
        c.json(await mostConsulted(readerOf(c).user?.id ?? null), 200),
      )
      .openapi(recentRoute, async (c) =>
        c.json(await categoryList(await recentCodes(userIdOf(c)), userIdOf(c)), 200),
      )
      .openapi(favouritesRoute, async (c) =>
        c.json(await categoryList(await favouriteCodes(userIdOf(c)), userIdOf(c)), 200),
      )
      .openapi(categoriesRoute, async (c) => {
        const codes = (await listCategories()).map((category) => category.code)
        const list = await categoryList(codes, readerOf(c).user?.id ?? null)
        return c.json(
          list.categorie.map((entry) => ({
            codiceSettore: entry.sectorCode,
            codiceContratto: entry.contractCode,
            codiceCategoria: entry.categoryCode,
            descrizioneSettore: entry.sectorName,
            descrizioneContratto: entry.contractTitle,
            descrizioneCategoria: entry.categoryName,
            isFavorite: entry.isFavorite,
          })),
          200,
        )
      })
      .openapi(categoryRoute, async (c) => c.json(bodyOf(await getCategory(c.req.valid('param').id)), 200))
      .openapi(logViewRoute, async (c) => {
        await logView(readerOf(c).user?.id ?? null, c.req.valid('param').categoryCode)
        return c.json({ ok: true as const }, 200)
      })
      .openapi(mappingsRoute, async (c) =>
        c.json(
          (await listContractMappings()).map((row) => ({
            codiceContrattoWerte: row.categoryCode,
            codiceContrattoNuovo: row.contractCode,
          })),
          200,
        ),
      )
      .openapi(textTypesRoute, async (c) =>
        c.json(
          (await listTextTypes()).map((type) => ({ codTipo: type.code, descrizione: type.name })),
          200,
        ),
      )
      .openapi(searchRoute, async (c) => {
        const { text: words } = c.req.valid('param')
        const user = readerOf(c).user
        const hits = async (favourites: Set<number>) =>
          (await searchContracts(words)).map((hit) => contractHit(hit, favourites))
        // Without an account the answer is everyone's: serialised once and kept with the search results.
        if (!user)
          return serialisedJson<Awaited<ReturnType<typeof hits>>>(
            await searchAnswerJson(`contracts:${words}`, () => hits(new Set())),
            { 'cache-control': 'private, no-store' },
          )
        return c.json(await hits(new Set(await favouriteCodes(user.id))), 200)
      })
      .openapi(isFavouriteRoute, async (c) => {
        const { uid, categoryCode } = c.req.valid('param')
        assertOwnAccount(uid, userIdOf(c))
        return c.json(await isFavourite(uid, categoryCode), 200)
      })
      .openapi(toggleFavouriteRoute, async (c) => {
        const { uid, categoryCode } = c.req.valid('param')
        assertOwnAccount(uid, userIdOf(c))
        // Adding needs a trial in progress or a subscription (the content a favourite brings); removing does not.
        const mayAdd = readerOf(c).entitlements.canReadInForce
        const favourite = await toggleFavourite(uid, categoryCode, { mayAdd })
        const message = favourite ? it.database.favourites.added : it.database.favourites.removed
        return c.json({ isFavorite: favourite, message }, 200)
      })
  )
}
