/** Shapes of the feed's answers and inputs (zod; types derived from them). */
import { z } from '@hono/zod-openapi'

/** Kinds of news item: news, deadline, product changelog ('AGGIORNAMENTO PRODOTTI'). */
export const newsKinds = ['news', 'deadline', 'changelog'] as const
export type NewsKind = (typeof newsKinds)[number]

/** A news item as lists show it (no body; the excerpt: 100 characters, 350 on the featured cards, of the part anyone may read). */
export const NewsCardSchema = z
  .object({
    guid: z.string(),
    slug: z.string(),
    titolo: z.string(),
    data: z.string().openapi({ format: 'date', example: '2026-11-16' }),
    guid_categoria: z.enum(newsKinds),
    codice_contratto: z.number().int().nullable(),
    settori: z.array(z.number().int()),
    contratti: z.array(z.number().int()),
    estratto: z.string(),
    link: z.string(),
  })
  .openapi('Notizia')
export type NewsCard = z.infer<typeof NewsCardSchema>

/** One page of a list and whether more follow. */
export const NewsPageSchema = z
  .object({ notizie: z.array(NewsCardSchema), altre: z.boolean() })
  .openapi('PaginaNotizie')
export type NewsPage = z.infer<typeof NewsPageSchema>

/** An article: the card plus its body (`nota`), cut on the server when `troncato`. */
export const ArticleSchema = NewsCardSchema.extend({
  nota: z
    .string()
    .openapi({ description: 'HTML ripulito; per chi non ha abbonamento o prova solo l’inizio' }),
  troncato: z.boolean(),
  allegato: z.object({ nome: z.string() }).nullable(),
}).openapi('Articolo')
export type Article = z.infer<typeof ArticleSchema>

/** Tags of an article: its sectors and contracts (with the contract dashboard's address). */
export const TagsSchema = z
  .object({
    settori: z.array(z.object({ codiceSettore: z.number().int(), descrizioneSettore: z.string() })),
    contratti: z.array(
      z.object({
        codiceContratto: z.number().int(),
        codiceSettore: z.number().int(),
        descrizione: z.string(),
        link: z.string(),
      }),
    ),
  })
  .openapi('TagNotizia')
export type Tags = z.infer<typeof TagsSchema>

/** Search results: news and deadlines told apart (the page's NEWS / SCADENZE radio filters them). */
export const SearchResultsSchema = z
  .object({ notizie: z.array(NewsCardSchema), scadenze: z.array(NewsCardSchema) })
  .openapi('RisultatiRicercaNotizie')
export type SearchResults = z.infer<typeof SearchResultsSchema>

export const SectorSchema = z
  .object({ codiceSettore: z.number().int(), descrizioneSettore: z.string() })
  .openapi('Settore')
export type SectorItem = z.infer<typeof SectorSchema>

export const ContractSchema = z
  .object({
    codiceContratto: z.number().int(),
    codiceSettore: z.number().int(),
    descrizione: z.string(),
    notaPubblicata: z.string().nullable(),
  })
  .openapi('Contratto')
export type ContractItem = z.infer<typeof ContractSchema>

export const CategorySchema = z
  .object({
    codiceSettore: z.number().int(),
    codiceContratto: z.number().int(),
    codiceCategoria: z.number().int(),
    descrizioneSettore: z.string(),
    descrizioneContratto: z.string(),
    descrizioneCategoria: z.string(),
  })
  .openapi('Categoria')
export type CategoryItem = z.infer<typeof CategorySchema>

export const MappingSchema = z
  .object({ codiceContrattoWerte: z.number().int(), codiceContrattoNuovo: z.number().int() })
  .openapi('RaccordoContratto')
export type MappingItem = z.infer<typeof MappingSchema>

/** A notification of the bell. */
export const NotificationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    created: z.string().openapi({ format: 'date-time' }),
    read: z.boolean(),
  })
  .openapi('Notifica')
export type Notification = z.infer<typeof NotificationSchema>
