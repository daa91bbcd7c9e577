/**
 * Reading the daily feed from the `news` collection (published items only):
 * the home lists, the changelog, articles, related items, tags, attachments,
 * and the news of given contracts.
 */
import type { Payload, Where } from 'payload'
import type { Contract, Media, News, Sector } from '../../cms/payload-types.ts'
import type { StoredUpload } from '../cms/index.ts'
import { calendarDay, newsPath } from '../content/index.ts'
import { feedCache, found } from './cache.ts'
import { cms } from './cms.ts'
import { EXCERPT, excerpt, excerptSource, previewHtml } from './excerpt.ts'
import type { Article, NewsCard, NewsKind, NewsPage, Tags } from './schemas.ts'

/** The address of a contract's dashboard in the database section. */
export function contractPath(sectorCode: number, contractCode: number): string {
  return `/bancadati/0/${sectorCode}/${contractCode}`
}

/** The address of a contract news article (`/bancadati/ccnl/notizia/{guid}`). */
export function contractNewsPath(guid: string): string {
  return `/bancadati/ccnl/notizia/${encodeURIComponent(guid)}`
}

const published: Where = { _status: { equals: 'published' } }

const select = {
  guid: true,
  slug: true,
  title: true,
  date: true,
  type: true,
  html: true,
  sectors: true,
  contracts: true,
  attachment: true,
  attachmentName: true,
} as const

const populate = {
  sectors: { code: true, name: true },
  contracts: { code: true, title: true, shortTitle: true, sectorCode: true },
  media: { filename: true, mimeType: true, prefix: true, _objectKey: true },
} as const

type NewsDoc = Pick<
  News,
  | 'id'
  | 'guid'
  | 'slug'
  | 'title'
  | 'date'
  | 'type'
  | 'html'
  | 'sectors'
  | 'contracts'
  | 'attachment'
  | 'attachmentName'
>

const related = <T extends { id: number }>(values: (number | T)[] | null | undefined): T[] =>
  (values ?? []).filter((value): value is T => typeof value === 'object' && value !== null)

/** How many items open the home feed as featured cards (the carousel), with the longer excerpt. */
export const FEATURED_NEWS = 3

/** A stored news item as a list card, with an excerpt of `excerptLength` characters of its free part. */
export function cardOf(doc: NewsDoc, excerptLength: number = EXCERPT.card): NewsCard {
  const contracts = related<Contract>(doc.contracts)
  const date = calendarDay(doc.date)
  const slug = doc.slug ?? ''
  return {
    guid: doc.guid ?? String(doc.id),
    slug,
    titolo: doc.title,
    data: date,
    guid_categoria: doc.type,
    codice_contratto: contracts[0]?.code ?? null,
    settori: related<Sector>(doc.sectors).map((sector) => sector.code),
    contratti: contracts.map((contract) => contract.code),
    estratto: excerpt(excerptSource(doc.type, doc.html), excerptLength),
    link: newsPath({ date, slug }),
  }
}

type ListOptions = {
  start: number
  limit: number
  where?: Where[]
  kinds?: readonly NewsKind[]
  /** Items before this position (from the first of the list) are featured cards. */
  featured?: number
}

/**
 * The home feed and the changelog show what is dated up to today (Italian
 * calendar): an upcoming deadline is listed in the month's deadlines, in searches
 * and among the deadlines of favourite contracts, and joins the home feed on its
 * day instead of heading it.
 */
function datedUpToToday(now = new Date()): Where {
  return { date: { less_than_equal: `${calendarDay(now)}T23:59:59.999Z` } }
}

/**
 * One page of published items, newest first, from `start` (any offset, not
 * only whole pages). One item more than the page is read to know whether
 * there are more: counting every matching item would read the whole table.
 */
