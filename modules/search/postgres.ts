/**
 * The Postgres search index (the default engine): full-text search with the
 * `italian_unaccent` configuration, prefix matching and stem roots
 * (`search_query`), and, when nothing matches, a second try with misspelt
 * words corrected against the vocabulary of the indexed texts (`pg_trgm`).
 * The tables and SQL functions are created by the migration in schema.ts.
 */
import type { Pool, PoolClient } from 'pg'
import { inTransaction } from '../platform/index.ts'
import type { DocumentBatches, SearchIndex } from './search-index.ts'
import {
  limitSchema,
  newsSearchOptionsSchema,
  searchDocumentSchema,
  type NewsEntry,
  type PopularityEntry,
  type StoredEntry,
  type NewsHit,
  type NewsSearchFilters,
  type RemoveTarget,
  type ReindexReport,
  type SearchDocument,
  type SectionHit,
  type TextSectionEntry,
} from './schemas.ts'
import { MARK_END, MARK_START, markedToHtml, passageAroundMarks } from './text.ts'
import { contractHitOf, type StoredContractEntry } from './hits.ts'

const BATCH_SIZE = 500
/** The newest items a news search reads through the date index before turning to the word index. */
export const RECENT_WINDOW = 10_000
const CUTOFF_TTL_MS = 60_000
const MAX_QUERY_LENGTH = 200

const contractLimit = limitSchema(20, 100)
const sectionLimit = limitSchema(50, 200)

/**
 * The relevance tier of a contract entry `c` matching the words `t` (terms and
 * key): the whole text is one of the contract's names (title, short title or
 * an everyday name), every word is in its everyday names, every word is in its
 * names (titles, everyday names, CNEL code), or the words are spread over
 * names, category and sector. Within a tier the representativeness, the
 * content, the use and only then the word rank decide: for a sector's
 * everyday words the leading contract comes first, while a small contract's
 * own name typed whole lifts it above every contract merely sharing its words.
 */
const textTier = (c: string, t: string) =>
  `case when ${t}.key = any(${c}.name_keys) then 2
     when ${c}.alias_document @@ ${t}.terms then 3
     when ${c}.name_document @@ ${t}.terms then 4
     else 5 end`
/** Tiers of a text whose misspelt words were corrected come after every tier of the text as typed. */
const CORRECTED_TIERS = 10
/**
 * Last, when no contract has every word (even corrected): contracts with any
 * of them ('corriere espresso' finds the couriers' contract by 'corriere').
 */
const PARTIAL_TIERS = 20

/** The user's text, trimmed, single-spaced and bounded. */
export function cleanQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH)
}

type NewsRow = {
  guid: string
  slug: string
  title: string
  excerpt: string
  date: string
  type: NewsHit['type']
  sector_codes: number[]
  contract_codes: number[]
}

type SectionRow = { text_code: number; anchor: string; heading: string; body: string; marked: string }

const contractColumns =
  'c.category_code, c.category_name, c.contract_code, c.contract_title, c.contract_short_title, c.cnel_code, c.sector_code, c.sector_name'
const newsColumns =
  "n.guid, n.slug, n.title, n.excerpt, to_char(n.date, 'YYYY-MM-DD') as date, n.type, n.sector_codes, n.contract_codes"
