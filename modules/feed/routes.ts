/**
 * The feed's routes of the REST API (/api/v1): home lists, changelog, search,
 * articles (cut on the server for visitors without subscription or trial),
 * related items, tags, attachments, views, favourites' news, notifications
 * and the e-mail subscription. Identity always comes from the session.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  createRouter,
  errorResponses,
  fileContent,
  jsonBody,
  jsonContent,
  OkSchema,
  serialisedJson,
  signedInOf,
  signedInOnly,
  viewerOf,
} from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, getLogger } from '../platform/index.ts'
import { searchAnswerJson, getSearch } from '../search/index.ts'
import { cms, pool } from './cms.ts'
import {
  isEmailSubscribed,
  registerEmailSubscription,
  unregisterEmailSubscription,
} from './email-subscriptions.ts'
import { favouriteContractsOf } from './followers.ts'
import {
  articleFor,
  changelog,
  downloadName,
  findArticleByGuid,
  findArticleByPath,
  homeNews,
  newsOfContracts,
  relatedNews,
  tagsOf,
} from './news.ts'
import { listNotifications, markAllRead, markRead } from './notifications.ts'
import {
  ArticleSchema,
  SectorSchema,
  NewsCardSchema,
  NewsPageSchema,
  NotificationSchema,
  SearchResultsSchema,
  TagsSchema,
  type SearchResults,
} from './schemas.ts'
import { filterQuerySchema, searchByFilters, searchFeed, searchScopeOf } from './search.ts'
import { mostConsultedSectors, recordView } from './views.ts'

const pageQuery = (defaultLimit: number) =>
  z.object({
    start: z.coerce.number().int().min(0).max(10_000).default(0),
    limit: z.coerce.number().int().min(1).max(50).default(defaultLimit),
  })

const guidParam = z.object({ guid: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) })
const tags = ['Quotidiano']

const home = createRoute({
  method: 'get',
  path: '/notizie/homepage',
  tags,
  summary: 'Notizie e scadenze della home del Quotidiano',
  description:
    'Carosello start 0 limit 3 (estratti di 350 caratteri); In primo piano start 3 limit 3; Leggi anche 6 alla volta da start 6 (estratti di 100 caratteri).',
  request: { query: pageQuery(3) },
  responses: { 200: jsonContent(NewsPageSchema, 'Notizie, le più recenti prima'), ...errorResponses(400) },
})
const changelogRoute = createRoute({
  method: 'get',
  path: '/changelog',
  tags,
  summary: 'Aggiornamenti prodotti (AGGIORNAMENTO PRODOTTI)',
  request: { query: pageQuery(5) },
  responses: {
    200: jsonContent(NewsPageSchema, 'Aggiornamenti, i più recenti prima'),
    ...errorResponses(400),
  },
})
const mostConsulted = createRoute({
  method: 'get',
  path: '/notizie/settoripiuconsultati',
  tags,
  summary: 'Settori le cui notizie sono più lette',
  responses: { 200: jsonContent(z.array(SectorSchema), 'Settori') },
})
const advanced = createRoute({
  method: 'get',
  path: '/notizie/ricercaavanzata',
  tags,
  summary: 'Ricerca per filtri',
  description:
    'settore e contratto (-1 = tutti), datainizio e datafine gg/mm/aaaa (la data di fine solo con una data di inizio), testo (oltre 3 caratteri filtra anche i titoli). Settore tutti, contratto tutti e nessuna data di inizio: 400 «I filtri impostati non sono validi.»',
  request: { query: filterQuerySchema },
  responses: { 200: jsonContent(SearchResultsSchema, 'Notizie e scadenze'), ...errorResponses(400, 429) },
})
const freeText = createRoute({
  method: 'get',
  path: '/notizie/ricerca/{text}',
  tags,
  summary: 'Ricerca libera (oltre 3 caratteri)',
  description:
    'Con abbonamento o prova in corso cerca nel testo intero degli articoli; senza, solo in ciò che ogni visitatore può leggere (titolo e parte iniziale gratuita). Ricerche da uno stesso indirizzo oltre il limite al minuto: 429 con Retry-After.',
  request: { params: z.object({ text: z.string().max(200) }) },
  responses: { 200: jsonContent(SearchResultsSchema, 'Notizie e scadenze'), ...errorResponses(400, 429) },
})
const article = createRoute({
  method: 'get',
  path: '/notizie/{year}/{month}/{slug}',
  tags,
  summary: 'Articolo',
  description:
    'Testo intero con abbonamento o prova e per gli aggiornamenti prodotti; altrimenti solo l’inizio del primo paragrafo (al massimo il 40 % delle parole dell’articolo e 600 caratteri), con troncato true; anche estratto viene da quella parte.',
  request: {
    params: z.object({
      year: z.string().regex(/^\d{4}$/),
      month: z.string().regex(/^\d{1,2}$/),
      slug: z.string().max(200),
    }),
  },
  responses: { 200: jsonContent(ArticleSchema, 'Articolo'), ...errorResponses(400, 404) },
})
const viewed = createRoute({
  method: 'post',
  path: '/notizie/viewed/{guid}',
  tags,
  summary: 'Registra una lettura',
  request: { params: guidParam },
  responses: { 200: jsonContent(OkSchema, 'Registrata'), ...errorResponses(400, 404) },
})
const relatedRoute = createRoute({
  method: 'get',
  path: '/notizie/pertinenti/{guid}',
  tags,
  summary: 'Notizie pertinenti (Potrebbe interessarti)',
  request: { params: guidParam },
  responses: { 200: jsonContent(z.array(NewsCardSchema), 'Notizie'), ...errorResponses(400, 404) },
})
const tagsRoute = createRoute({
  method: 'get',
  path: '/notizie/tags/{guid}',
  tags,
  summary: 'Settori e contratti della notizia (abbonati e prova)',
  request: { params: guidParam },
  responses: { 200: jsonContent(TagsSchema, 'Tag'), ...errorResponses(400, 401, 404) },
})
const attachment = createRoute({
  method: 'get',
  path: '/notizie/allegato/{guid}',
  tags,
  summary: "Nome dell'allegato",
  request: { params: guidParam },
  responses: {
    200: jsonContent(z.object({ nome: z.string() }).openapi('Allegato'), 'Allegato'),
    ...errorResponses(400, 404),
  },
})
const download = createRoute({
  method: 'get',
  path: '/notizie/allegato/{guid}/download',
  tags,
  summary: "Scarica l'allegato (abbonati e prova)",
  request: { params: guidParam },
  responses: {
    200: fileContent('application/pdf', 'Il file'),
    ...errorResponses(400, 401, 404),
  },
})
const favourites = <P extends string>(path: P, summary: string, limit: number) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary,
    middleware: [signedInOnly] as const,
    request: {
      query: pageQuery(limit).extend({ type: z.enum(['scadenza', 'notizia']).optional() }),
    },
    responses: { 200: jsonContent(NewsPageSchema, 'Notizie'), ...errorResponses(400, 401) },
  })
const favouritesRecent = favourites('/notizie/preferite', 'Notizie dei preferiti più recenti', 4)
const favouritesAll = favourites('/notizie/preferite/all', 'Tutte le notizie dei preferiti', 20)

const notifications = createRoute({
  method: 'get',
  path: '/notifications',
  tags: ['Notifiche'],
  summary: 'Le notifiche (dalla meno recente: la campanella le mostra in ordine inverso)',
  middleware: [signedInOnly] as const,
  responses: { 200: jsonContent(z.array(NotificationSchema), 'Notifiche'), ...errorResponses(401) },
})
const allRead = createRoute({
  method: 'post',
  path: '/notifications/allread',
  tags: ['Notifiche'],
  summary: 'Segna tutte come lette',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(z.object({ updated: z.number().int() }).openapi('NotificheLette'), 'Fatto'),
    ...errorResponses(401),
  },
})
const setRead = createRoute({
  method: 'post',
  path: '/notifications/setread/{id}',
  tags: ['Notifiche'],
  summary: 'Segna una notifica come letta',
  middleware: [signedInOnly] as const,
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: { 200: jsonContent(OkSchema, 'Fatto'), ...errorResponses(400, 401, 404) },
})
const userIdParam = z.object({ userId: z.string().min(1).max(100) })
const emailStatus = createRoute({
  method: 'get',
  path: '/user/email-subscription/{userId}',
  tags: ['Notifiche'],
  summary: 'Notifiche per e-mail attive?',
  middleware: [signedInOnly] as const,
  request: { params: userIdParam },
  responses: {
    200: jsonContent(z.object({ subscribed: z.boolean() }).openapi('IscrizioneEmail'), 'Stato'),
    ...errorResponses(400, 401, 403),
  },
})
const register = createRoute({
  method: 'post',
  path: '/user/register-email-subscription',
  tags: ['Notifiche'],
  summary: 'Attiva le notifiche per e-mail (all’indirizzo dell’account)',
  middleware: [signedInOnly] as const,
  request: jsonBody(
    z.object({
      userId: z.string().min(1).max(100),
      email: z.string().max(254).optional(),
      name: z.string().max(200).optional(),
    }),
  ),
  responses: {
    200: jsonContent(z.object({ subscribed: z.literal(true) }), 'Attivate'),
    ...errorResponses(400, 401, 403),
  },
})
const unregister = createRoute({
  method: 'post',
  path: '/user/unregister-email-subscription',
  tags: ['Notifiche'],
  summary: 'Disattiva le notifiche per e-mail',
  middleware: [signedInOnly] as const,
  request: jsonBody(z.object({ userId: z.string().min(1).max(100) })),
  responses: {
    200: jsonContent(z.object({ subscribed: z.literal(false) }), 'Disattivate'),
    ...errorResponses(400, 401, 403),
  },
})

function ownAccount(userId: string, sessionUserId: string): void {
  if (userId !== sessionUserId)
    throw new AppError('forbidden', it.feed.notifications.otherUser, { field: 'userId' })
}

/** A page of the news of the account's favourite contracts, of one type (`scadenza`, `notizia`) or both. */
async function favouritesNews(
  userId: string,
  query: { start: number; limit: number; type?: 'scadenza' | 'notizia' | undefined },
) {
  const contracts = await favouriteContractsOf(userId)
  const kind = query.type === 'scadenza' ? 'deadline' : query.type === 'notizia' ? 'news' : undefined
  return newsOfContracts(contracts, { start: query.start, limit: query.limit, ...(kind ? { kind } : {}) })
}