async function listNews(options: ListOptions, payload?: Payload): Promise<NewsPage> {
  const instance = payload ?? (await cms())
  const { start, limit } = options
  const conditions: Where[] = [published, ...(options.where ?? [])]
  if (options.kinds) conditions.push({ type: { in: [...options.kinds] } })
  const found = await instance.find({
    collection: 'news',
    where: { and: conditions },
    sort: ['-date', '-id'],
    limit: start + limit + 1,
    pagination: false,
    depth: 1,
    select,
    populate,
    overrideAccess: true,
  })
  const docs = (found.docs as NewsDoc[]).slice(start)
  const featured = options.featured ?? 0
  const cards = docs
    .slice(0, limit)
    .map((doc, index) => cardOf(doc, start + index < featured ? EXCERPT.featured : EXCERPT.card))
  return { notizie: cards, altre: docs.length > limit }
}

/** The home feed (news and deadlines): carousel 0-3 (350-character excerpts), 'In primo piano' 3-6, 'Leggi anche' from 6. */
export function homeNews(page: { start: number; limit: number }, payload?: Payload): Promise<NewsPage> {
  const today = datedUpToToday()
  return feedCache.get(`home:${calendarDay(new Date())}:${page.start}:${page.limit}`, () =>
    listNews({ ...page, kinds: ['news', 'deadline'], featured: FEATURED_NEWS, where: [today] }, payload),
  )
}

/** The product changelog ('AGGIORNAMENTO PRODOTTI'), newest first. */
export function changelog(page: { start: number; limit: number }, payload?: Payload): Promise<NewsPage> {
  const today = datedUpToToday()
  return feedCache.get(`changelog:${calendarDay(new Date())}:${page.start}:${page.limit}`, () =>
    listNews({ ...page, kinds: ['changelog'], where: [today] }, payload),
  )
}

/** News and deadlines of the given contracts (by contract code), newest first, optionally between two days (aaaa-mm-gg). */
export async function newsOfContracts(
  contractCodes: readonly number[],
  page: { start: number; limit: number; kind?: 'news' | 'deadline'; from?: string; to?: string },
  payload?: Payload,
): Promise<NewsPage> {
  if (contractCodes.length === 0) return { notizie: [], altre: false }
  const instance = payload ?? (await cms())
  const contracts = await instance.find({
    collection: 'contracts',
    where: { code: { in: [...contractCodes] } },
    pagination: false,
    limit: contractCodes.length,
    depth: 0,
    select: { code: true },
    overrideAccess: true,
  })
  if (contracts.docs.length === 0) return { notizie: [], altre: false }
  return listNews(
    {
      start: page.start,
      limit: page.limit,
      kinds: page.kind ? [page.kind] : ['news', 'deadline'],
      where: [
        { contracts: { in: contracts.docs.map((doc) => doc.id) } },
        ...(page.from ? [{ date: { greater_than_equal: `${page.from}T00:00:00.000Z` } }] : []),
        ...(page.to ? [{ date: { less_than_equal: `${page.to}T23:59:59.999Z` } }] : []),
      ],
    },
    instance,
  )
}

/** A stored item with everything an article needs. */
export type StoredArticle = NewsDoc & { attachmentFile: (StoredUpload & { mimeType: string }) | null }

async function findOne(where: Where, payload?: Payload): Promise<StoredArticle | null> {
  const instance = payload ?? (await cms())
  const found = await instance.find({
    collection: 'news',
    where: { and: [published, where] },
    pagination: false,
    limit: 1,
    depth: 1,
    select,
    populate,
    overrideAccess: true,
  })
  const doc = found.docs[0] as NewsDoc | undefined
  if (!doc) return null
  const media = typeof doc.attachment === 'object' && doc.attachment ? (doc.attachment as Media) : null
  return {
    ...doc,
    attachmentFile: media?.filename
      ? {
          filename: media.filename,
          mimeType: media.mimeType ?? 'application/pdf',
          prefix: media.prefix ?? null,
          _objectKey: media._objectKey ?? null,
        }
      : null,
  }
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The published item at /notizia/{year}/{month}/{slug}, or null. */
export function findArticleByPath(
  year: string,
  month: string,
  slug: string,
  payload?: Payload,
): Promise<StoredArticle | null> {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !slugPattern.test(slug))
    return Promise.resolve(null)
  const period = `${year}-${month.padStart(2, '0')}`
  return feedCache.get(
    `article:${period}/${slug}`,
    () => findOne({ and: [{ period: { equals: period } }, { slug: { equals: slug } }] }, payload),
    found,
  )
}

