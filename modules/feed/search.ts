/**
 * Searching the feed through the search module (Postgres or Typesense), with
 * the specification's rules: free text only beyond 3 characters; filter
 * searches need a sector, a contract or a start date; the end date only with
 * a start date; the side panel's text also filters titles.
 */
import { z } from 'zod'
import { newsPath } from '../content/index.ts'
import { EXCERPT, excerpt } from './excerpt.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import type { Entitlements } from '../accounts/index.ts'
import { getSearch, type NewsHit, type NewsScope, type SearchIndex } from '../search/index.ts'
import type { NewsCard, SearchResults } from './schemas.ts'

/** Free-text search runs only for text longer than this. */
export const SEARCH_MIN_EXCLUSIVE = 3
/** Results read per kind (news, deadlines). */
export const SEARCH_RESULT_LIMIT = 100

/** A search hit as a list card. */
export function cardOfHit(hit: NewsHit): NewsCard {
  return {
    guid: hit.guid,
    slug: hit.slug,
    titolo: hit.title,
    data: hit.date,
    guid_categoria: hit.type,
    codice_contratto: hit.contractCodes[0] ?? null,
    settori: hit.sectorCodes,
    contratti: hit.contractCodes,
    estratto: excerpt(hit.excerpt, EXCERPT.card),
    link: newsPath({ date: hit.date, slug: hit.slug }),
  }
}

/** True when a free text may be searched (more than 3 characters once trimmed). */
export function isSearchableText(text: string): boolean {
  return text.trim().length > SEARCH_MIN_EXCLUSIVE
}

/** Accents and case folded, for the side panel's title match. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

type SearchInput = {
  text: string
  scope: NewsScope
  sectorCode?: number
  contractCode?: number
  from?: string
  to?: string
  titleMatch?: string
}

async function searchBoth(input: SearchInput, index?: SearchIndex): Promise<SearchResults> {
  const search = index ?? (await getSearch())
  const options = {
    limit: SEARCH_RESULT_LIMIT,
    scope: input.scope,
    ...(input.sectorCode ? { sectorCode: input.sectorCode } : {}),
    ...(input.contractCode ? { contractCode: input.contractCode } : {}),
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
  }
  const [news, deadlines] = await Promise.all([
    search.searchNews(input.text, { ...options, type: 'news' }),
    search.searchNews(input.text, { ...options, type: 'deadline' }),
  ])
  const title =
    input.titleMatch && isSearchableText(input.titleMatch) ? foldText(input.titleMatch.trim()) : ''
  const keep = (hit: NewsHit) => title === '' || foldText(hit.title).includes(title)
  return {
    notizie: news.hits.filter(keep).map(cardOfHit),
    scadenze: deadlines.hits.filter(keep).map(cardOfHit),
  }
}

/**
 * What a visitor's free-text search matches: the whole articles for those who may read them
 * (subscription or trial), otherwise only what every visitor reads (titles and free openings),
 * so the results never tell what a paid article says beyond its free part. Unknown entitlements: the free scope.
 */
export function searchScopeOf(entitlements: Pick<Entitlements, 'canReadInForce'> | undefined): NewsScope {
  return entitlements?.canReadInForce ? 'full' : 'free'
}

/** Free-text search of news and deadlines in `scope` (searchScopeOf). Throws 400 for text of 3 characters or fewer. */
export async function searchFeed(
  text: string,
  scope: NewsScope,
  index?: SearchIndex,
): Promise<SearchResults> {
  if (!isSearchableText(text)) throw new AppError('bad_request', it.feed.search.tooShort, { field: 'text' })
  return searchBoth({ text: text.trim(), scope }, index)
}

/** `gg/mm/aaaa` (also `gg-mm-aaaa`) or `aaaa-mm-gg` to `aaaa-mm-gg`; undefined for anything else. */
export function parseItalianDate(value: string): string | undefined {
  const trimmed = value.trim()
  let day: number, month: number, year: number
  const italian = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(trimmed)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  if (italian) [day, month, year] = [Number(italian[1]), Number(italian[2]), Number(italian[3])]
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else return undefined
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined
  return date.toISOString().slice(0, 10)
}

/** `aaaa-mm-gg` as `gg/mm/aaaa`. */
export function italianDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-')
  return `${day}/${month}/${year}`
}

const code = z
  .string()
  .trim()
  .regex(/^-?\d{1,9}$/)
  .transform(Number)
  .refine((value) => value === -1 || value > 0)