async function requireArticle(guid: string) {
  const doc = await findArticleByGuid(guid)
  if (!doc) throw new AppError('not_found', it.feed.api.notFound)
  return doc
}

/** `GET` lists are public; favourites, notifications and the e-mail subscription need a session. */
export function feedRoutes() {
  return (
    createRouter()
      .openapi(home, async (c) => c.json(await homeNews(c.req.valid('query')), 200))
      .openapi(changelogRoute, async (c) => c.json(await changelog(c.req.valid('query')), 200))
      .openapi(mostConsulted, async (c) => c.json(await mostConsultedSectors(10), 200))
      // The same answer for everyone (filters and titles only): serialised once and kept with the search results.
      .openapi(advanced, async (c) => {
        const query = c.req.valid('query')
        return serialisedJson<SearchResults>(
          await searchAnswerJson(`feed-filters:${JSON.stringify(query)}`, async () =>
            searchByFilters(query, (await getSearch()).uncached),
          ),
        )
      })
      .openapi(freeText, async (c) => {
        const { text } = c.req.valid('param')
        // Readers without access search what they may read: their answer is kept apart.
        const scope = searchScopeOf(viewerOf(c).access.entitlements)
        return serialisedJson<SearchResults>(
          await searchAnswerJson(`feed-text:${scope}:${text}`, async () =>
            searchFeed(text, scope, (await getSearch()).uncached),
          ),
        )
      })
      // Before the article route: /notizie/allegato/{guid}/download has as many segments as /notizie/{year}/{month}/{slug}.
      .openapi(download, async (c) => {
        const access = viewerOf(c).access
        c.header('cache-control', 'no-store')
        if (!access.user) throw new AppError('unauthorized', it.accounts.notSignedIn)
        if (!access.entitlements.canDownloadAttachments)
          throw new AppError('unauthorized', it.feed.api.subscriptionRequired)
        const doc = await requireArticle(c.req.valid('param').guid)
        if (!doc.attachmentFile) throw new AppError('not_found', it.feed.api.attachmentMissing)
        let file: Buffer
        try {
          const { readUpload } = await import('../cms/index.ts')
          file = await readUpload(await cms(), 'media', doc.attachmentFile)
        } catch (error) {
          getLogger().error({ err: error, guid: doc.guid }, 'Allegato non leggibile')
          throw new AppError('not_found', it.feed.api.attachmentMissing)
        }
        const name = downloadName(
          doc.attachmentName || doc.attachmentFile.filename,
          doc.attachmentFile.mimeType,
        )
        return c.body(new Uint8Array(file), 200, {
          'content-type': doc.attachmentFile.mimeType,
          'content-length': String(file.length),
          'content-disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          'x-content-type-options': 'nosniff',
        })
      })
      .openapi(article, async (c) => {
        const { year, month, slug } = c.req.valid('param')
        const doc = await findArticleByPath(year, month, slug)
        if (!doc) throw new AppError('not_found', it.feed.api.notFound)
        const access = viewerOf(c).access
        c.header('cache-control', 'private, no-store')
        return c.json(articleFor(doc, access.entitlements.canReadInForce), 200)
      })
      .openapi(viewed, async (c) => {
        const doc = await requireArticle(c.req.valid('param').guid)
        await recordView(doc.guid ?? '')
        return c.json({ ok: true as const }, 200)
      })
      .openapi(relatedRoute, async (c) => {
        const doc = await requireArticle(c.req.valid('param').guid)
        return c.json(await relatedNews(doc, 5), 200)
      })
      .openapi(tagsRoute, async (c) => {
        const access = viewerOf(c).access
        if (!access.user) throw new AppError('unauthorized', it.accounts.notSignedIn)
        if (!access.entitlements.canReadInForce)
          throw new AppError('unauthorized', it.feed.api.subscriptionRequired)
        const doc = await requireArticle(c.req.valid('param').guid)
        return c.json(tagsOf(doc), 200)
      })
      .openapi(attachment, async (c) => {
        const doc = await requireArticle(c.req.valid('param').guid)
        if (!doc.attachmentFile) throw new AppError('not_found', it.feed.api.attachmentMissing)
        return c.json({ nome: doc.attachmentName?.trim() || doc.attachmentFile.filename }, 200)
      })
      .openapi(favouritesRecent, async (c) =>
        c.json(await favouritesNews(signedInOf(c).user.id, c.req.valid('query')), 200),
      )
      .openapi(favouritesAll, async (c) =>
        c.json(await favouritesNews(signedInOf(c).user.id, c.req.valid('query')), 200),
      )
      .openapi(notifications, async (c) => {
        const { user, access } = signedInOf(c)
        const newestFirst = await listNotifications(await pool(), user.id, {
          canReadPaid: access.entitlements.canReadInForce,
        })
        return c.json(newestFirst.reverse(), 200)
      })
      .openapi(allRead, async (c) => {
        const user = signedInOf(c).user
        return c.json({ updated: await markAllRead(await pool(), user.id) }, 200)
      })
      .openapi(setRead, async (c) => {
        const user = signedInOf(c).user
        const found = await markRead(await pool(), user.id, c.req.valid('param').id)
        if (!found) throw new AppError('not_found', it.feed.notifications.notFound)
        return c.json({ ok: true as const }, 200)
      })
      .openapi(emailStatus, async (c) => {
        const user = signedInOf(c).user
        ownAccount(c.req.valid('param').userId, user.id)
        return c.json({ subscribed: await isEmailSubscribed(await pool(), user.id) }, 200)
      })
      .openapi(register, async (c) => {
        const user = signedInOf(c).user
        ownAccount(c.req.valid('json').userId, user.id)
        // The address and name are the account's own, whatever the body says.
        await registerEmailSubscription(await pool(), { userId: user.id, email: user.email, name: user.name })
        return c.json({ subscribed: true as const }, 200)
      })
      .openapi(unregister, async (c) => {
        const user = signedInOf(c).user
        ownAccount(c.req.valid('json').userId, user.id)
        await unregisterEmailSubscription(await pool(), user.id)
        return c.json({ subscribed: false as const }, 200)
      })
  )
}
