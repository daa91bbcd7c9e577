/**
 * The redline section of a contract's dashboard: the contract's editions, the
 * two compared (`da` and `a`, text codes; by default the two latest), the
 * redline for a Professional reader (for others, which treatment they get),
 * and 'Il testo in vigore al' (`al`, gg/mm/aaaa or aaaa-mm-gg), public like
 * its API.
 */
import { it } from '../i18n/index.ts'
import type { ArticleRedline, InForceBasis } from '../redline/index.ts'
import type { Reader } from './access.ts'
import {
  compareTextEditions,
  contractEditions,
  editionOnDay,
  type TextRedline,
} from './compare-text-editions.ts'
import { isoDay } from './store.ts'
import type { TextSummary } from './texts.ts'

/**
 * `granted`: Professional; `unavailable`: visitors without an account or with
 * an expired trial ('Funzionalità non disponibile'); `professional`: every
 * other reader (the PRO badge and the Professional-only prompt).
 */
export type RedlineAccess = 'granted' | 'unavailable' | 'professional'

export type RedlineRequest = { da?: string | null; a?: string | null; al?: string | null }

export type RedlineInForce = {
  /** The date as written (at most 40 characters). */
  input: string
  /** The date as `aaaa-mm-gg`, null when it is not a valid date. */
  day: string | null
  edition: TextSummary | null
  /** The day the edition applies from and the date that is (its decorrenza, else its date); null without an edition. */
  from: { day: string; basis: InForceBasis } | null
  /** Why no edition is named, in Italian. */
  error: string | null
}

/** An article of the comparison with its anchor on the page (`articolo-1`, …, unique whatever the headings). */
export type RedlineEntry = { id: string; article: ArticleRedline }

/** The page's order: each added, removed or changed article alone, runs of unchanged ones together (collapsed). */
export type RedlineBlock =
  { kind: 'article'; entry: RedlineEntry } | { kind: 'same'; entries: RedlineEntry[] }

export type RedlineLayout = {
  lists: Record<'added' | 'removed' | 'changed', RedlineEntry[]>
  blocks: RedlineBlock[]
}

export type RedlineView = {
  /** The contract's editions, oldest first. */
  editions: TextSummary[]
  /** The two editions compared, older first (null with fewer than two editions). */
  older: TextSummary | null
  newer: TextSummary | null
  access: RedlineAccess
  /** What happened to the choice (unknown edition, the same twice, reordered). */
  notice: { variant: 'info' | 'warning'; text: string } | null
  /** The comparison: only for a Professional reader and two different editions. */
  redline: TextRedline | null
  /** The lists and the blocks of the comparison shown. */
  layout: RedlineLayout | null
  /** The print view's reference (`older-newer`) of the comparison shown. */
  printRef: string | null
  inForce: RedlineInForce | null
}

const t = it.redline

/** Which treatment the reader gets. */
export function redlineAccess(reader: Reader): RedlineAccess {
  if (reader.entitlements.canReadArchive) return 'granted'
  const kind = reader.entitlements.kind
  return kind === 'anonymous' || kind === 'trialExpired' ? 'unavailable' : 'professional'
}

/** `gg/mm/aaaa` (also with `-` or `.`, one-digit day and month) or `aaaa-mm-gg` as `aaaa-mm-gg`; null otherwise. */
export function parseDay(value: string): string | null {
  const text = value.trim()
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text)
  if (italian) {
    const [, day = '', month = '', year = ''] = italian
    return isoDay(`${day.padStart(2, '0')}-${month.padStart(2, '0')}-${year}`)
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? isoDay(text) : null
}

const codeOf = (value: string | null | undefined) =>
  value && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null
const dayText = (day: string) => day.split('-').reverse().join('/')

/** The edition in force on the day written in `input`, or why there is none. */
export function inForceOn(editions: TextSummary[], input: string): RedlineInForce {
  const written = input.trim().slice(0, 40)
  const day = parseDay(written)
  if (!day) return { input: written, day: null, edition: null, from: null, error: t.inForce.badDate }
  const found = editionOnDay(editions, day)
  if (found) {
    const from = { day: found.from, basis: found.basis }
    return { input: written, day, edition: found.edition, from, error: null }
  }
  const first = editions.map((edition) => edition.decorrenza ?? edition.data).sort()[0]
  const error = first ? t.inForce.none(dayText(first)) : t.noEditions
  return { input: written, day, edition: null, from: null, error }
}

/** The lists of added, removed and changed articles, and the articles in order with unchanged runs grouped. */
export function redlineLayout(articles: ArticleRedline[]): RedlineLayout {
  const entries = articles.map((article, index) => ({ id: `articolo-${index + 1}`, article }))
  const of = (change: ArticleRedline['change']) => entries.filter((entry) => entry.article.change === change)
  const blocks: RedlineBlock[] = []
  for (const entry of entries) {
    const last = blocks.at(-1)
    if (entry.article.change !== 'unchanged') blocks.push({ kind: 'article', entry })
    else if (last?.kind === 'same') last.entries.push(entry)
    else blocks.push({ kind: 'same', entries: [entry] })
  }
  return { lists: { added: of('added'), removed: of('removed'), changed: of('changed') }, blocks }
}

/** The two editions to compare, from the request or by default the two latest. */
export function chooseEditions(
  editions: TextSummary[],
  request: RedlineRequest,
): Pick<RedlineView, 'older' | 'newer' | 'notice'> {
  const latest = editions.at(-1)
  const previous = editions.at(-2)
  if (!latest || !previous) return { older: null, newer: null, notice: null }
  const find = (value: string | null | undefined) =>
    editions.find((edition) => edition.codiceTesto === codeOf(value))
  const askedFrom = (request.da ?? '').trim() !== ''
  const askedTo = (request.a ?? '').trim() !== ''
  let from = find(request.da)
  let to = find(request.a)
  if ((askedFrom && !from) || (askedTo && !to)) {
    return { older: previous, newer: latest, notice: { variant: 'warning', text: t.unknownEdition } }
  }
  // One side asked: the other is the latest edition, or the one before it.
  if (from && !to) to = from === latest ? previous : latest
  if (to && !from) from = to === latest ? previous : latest
  from ??= previous
  to ??= latest
  if (from === to) return { older: from, newer: to, notice: { variant: 'warning', text: t.sameEdition } }
  if (editions.indexOf(from) > editions.indexOf(to)) {
    const notice = askedFrom && askedTo ? { variant: 'info' as const, text: t.reordered } : null
    return { older: to, newer: from, notice }
  }
  return { older: from, newer: to, notice: null }
}

/** Everything the redline section shows for `contractCode`. */
export async function redlineView(
  reader: Reader,
  contractCode: number,
  request: RedlineRequest,
): Promise<RedlineView> {
  const editions = await contractEditions(contractCode)
  const access = redlineAccess(reader)
  const { older, newer, notice } = chooseEditions(editions, request)
  const redline =
    access === 'granted' && older && newer && older !== newer
      ? await compareTextEditions(reader, older.codiceTesto, newer.codiceTesto)
      : null
  const al = (request.al ?? '').trim()
  return {
    editions,
    older,
    newer,
    access,
    notice,
    redline,
    layout: redline ? redlineLayout(redline.articles) : null,
    printRef: redline ? `${redline.older.codiceTesto}-${redline.newer.codiceTesto}` : null,
    inForce: al !== '' && editions.length > 0 ? inForceOn(editions, al) : null,
  }
}