const headlineOptions = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`
/** Length of the passage shown for each in-document search result. */
export const PASSAGE_LENGTH = 240

function newsHit(row: NewsRow): NewsHit {
  return {
    guid: row.guid,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    date: row.date,
    type: row.type,
    sectorCodes: row.sector_codes,
    contractCodes: row.contract_codes,
  }
}

function sectionHit(row: SectionRow): SectionHit {
  return {
    textCode: row.text_code,
    anchor: row.anchor,
    heading: row.heading,
    highlight: markedToHtml(passageAroundMarks(row.body, row.marked, PASSAGE_LENGTH)),
  }
}

/** Keeps the last document of each key, so one statement never touches a row twice. */
function lastByKey<T>(items: readonly T[], key: (item: T) => string | number): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()]
}

type Queryable = Pick<PoolClient, 'query'>

/** Adds the words of the texts to the vocabulary used to correct misspelt queries. */
async function learnWords(db: Queryable, texts: readonly string[]): Promise<void> {
  if (texts.length === 0) return
  await db.query(
    `insert into search_words (word)
     select distinct word from unnest($1::text[]) as t(text),
       regexp_split_to_table(search_normalize(t.text), '[^a-z0-9]+') as word
     where length(word) between 4 and 40 and word !~ '^[0-9]+$'
     order by word
     on conflict (word) do nothing`,
    [texts],
  )
}

async function writeContracts(db: Queryable, entries: readonly StoredEntry[]): Promise<void> {
  const rows = lastByKey(entries, (entry) => entry.categoryCode).map((entry) => ({
    category_code: entry.categoryCode,
    category_name: entry.categoryName,
    contract_code: entry.contractCode,
    contract_title: entry.contractTitle,
    contract_short_title: entry.contractShortTitle ?? null,
    cnel_code: entry.cnelCode ?? null,
    sector_code: entry.sectorCode,
    sector_name: entry.sectorName,
    aliases: entry.aliases,
    representativeness: entry.representativeness,
    content: entry.content,
  }))
  if (rows.length === 0) return
  await db.query(
    `insert into search_contracts (category_code, category_name, contract_code, contract_title, contract_short_title,
       cnel_code, sector_code, sector_name, aliases, representativeness, content)
     select category_code, category_name, contract_code, contract_title, contract_short_title, cnel_code, sector_code,
       sector_name, array(select jsonb_array_elements_text(aliases)), representativeness, content
     from jsonb_to_recordset($1::jsonb) as x(category_code integer, category_name text, contract_code integer,
       contract_title text, contract_short_title text, cnel_code text, sector_code integer, sector_name text,
       aliases jsonb, representativeness smallint, content smallint)
     on conflict (category_code) do update set
       category_name = excluded.category_name, contract_code = excluded.contract_code,
       contract_title = excluded.contract_title, contract_short_title = excluded.contract_short_title,
       cnel_code = excluded.cnel_code, sector_code = excluded.sector_code, sector_name = excluded.sector_name,
       aliases = excluded.aliases, representativeness = excluded.representativeness, content = excluded.content`,
    [JSON.stringify(rows)],
  )
  await learnWords(
    db,
    rows.map((row) =>
      [
        row.contract_title,
        row.contract_short_title ?? '',
        row.category_name,
        row.sector_name,
        ...row.aliases,
      ].join(' '),
    ),
  )
}

/** Replaces the use of every contract (those not listed have none). */
async function writePopularity(db: Queryable, entry: PopularityEntry): Promise<void> {
  const rows = lastByKey(entry.contracts, (item) => item.contractCode)
    .filter((item) => item.views > 0)
    .map((item) => ({ contract_code: item.contractCode, views: item.views }))
  await db.query('delete from search_popularity')
  if (rows.length === 0) return
  await db.query(
    `insert into search_popularity (contract_code, views)
     select * from jsonb_to_recordset($1::jsonb) as x(contract_code integer, views integer)`,
    [JSON.stringify(rows)],
  )
}

async function writeNews(db: Queryable, entries: readonly NewsEntry[]): Promise<void> {
  const rows = lastByKey(entries, (entry) => entry.guid).map((entry) => ({
    guid: entry.guid,
    slug: entry.slug,
    title: entry.title,
    body: entry.text,
    free_text: entry.freeText,
    excerpt: entry.excerpt,
    date: entry.date,
    type: entry.type,
    sector_codes: entry.sectorCodes,
    contract_codes: entry.contractCodes,
  }))
  if (rows.length === 0) return
  await db.query(
    `insert into search_news (guid, slug, title, excerpt, date, type, sector_codes, contract_codes, document,
       free_document)
     select guid, slug, title, excerpt, date, type, sector_codes, contract_codes, search_news_document(title, body),
       search_news_document(title, free_text)
     from jsonb_to_recordset($1::jsonb) as x(guid text, slug text, title text, body text, free_text text,
       excerpt text, date date, type text, sector_codes integer[], contract_codes integer[])
     on conflict (guid) do update set
       slug = excluded.slug, title = excluded.title, excerpt = excluded.excerpt, date = excluded.date,
       type = excluded.type, sector_codes = excluded.sector_codes, contract_codes = excluded.contract_codes,
       document = excluded.document, free_document = excluded.free_document`,
    [JSON.stringify(rows)],
  )
  await learnWords(
    db,
    rows.map((row) => `${row.title} ${row.body}`),
  )
}

/** Inserts sections; with `replace`, first drops every section of the texts involved. */
async function writeSections(
  db: Queryable,
  sections: readonly TextSectionEntry[],
  replace: boolean,
): Promise<void> {
  if (sections.length === 0) return
  if (replace) {
    const textCodes = [...new Set(sections.map((section) => section.textCode))]
    await db.query('delete from search_text_sections where text_code = any($1::integer[])', [textCodes])
  }
  const rows = lastByKey(sections, (section) => `${section.textCode}:${section.position}`).map((section) => ({
    text_code: section.textCode,
    position: section.position,
    anchor: section.anchor,
    heading: section.heading,
    body: section.text,
  }))
  await db.query(
    `insert into search_text_sections (text_code, position, anchor, heading, body)
     select * from jsonb_to_recordset($1::jsonb) as x(text_code integer, position integer, anchor text, heading text, body text)
     on conflict (text_code, position) do update set
       anchor = excluded.anchor, heading = excluded.heading, body = excluded.body`,
    [JSON.stringify(rows)],
  )
  await learnWords(
    db,
    rows.map((row) => `${row.heading} ${row.body}`),
  )
}

async function writeAll(db: Queryable, documents: readonly SearchDocument[], replaceSections: boolean) {
  const contracts: StoredEntry[] = []
  const news: NewsEntry[] = []
  const sections: TextSectionEntry[] = []
  let popularity: PopularityEntry | undefined
  for (const raw of documents) {
    const document = searchDocumentSchema.parse(raw)
    if (document.kind === 'contract') contracts.push(document)
    else if (document.kind === 'news') news.push(document)
    else if (document.kind === 'popularity') popularity = document
    else sections.push(document)
  }
  if (popularity) await writePopularity(db, popularity)
  for (let i = 0; i < contracts.length; i += BATCH_SIZE)
    await writeContracts(db, contracts.slice(i, i + BATCH_SIZE))
  for (let i = 0; i < news.length; i += BATCH_SIZE) await writeNews(db, news.slice(i, i + BATCH_SIZE))
  if (replaceSections) await writeSections(db, sections, true)
  else
    for (let i = 0; i < sections.length; i += BATCH_SIZE)
      await writeSections(db, sections.slice(i, i + BATCH_SIZE), false)
  return { contracts: contracts.length, news: news.length, textSections: sections.length }
}

/** The SQL conditions and parameters of the news filters, numbered after `offset` existing parameters. */
function newsFilters(
  filters: NewsSearchFilters,
  offset: number,
): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = []
  const params: unknown[] = []
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    conditions.push(condition(`$${offset + params.length}`))
  }
  if (filters.type) add((p) => `n.type = ${p}`, filters.type)
  if (filters.sectorCode) add((p) => `n.sector_codes @> array[${p}::integer]`, filters.sectorCode)
  if (filters.contractCode) add((p) => `n.contract_codes @> array[${p}::integer]`, filters.contractCode)
  if (filters.from) add((p) => `n.date >= ${p}::date`, filters.from)
  if (filters.to) add((p) => `n.date <= ${p}::date`, filters.to)
  return { conditions, params }
}

/** The search index stored in the portal's Postgres database. */
export function createPostgresSearch(pool: Pool, options: { recentWindow?: number } = {}): SearchIndex {
  const recentWindow = options.recentWindow ?? RECENT_WINDOW
  /**
   * The user's text as a tsquery (NULL when it has no searchable word),
   * computed before searching so the planner sees the actual query.
   */
  const tsquery = async (text: string): Promise<string | null> => {
    const { rows } = await pool.query<{ terms: string | null }>('select search_query($1)::text as terms', [
      text,
    ])
    return rows[0]?.terms ?? null
  }

  /** The tsquery of the text with misspelt words corrected; NULL when no word needed correcting. */
  const correctedTsquery = async (text: string): Promise<string | null> => {
    const { rows } = await pool.query<{ terms: string | null }>(
      'select search_query(search_corrected($1))::text as terms',
      [text],
    )
    return rows[0]?.terms ?? null
  }

  /**
   * The day of the `recentWindow`-th newest item (null with fewer items), read
   * again at most once a minute: the news searches' boundary between the
   * newest items and the older ones.
   */
  let cutoffRead: { day: string | null; at: number } | undefined
  const recentCutoff = async (): Promise<string | null> => {
    if (cutoffRead && Date.now() - cutoffRead.at < CUTOFF_TTL_MS) return cutoffRead.day
    const { rows } = await pool.query<{ day: string }>(
      `select to_char(date, 'YYYY-MM-DD') as day from search_news
       order by date desc, guid offset ${recentWindow - 1} limit 1`,
    )
    cutoffRead = { day: rows[0]?.day ?? null, at: Date.now() }
    return cutoffRead.day
  }

  /** Runs a search; when it finds nothing, runs it again with misspelt words corrected. */
  const withCorrection = async <T>(text: string, search: (terms: string) => Promise<T[]>): Promise<T[]> => {
    const terms = await tsquery(text)
    const found = terms === null ? [] : await search(terms)
    if (found.length > 0) return found
    const corrected = await correctedTsquery(text)
    return corrected === null || corrected === terms ? [] : search(corrected)
  }

  return {
    engine: 'postgres',

    async upsert(documents) {
      await inTransaction(pool, (client) => writeAll(client, documents, true))
    },

    async remove(target: RemoveTarget) {
      if (target.kind === 'contract') {
        await pool.query(
          `delete from search_contracts
           where category_code = any($1::integer[]) or contract_code = any($2::integer[]) or sector_code = any($3::integer[])`,
          [target.categoryCodes ?? [], target.contractCodes ?? [], target.sectorCodes ?? []],
        )
      } else if (target.kind === 'news') {
        await pool.query('delete from search_news where guid = any($1::text[])', [target.guids])
      } else {
        await pool.query('delete from search_text_sections where text_code = any($1::integer[])', [
          target.textCodes,
        ])
      }
    },

    async searchContracts(query, options = {}) {
      const limit = contractLimit.parse(options.limit)
      const text = cleanQuery(query)
      if (text === '') return []
      // A named statement: parsed once per connection (the text is long, the search short).
      const found = await pool.query<StoredContractEntry>({
        name: 'search-contracts',
        text: `with exact as materialized (
           select c.category_code, case when c.category_code = $2 then 0 else 1 end as tier, 0::real as rank
           from search_contracts c
           where c.category_code = $2 or c.contract_code = $2 or lower(c.cnel_code) = lower($1)
         ),
         typed as materialized (select search_query($1) as terms, search_key($1) as key),
         matched as materialized (
           select c.category_code, ${textTier('c', 't')} as tier, ts_rank(c.document, t.terms) as rank
           from typed t join search_contracts c on c.document @@ t.terms
         ),
         fixing as materialized (
           select search_corrected($1) as text
           where not exists (select 1 from matched) and not exists (select 1 from exact)
         ),
         corrected as materialized (
           select search_query(f.text) as terms, search_key(f.text) as key from fixing f where f.text is not null
         ),
         fixed as (
           select c.category_code, ${textTier('c', 't')} + ${CORRECTED_TIERS} as tier, ts_rank(c.document, t.terms) as rank
           from corrected t join search_contracts c on c.document @@ t.terms
         ),
         loose as materialized (
           select search_query(coalesce(f.text, $1), 'any') as terms, search_key(coalesce(f.text, $1)) as key
           from (select (select text from fixing) as text) as f
           where not exists (select 1 from fixed) and exists (select 1 from fixing)
         ),
         partial as (
           select c.category_code, ${textTier('c', 't')} + ${PARTIAL_TIERS} as tier, ts_rank(c.document, t.terms) as rank
           from loose t join search_contracts c on c.document @@ t.terms
         ),
         found as (
           select category_code, min(tier) as tier, max(rank) as rank
           from (select * from exact union all select * from matched union all select * from fixed
             union all select * from partial) as hits
           group by category_code
         ),
         ranked as (
           select ${contractColumns}, row_number() over (
             order by f.tier, c.representativeness desc, c.content desc, coalesce(p.views, 0) desc, f.rank desc,
               c.contract_title, c.contract_code, c.category_name, c.category_code
           ) as position
           from found f join search_contracts c on c.category_code = f.category_code
             left join search_popularity p on p.contract_code = c.contract_code
         )
         select * from (select r.*, min(r.position) over (partition by r.contract_code) as first from ranked r) as g
         order by first, position
         limit $3`,
        // Codes are positive: -1 matches none when the text is not a number.
        values: [text, /^\d{1,9}$/.test(text) ? Number(text) : -1, limit],
      })
      return found.rows.map(contractHitOf)
    },

    async searchNews(query, options = {}) {
      const filters = newsSearchOptionsSchema.parse(options)
      const text = cleanQuery(query)
      const wanted = filters.offset + filters.limit + 1
      const page = (rows: NewsRow[]) => ({
        hits: rows.slice(filters.offset, filters.offset + filters.limit).map(newsHit),
        hasMore: rows.length > filters.offset + filters.limit,
      })
      const { conditions, params } = newsFilters(filters, 1)

      if (text === '') {
        const found = await pool.query<NewsRow>(
          `select ${newsColumns} from search_news n
           where ${['$1::boolean', ...conditions].join(' and ')}
           order by n.date desc, n.guid
           limit ${wanted}`,
          [true, ...params],
        )
        return page(found.rows)
      }

      // Relevance in two tiers, each newest first: items with every word in the
      // title, then items with the words spread over title and body. Each tier
      // reads the newest RECENT_WINDOW items first, walking the date index and
      // stopping at the end of the requested page. Words not found often enough
      // there are rare: the older items are then searched through the word
      // index alone. (Left to itself the planner expects about 1% of the items to
      // match any word it does not know, and for a misspelt word matching nothing
      // walked the whole date index: 0.2-0.6 s.)
      const cutoff = await recentCutoff()
      const select = (db: Queryable, terms: string, match: string, range: string, count: number) =>
        db.query<NewsRow>(
          `select ${newsColumns} from search_news n
           where ${[match, range, ...conditions].join(' and ')}
           order by n.date desc, n.guid
           limit ${count}`,
          [terms, ...params, cutoff ?? '-infinity'],
        )
      // The newest items of one tier, and the older ones when the newest do not fill `count`.
      const recentPart = async (terms: string, match: string, count: number) =>
        (await select(pool, terms, match, `n.date >= $${params.length + 2}::date`, count)).rows
      const olderPart = async (terms: string, match: string, count: number) =>
        inTransaction(pool, async (client) => {
          await client.query('set local enable_indexscan = off')
          return (await select(client, terms, match, `n.date < $${params.length + 2}::date`, count)).rows
        })
      const rest = (recent: NewsRow[], terms: string, match: string, count: number) =>
        recent.length === count || cutoff === null
          ? Promise.resolve(recent)
          : olderPart(terms, match, count - recent.length).then((older) => [...recent, ...older])
      const titleMatch = 'n.title_vector @@ $1::tsquery'
      // The free scope never looks into the paid part of a body (free_document: title and free opening).
      const anyMatch =
        filters.scope === 'free' ? 'n.free_document @@ $1::tsquery' : 'n.document @@ $1::tsquery'
      // Title matches come first; the rest of the page comes from matches anywhere (at most `wanted`
      // of which are title matches, so 2 × wanted newest matches hold every row the page can need).
      // Both tiers are read side by side, the newest items first: a text with few matches costs two
      // rounds of index reads instead of four in a row.
      const rows = await withCorrection(text, async (terms) => {
        const [titleRecent, anyRecent] = await Promise.all([
          recentPart(terms, titleMatch, wanted),
          recentPart(terms, anyMatch, 2 * wanted),
        ])
        if (titleRecent.length === wanted) return titleRecent
        const [inTitle, anywhere] = await Promise.all([
          rest(titleRecent, terms, titleMatch, wanted),
          rest(anyRecent, terms, anyMatch, 2 * wanted),
        ])
        if (inTitle.length === wanted) return inTitle
        // Asking SQL for 'matches not in the title' would hide from the planner that the two go
        // together, and it would scan the whole date index for none.
        const titled = new Set(inTitle.map((row) => row.guid))
        const inBody = anywhere.filter((row) => !titled.has(row.guid)).slice(0, wanted - inTitle.length)
        return [...inTitle, ...inBody]
      })
      return page(rows)
    },

    async searchInDocument(textCode, query, options = {}) {
      const limit = sectionLimit.parse(options.limit)
      const text = cleanQuery(query)
      if (text === '') return []
      const rows = await withCorrection(text, async (terms) => {
        const found = await pool.query<SectionRow>(
          `select s.text_code, s.anchor, s.heading, s.body,
             ts_headline('italian_unaccent', search_text(s.body), $2::tsquery, $4) as marked
           from search_text_sections s
           where s.text_code = $1 and s.document @@ $2::tsquery
           order by s.position
           limit $3`,
          [textCode, terms, limit, headlineOptions],
        )
        return found.rows
      })
      return rows.map(sectionHit)
    },

    async reindex(batches: DocumentBatches): Promise<ReindexReport> {
      return inTransaction(pool, async (client) => {
        // DELETE, not TRUNCATE: searches keep reading the old rows until the commit.
        await client.query(
          'delete from search_contracts; delete from search_news; delete from search_text_sections; delete from search_words',
        )
        const report: ReindexReport = { contracts: 0, news: 0, textSections: 0 }
        for await (const batch of batches) {
          const written = await writeAll(client, batch, false)
          report.contracts += written.contracts
          report.news += written.news
          report.textSections += written.textSections
        }
        return report
      })
    },
  }
}
