import { z } from 'zod'

/** The kinds of documents the index holds: three searchable ones and the contracts' use. */
export const searchKinds = ['contract', 'news', 'textSection', 'popularity'] as const
export type SearchKind = (typeof searchKinds)[number]

/** News item types, as in the content collections. */
export const newsTypes = ['news', 'deadline', 'changelog'] as const
export type NewsType = (typeof newsTypes)[number]

const code = z.number().int().positive()
const isoDate = z.iso.date()

/** One category of a contract: the unit the contract search returns. */
export const contractEntrySchema = z.object({
  kind: z.literal('contract'),
  categoryCode: code,
  categoryName: z.string().trim().min(1),
  contractCode: code,
  contractTitle: z.string().trim().min(1),
  contractShortTitle: z.string().trim().min(1).optional(),
  cnelCode: z.string().trim().min(1).optional(),
  sectorCode: code,
  sectorName: z.string().trim().min(1),
  /** The contract's everyday names ('commercio', 'colf'), found like its title. */
  aliases: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
  /** The contract's representativeness rank, 0 to 4 (`representativenessRank` of modules/content). */
  representativeness: z.number().int().min(0).max(4).default(0),
  /** What the database holds of the contract, 0 to 3: a consolidated text, pay tables, summaries. */
  content: z.number().int().min(0).max(3).default(0),
})
export type ContractEntry = z.input<typeof contractEntrySchema>

/** A published news item, deadline or product changelog item. */
export const newsEntrySchema = z.object({
  kind: z.literal('news'),
  guid: z.string().trim().min(1),
  slug: z.string().trim().min(1),
  title: z.string().trim().min(1),
  /** Plain text of the body (no markup). */
  text: z.string(),
  /**
   * The part of the body every visitor may read (the free opening of a paid item, the whole of a
   * changelog item): with the title, the only text a search in the `free` scope matches.
   */
  freeText: z.string().default(''),
  /** The first characters of the body, cut at a word boundary. */
  excerpt: z.string(),
  date: isoDate,
  type: z.enum(newsTypes),
  sectorCodes: z.array(code),
  contractCodes: z.array(code),
})
export type NewsEntry = z.infer<typeof newsEntrySchema>

/** One section of a contract text: the part under one entry of its index tree. */
export const textSectionEntrySchema = z.object({
  kind: z.literal('textSection'),
  textCode: code,
  /** Order of the section in the document, from 0. */
  position: z.number().int().min(0),
  /** Anchor id of the section's element in the text's HTML ('' for the part before the first anchor). */
  anchor: z.string(),
  heading: z.string(),
  text: z.string(),
})
export type TextSectionEntry = z.infer<typeof textSectionEntrySchema>

/**
 * The use of the contracts (views of their categories, last 90 days): every
 * contract's figure at once, those not listed have none. The contract
 * database counts the views and the composition root hands them over.
 */
export const popularityEntrySchema = z.object({
  kind: z.literal('popularity'),
  contracts: z.array(z.object({ contractCode: code, views: z.number().int().min(0) })).max(100_000),
})
export type PopularityEntry = z.infer<typeof popularityEntrySchema>

/** Any document the index holds. */
export const searchDocumentSchema = z.discriminatedUnion('kind', [
  contractEntrySchema,
  newsEntrySchema,
  textSectionEntrySchema,
  popularityEntrySchema,
])
export type SearchDocument = z.input<typeof searchDocumentSchema>

/** What to take out of the index. */
export type RemoveTarget =
  | {
      kind: 'contract'
      categoryCodes?: readonly number[]
      contractCodes?: readonly number[]
      sectorCodes?: readonly number[]
    }
  | { kind: 'news'; guids: readonly string[] }
  | { kind: 'textSection'; textCodes: readonly number[] }

/** A contract entry as the engines store it (defaults applied). */
export type StoredEntry = z.output<typeof contractEntrySchema>

/** A contract-search result: one category with its contract and sector. */
export type ContractHit = {
  categoryCode: number
  categoryName: string
  contractCode: number
  contractTitle: string
  contractShortTitle?: string
  cnelCode?: string
  sectorCode: number
  sectorName: string
}

export const newsSearchOptionsSchema = z.object({
  /**
   * What the words are matched against: `full`, the title and the whole body (readers who may read
   * the articles); `free`, the title and the part every visitor may read, so a search never tells
   * what a paid article says beyond it.
   */
  scope: z.enum(['full', 'free']).default('full'),
  type: z.enum(newsTypes).optional(),
  sectorCode: code.optional(),
  contractCode: code.optional(),
  /** First day included (YYYY-MM-DD). */
  from: isoDate.optional(),
  /** Last day included (YYYY-MM-DD). */
  to: isoDate.optional(),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).max(10_000).default(0),
})
export type NewsSearchOptions = z.input<typeof newsSearchOptionsSchema>
/** What a news search matches: the whole article, or what every visitor may read of it. */
export type NewsScope = z.output<typeof newsSearchOptionsSchema>['scope']
export type NewsSearchFilters = z.output<typeof newsSearchOptionsSchema>

/** A news-search result (without the body). */
export type NewsHit = Omit<NewsEntry, 'kind' | 'text' | 'freeText'>

/** One page of news results, and whether more follow. */
export type NewsResults = { hits: NewsHit[]; hasMore: boolean }

/** An in-document search result: a section of the text and where the words occur. */
export type SectionHit = {
  textCode: number
  anchor: string
  heading: string
  /** A passage of the section, HTML-escaped, with the matching words in `<mark>`. */
  highlight: string
}

export const limitSchema = (fallback: number, max: number) =>
  z.number().int().min(1).max(max).default(fallback)

/** Counts of documents written by a full rebuild. */
export type ReindexReport = { contracts: number; news: number; textSections: number }
