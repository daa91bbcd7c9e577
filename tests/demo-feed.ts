/**
 * The demo feed a portal started today in embedded mode holds. Embedded mode
 * brings the demo feed to the day it starts on (dev/demo/feed.ts), so the
 * tests read their articles from the same generator, for the same day,
 * instead of naming items of a fixed month: they pass whatever the date.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDemoFeed } from '../dev/seed/index.ts'

type DemoNews = Awaited<ReturnType<typeof buildDemoFeed>>['news'][number]

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today on the portal's calendar (aaaa-mm-gg, Italian time). */
export function today(): string {
  return romeDay.format(new Date())
}

let feed: Promise<DemoNews[]> | undefined

/** Today's demo feed, built once per test file. */
export function demoFeed(): Promise<DemoNews[]> {
  feed ??= buildDemoFeed(today()).then((built) => built.news)
  return feed
}

/** The article's address on the portal. */
export function articlePath(item: DemoNews): string {
  const [year, month] = item.date.split('-')
  return `/bancadati/quotidiano/notizia/${year}/${month}/${item.slug}`
}

/** The text of the article's paragraphs, without markup. */
export function paragraphsOf(item: DemoNews): string[] {
  return [...item.html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) =>
    (match[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  )
}

/** The newest item of today's feed that `keep` accepts, dated up to today. */
export async function newest(keep: (item: DemoNews) => boolean): Promise<DemoNews> {
  const day = today()
  const found = (await demoFeed()).filter((item) => item.date <= day && keep(item)).at(-1)
  if (!found) throw new Error('Nessuna notizia dimostrativa adatta nel Quotidiano di oggi')
  return found
}

/** The newest pay increase with its table as an attachment: a long article, cut for anonymous visitors. */
export function payIncreaseWithAttachment(): Promise<DemoNews> {
  return newest((item) => item.type === 'news' && Boolean(item.attachment) && /nuovi minimi/.test(item.title))
}

/**
 * Every item a fresh embedded portal started today holds, by guid: the shipped
 * data set's feed (data/demo) and today's, whose shared items are the same records.
 */
export async function portalFeed(): Promise<Map<string, DemoNews>> {
  const shipped = readFileSync(path.join(root, 'data/demo/news.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as DemoNews)
  return new Map([...shipped, ...(await demoFeed())].map((item) => [item.guid, item]))
}
