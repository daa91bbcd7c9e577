/**
 * The news search of the portal and two in-process peers on the same work,
 * for the search suite's comparison: the same news (the published items of
 * the benchmark database, title and text), the same queries (words of the
 * titles), the same question (up to 100 news and 100 deadlines whose title or
 * text holds every word, a word also as the start of a longer one), no
 * result cache in front of any of them. Each engine answers the way it is
 * meant to be used: the portal's Postgres engine with its two searches (news,
 * deadlines) as the free-text API asks them, MiniSearch with one search split
 * by type, Orama with one search per type (its filters come before scoring).
 * Words the index does not know are corrected only when nothing is found (the
 * portal: trigram similarity; the peers: edit distance 1 or 20% of the word).
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { create, insertMultiple, search as oramaSearch } from '@orama/orama'
import MiniSearch from 'minisearch'
import type { Pool } from 'pg'
import type { SearchIndex } from '../modules/search/index.ts'
import { quantile, type LoadRow } from './suite.ts'

export type CorpusItem = {
  guid: string
  slug: string
  title: string
  text: string
  excerpt: string
  date: string
  type: 'news' | 'deadline' | 'changelog'
}

/** The portal's page size per kind (modules/feed `SEARCH_RESULT_LIMIT`). */
export const RESULT_LIMIT = 100

/** An answer: the guids of the news and of the deadlines found, best first. */
export type NewsAnswer = { news: string[]; deadlines: string[] }

export type NewsEngine = { label: string; search(text: string): Promise<NewsAnswer> }

/** Deterministic pseudo-random picks, so every run asks the same things. */
export function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** The published news as the search indexes them (its type and excerpt), HTML turned to text. */
export async function newsCorpus(pool: Pick<Pool, 'query'>): Promise<CorpusItem[]> {
  const found = await pool.query<Omit<CorpusItem, 'text'> & { html: string | null }>(
    `select n.guid, n.slug, n.title, n.html, s.excerpt, to_char(s.date, 'YYYY-MM-DD') as date, s.type
     from news n join search_news s on s.guid = n.guid
     where n._status = 'published'`,
  )
  return found.rows.map(({ html, ...news }) => ({
    ...news,
    text: (html ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  }))
}

/** Words of the corpus titles (longer than 5 letters, lower case): the news searches' queries. */
export function newsQueries(corpus: readonly CorpusItem[], count: number): string[] {
  const random = seeded(7)
  const words: string[] = []
  while (words.length < count) {
    const title = corpus[Math.floor(random() * corpus.length)]?.title ?? ''
    const candidates = title.split(/[^\p{L}]+/u).filter((word) => word.length > 5)
    const word = candidates[Math.floor(random() * candidates.length)]
    if (word) words.push(word.toLowerCase())
  }
  return words
}

/** Accents and case folded, as the portal's `italian_unaccent` configuration does. */
const fold = (term: string) => term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The portal's engine without its result cache: the two searches of `GET /api/v1/notizie/ricerca/{testo}`. */
export function postgresEngine(index: SearchIndex): NewsEngine {
  return {
    label: 'Postgres (portale)',
    async search(text) {
      const [news, deadlines] = await Promise.all([
        index.searchNews(text, { type: 'news', limit: RESULT_LIMIT }),
        index.searchNews(text, { type: 'deadline', limit: RESULT_LIMIT }),
      ])
      return { news: news.hits.map((hit) => hit.guid), deadlines: deadlines.hits.map((hit) => hit.guid) }
    },
  }
}

/** MiniSearch over title and text, titles weighing double. */
export function miniSearchEngine(corpus: readonly CorpusItem[]): NewsEngine {
  const index = new MiniSearch<CorpusItem>({
    idField: 'guid',
    fields: ['title', 'text'],
    storeFields: ['slug', 'title', 'date', 'type', 'excerpt'],
    processTerm: fold,
    searchOptions: { prefix: true, combineWith: 'AND', boost: { title: 2 } },
  })
  index.addAll(corpus)
  const firstOfType = (hits: ReturnType<typeof index.search>, type: CorpusItem['type']) =>
    hits
      .filter((hit) => hit.type === type)
      .slice(0, RESULT_LIMIT)
      .map((hit) => hit.id as string)
  return {
    label: 'MiniSearch',
    async search(text) {
      let hits = index.search(text)
      if (hits.length === 0) hits = index.search(text, { fuzzy: 0.2 })
      return { news: firstOfType(hits, 'news'), deadlines: firstOfType(hits, 'deadline') }
    },
  }
}

/** Orama over title and text (the Italian tokenizer, no stemmer), titles weighing double. */
export async function oramaEngine(corpus: readonly CorpusItem[]): Promise<NewsEngine> {
  const db = create({
    schema: { title: 'string', text: 'string', type: 'enum' } as const,
    components: { tokenizer: { language: 'italian' } },
    sort: { enabled: false },
  })
  await insertMultiple(
    db,
    corpus.map((item) => ({ ...item, id: item.guid })),
    1000,
  )
  const find = async (text: string, type: CorpusItem['type'], tolerance: number) => {
    const found = await oramaSearch(db, {
      term: text,
      properties: ['title', 'text'],
      boost: { title: 2 },
      where: { type: { eq: type } },
      // Every word must match (0: all of them; 1: any).
      threshold: 0,
      tolerance,
      limit: RESULT_LIMIT,
    })
    return found.hits.map((hit) => hit.id)
  }
  const both = (text: string, tolerance: number) =>
    Promise.all([find(text, 'news', tolerance), find(text, 'deadline', tolerance)])
  return {
    label: 'Orama',
    async search(text) {
      let [news, deadlines] = await both(text, 0)
      if (news.length === 0 && deadlines.length === 0) [news, deadlines] = await both(text, 1)
      return { news, deadlines }
    },
  }
}

/**
 * Searches `queries` in turn for `seconds` (after `warmUp` seconds), with
 * `concurrency` callers each asking again as soon as answered: the time of an
 * answer counts from the moment it was asked, so a search waiting for the
 * others (an engine running on this thread answers one at a time, as a Node
 * server would with as many connections) is timed with its wait.
 */
export async function measureConcurrent(
  label: string,
  engine: NewsEngine,
  queries: readonly string[],
  options: { concurrency: number; seconds: number; warmUp: number },
): Promise<LoadRow> {
  let next = 0
  const run = async (seconds: number) => {
    const times: number[] = []
    let errors = 0
    const end = performance.now() + seconds * 1000
    const caller = async () => {
      while (performance.now() < end) {
        const text = queries[next % queries.length] as string
        next += 1
        const asked = performance.now()
        // Every caller is queued behind the others, as requests arriving together are.
        await nextTurn()
        try {
          await engine.search(text)
        } catch {
          errors += 1
        }
        times.push(performance.now() - asked)
      }
    }
    const start = performance.now()
    await Promise.all(Array.from({ length: options.concurrency }, caller))
    return { times, errors, elapsed: (performance.now() - start) / 1000 }
  }
  await run(options.warmUp)
  const { times, errors, elapsed } = await run(options.seconds)
  const round = (value: number) => Math.round(value * 100) / 100
  return {
    label,
    connections: options.concurrency,
    seconds: options.seconds,
    p50: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    p99: round(quantile(times, 0.99)),
    requestsPerSecond: round(times.length / elapsed),
    errors,
  }
}