/** The published item with this guid, or null. */
export function findArticleByGuid(guid: string, payload?: Payload): Promise<StoredArticle | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(guid)) return Promise.resolve(null)
  return feedCache.get(`article:${guid}`, () => findOne({ guid: { equals: guid } }, payload), found)
}

/**
 * The article a visitor receives: the whole sanitised body with subscription
 * or trial, and for changelog items; otherwise only the preview (first
 * paragraph, at most 40 % of the article's words and 600 characters).
 */
export function articleFor(doc: StoredArticle, canReadInForce: boolean): Article {
  const full = canReadInForce || doc.type === 'changelog'
  // A stored item is shared by every reader while cached: its two versions are made once.
  const made = articleVersions.get(doc) ?? {}
  articleVersions.set(doc, made)
  const version = full ? 'full' : 'preview'
  made[version] ??= makeArticle(doc, full)
  return made[version]
}

const articleVersions = new WeakMap<StoredArticle, { full?: Article; preview?: Article }>()

function makeArticle(doc: StoredArticle, full: boolean): Article {
  const attachmentName = doc.attachmentFile ? doc.attachmentName?.trim() || doc.attachmentFile.filename : null
  return {
    ...cardOf(doc),
    nota: full ? (doc.html ?? '') : previewHtml(doc.html),
    troncato: !full,
    allegato: attachmentName ? { nome: attachmentName } : null,
  }
}

/** Sectors and contracts an item is tagged with. */
export function tagsOf(doc: StoredArticle): Tags {
  return {
    settori: related<Sector>(doc.sectors).map((sector) => ({
      codiceSettore: sector.code,
      descrizioneSettore: sector.name,
    })),
    contratti: related<Contract>(doc.contracts).map((contract) => ({
      codiceContratto: contract.code,
      codiceSettore: contract.sectorCode ?? 0,
      descrizione: contract.shortTitle || contract.title,
      link: contractPath(contract.sectorCode ?? 0, contract.code),
    })),
  }
}

/**
 * Items related to an article ('Potrebbe interessarti'): the latest items on
 * the same contracts, then on the same sectors, then of the same kind.
 */
export function relatedNews(doc: StoredArticle, limit: number, payload?: Payload): Promise<NewsCard[]> {
  return feedCache.get(`related:${doc.guid ?? doc.id}:${limit}`, () => findRelated(doc, limit, payload))
}

async function findRelated(doc: StoredArticle, limit: number, payload?: Payload): Promise<NewsCard[]> {
  const instance = payload ?? (await cms())
  const ids = (values: (number | { id: number })[] | null | undefined) =>
    (values ?? []).map((value) => (typeof value === 'object' ? value.id : value))
  const contractIds = ids(doc.contracts)
  const sectorIds = ids(doc.sectors)
  const seen = new Set([doc.guid])
  const out: NewsCard[] = []
  const steps: Where[] = []
  if (contractIds.length > 0) steps.push({ contracts: { in: contractIds } })
  if (sectorIds.length > 0) steps.push({ sectors: { in: sectorIds } })
  steps.push({ type: { equals: doc.type } })
  for (const where of steps) {
    if (out.length >= limit) break
    const page = await listNews({ start: 0, limit: limit + seen.size, where: [where] }, instance)
    for (const card of page.notizie) {
      if (out.length >= limit || seen.has(card.guid)) continue
      seen.add(card.guid)
      out.push(card)
    }
  }
  return out
}

/** The name a downloaded attachment is saved as (always a .pdf for PDF files). */
export function downloadName(name: string, mimeType: string): string {
  const printable = [...name].filter((char) => char >= ' ').join('')
  const clean = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'allegato'
  return mimeType === 'application/pdf' && !/\.pdf$/i.test(clean) ? `${clean}.pdf` : clean
}
