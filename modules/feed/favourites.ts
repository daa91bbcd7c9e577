/**
 * The feed pages of favourites: the news and deadlines of the contracts a
 * user follows (/bancadati/quotidiano/preferiti: the last 30 days;
 * /bancadati/quotidiano/allpreferiti: all of them), narrowed by the filter
 * panel (sector, contract, start and end day, title text).
 */
import { listContracts } from './catalog.ts'
import { favouriteContractsOf } from './followers.ts'
import { newsOfContracts } from './news.ts'
import type { ContractItem, SearchResults } from './schemas.ts'
import { foldText, isSearchableText, type FeedFilters } from './search.ts'

/** /bancadati/quotidiano/preferiti shows the items of the last 30 days. */
export const RECENT_FAVOURITES_DAYS = 30
/** Items read per kind (news, deadlines). */
export const FAVOURITES_LIST_LIMIT = 100

export type FavouritesNews = {
  /** The followed contracts, for the filter panel's lists. */
  contracts: ContractItem[]
  results: SearchResults
}

/** The first day of the recent window (aaaa-mm-gg) seen from `now`. */
export function recentSince(now: Date): string {
  const day = new Date(now.getTime() - RECENT_FAVOURITES_DAYS * 24 * 60 * 60 * 1000)
  return day.toISOString().slice(0, 10)
}

/** The news and deadlines of a user's favourite contracts, newest first, each kind apart. */
export async function favouritesNews(
  userId: string,
  options: { recent: boolean; filters: FeedFilters | null; now?: Date },
): Promise<FavouritesNews> {
  const followed = new Set(await favouriteContractsOf(userId))
  const contracts = followed.size
    ? (await listContracts()).filter((contract) => followed.has(contract.codiceContratto))
    : []
  const { filters } = options
  const codes = contracts
    .filter(
      (contract) => !filters || filters.sectorCode <= 0 || contract.codiceSettore === filters.sectorCode,
    )
    .filter(
      (contract) =>
        !filters || filters.contractCode <= 0 || contract.codiceContratto === filters.contractCode,
    )
    .map((contract) => contract.codiceContratto)
  const since = options.recent ? recentSince(options.now ?? new Date()) : undefined
  const from = [filters?.from, since]
    .filter((day): day is string => Boolean(day))
    .sort()
    .at(-1)
  const range = { ...(from ? { from } : {}), ...(filters?.to ? { to: filters.to } : {}) }
  const page = { start: 0, limit: FAVOURITES_LIST_LIMIT, ...range }
  const [news, deadlines] = await Promise.all([
    newsOfContracts(codes, { ...page, kind: 'news' }),
    newsOfContracts(codes, { ...page, kind: 'deadline' }),
  ])
  const title =
    filters?.titleMatch && isSearchableText(filters.titleMatch) ? foldText(filters.titleMatch.trim()) : ''
  const keep = (card: { titolo: string }) => title === '' || foldText(card.titolo).includes(title)
  return {
    contracts,
    results: { notizie: news.notizie.filter(keep), scadenze: deadlines.notizie.filter(keep) },
  }
}