/** The query of a filter search (`settore`, `contratto`, `datainizio`, `datafine`, `type`, `testo`), as strings. */
export const filterQuerySchema = z.object({
  settore: z.string().optional(),
  contratto: z.string().optional(),
  datainizio: z.string().optional(),
  datafine: z.string().optional(),
  type: z.string().optional(),
  testo: z.string().max(200).optional(),
})
export type FilterQuery = z.infer<typeof filterQuerySchema>

/** Filters that passed the rules. */
export type FeedFilters = {
  sectorCode: number
  contractCode: number
  from?: string
  to?: string
  titleMatch?: string
}

/**
 * Checks a filter search against the rules: sector and contract are codes or
 * -1 (all); dates are valid days; an end date needs a start date and may not
 * precede it; sector all, contract all and no start date is not a search.
 * Returns the filters, or null when they are not valid ('I filtri impostati
 * non sono validi.').
 */
export function validateFilters(query: FilterQuery): FeedFilters | null {
  const sector = code.safeParse(query.settore?.trim() ? query.settore : '-1')
  const contract = code.safeParse(query.contratto?.trim() ? query.contratto : '-1')
  if (!sector.success || !contract.success) return null
  const fromText = query.datainizio?.trim() ?? ''
  const toText = query.datafine?.trim() ?? ''
  const from = fromText ? parseItalianDate(fromText) : undefined
  const to = toText ? parseItalianDate(toText) : undefined
  if ((fromText && !from) || (toText && !to)) return null
  if (to && !from) return null
  if (from && to && to < from) return null
  if (sector.data === -1 && contract.data === -1 && !from) return null
  const titleMatch = query.testo?.trim()
  return {
    sectorCode: sector.data,
    contractCode: contract.data,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(titleMatch ? { titleMatch } : {}),
  }
}

/** The filter a rejected search is wrong about, for the 400's `field` (the rules of validateFilters, in order). */
function rejectedFilter(query: FilterQuery): string {
  if (!code.safeParse(query.settore?.trim() ? query.settore : '-1').success) return 'settore'
  if (!code.safeParse(query.contratto?.trim() ? query.contratto : '-1').success) return 'contratto'
  const fromText = query.datainizio?.trim() ?? ''
  if (fromText && !parseItalianDate(fromText)) return 'datainizio'
  if (query.datafine?.trim()) return 'datafine'
  // Sector all, contract all and no start date: the search needs one of them.
  return 'settore'
}

/** Filter search of news and deadlines. Throws 400 'I filtri impostati non sono validi.' for filters the rules reject. */
export async function searchByFilters(query: FilterQuery, index?: SearchIndex): Promise<SearchResults> {
  const filters = validateFilters(query)
  if (!filters)
    throw new AppError('bad_request', it.feed.search.invalidFilters, { field: rejectedFilter(query) })
  return searchBoth(
    {
      // No words to match: the filters and the title match read only what every visitor sees.
      text: '',
      scope: 'free',
      ...(filters.sectorCode > 0 ? { sectorCode: filters.sectorCode } : {}),
      ...(filters.contractCode > 0 ? { contractCode: filters.contractCode } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      ...(filters.titleMatch ? { titleMatch: filters.titleMatch } : {}),
    },
    index,
  )
}

const romeMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
})

/** First and last day of the month of `now` (Italian time), for the 'month' buttons. */
export function currentMonthRange(now = new Date()): { from: string; to: string } {
  const minute = Math.floor(now.getTime() / 60_000)
  if (lastMonthRange?.minute !== minute) lastMonthRange = { minute, range: monthRange(now) }
  return { ...lastMonthRange.range }
}

/** The range of the last minute asked for: formatting in the Rome time zone is slow, and pages ask for it each time. */
let lastMonthRange: { minute: number; range: { from: string; to: string } } | undefined

function monthRange(now: Date): { from: string; to: string } {
  const [year, month] = romeMonth.format(now).split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const pad = (value: number) => String(value).padStart(2, '0')
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}` }
}

/** The results tab shown first: news, or deadlines when asked (`type=scadenza`) or when there is no news. */
export function initialTab(results: SearchResults, type: string | null | undefined): 'news' | 'deadline' {
  if (type === 'scadenza') return 'deadline'
  return results.notizie.length === 0 && results.scadenze.length > 0 ? 'deadline' : 'news'
}
