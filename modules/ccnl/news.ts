/**
 * News for the database pages, read from the search index (published items
 * only): the latest items, a contract's items, and the search inside a
 * contract's consolidated text.
 */
import { newsPath } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { getSearch, type NewsHit, type NewsType, type SectionHit } from '../search/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { nationalTexts } from './texts.ts'

export type NewsItem = NewsHit & { href: string }

const withHref = (hit: NewsHit): NewsItem => ({ ...hit, href: newsPath(hit) })

/** The latest items, newest first (optionally of one type, one sector or one contract). */
export async function latestNews(options: {
  limit: number
  offset?: number
  type?: NewsType
  contractCode?: number
  sectorCode?: number
}): Promise<{ items: NewsItem[]; hasMore: boolean }> {
  const result = await (await getSearch()).searchNews('', options)
  return { items: result.hits.map(withHref), hasMore: result.hasMore }
}

/** Items concerning any of the given contracts, newest first (one query per contract, merged). */
export async function newsOfContracts(contractCodes: number[], limit: number): Promise<NewsItem[]> {
  const lists = await Promise.all(
    [...new Set(contractCodes)].map((contractCode) => latestNews({ limit, contractCode })),
  )
  const seen = new Set<string>()
  return lists
    .flatMap((list) => list.items)
    .filter((item) => (seen.has(item.guid) ? false : (seen.add(item.guid), true)))
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, limit)
}

/** Sections of the contract's consolidated text containing the words (subscribers and trial). */
export async function searchInContract(
  reader: Reader,
  contractCode: number,
  query: string,
): Promise<{ textCode: number | null; hits: SectionHit[] }> {
  if (!reader.entitlements.canSearchInDocument) {
    throw new AppError('unauthorized', it.database.errors.subscriptionRequired)
  }
  assertCanRead(reader, 'inForce')
  const [text] = (await nationalTexts(contractCode)).consolidated
  if (!text || query.trim().length < 2) return { textCode: text?.codiceTesto ?? null, hits: [] }
  return {
    textCode: text.codiceTesto,
    hits: await (await getSearch()).searchInDocument(text.codiceTesto, query.trim(), { limit: 50 }),
  }
}
