/**
 * Two editions of a contract's national text side by side (Professional, like
 * the historical archive the older edition comes from): the articles added,
 * removed and changed first, then every article with the words struck and
 * inserted (modules/redline, large editions in its worker thread, within its
 * work limits); and which edition was in force on a day.
 */
import { calendarDay } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, WorkerBusyError } from '../platform/index.ts'
import {
  createEditionsComparer,
  editionInForce,
  EditionTooLargeError,
  type EditionInForce,
  type EditionsRedline,
} from '../redline/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { databaseCache } from './read-cache.ts'
import { findAll } from './store.ts'
import { listTexts, type TextSummary } from './texts.ts'

type EditionDoc = { code: number; html?: string | null }

/** The process's comparer: large editions are diffed in one worker thread, off the event loop. */
const comparer = createEditionsComparer()

/** The redline of two editions' HTML, its work limits answered in Italian (400 too large, 503 busy). */
export async function redlineOf(olderHtml: string, newerHtml: string): Promise<EditionsRedline> {
  try {
    return await comparer.compare(olderHtml, newerHtml)
  } catch (error) {
    if (error instanceof EditionTooLargeError)
      throw new AppError('bad_request', it.database.errors.editionTooLarge, { cause: error })
    if (error instanceof WorkerBusyError)
      throw new AppError('unavailable', it.database.errors.comparerBusy, { cause: error })
    throw error
  }
}

export type TextRedline = EditionsRedline & { older: TextSummary; newer: TextSummary }

/** The national texts of a contract that are editions of the agreement (not renewal agreements), oldest first. */
export async function contractEditions(contractCode: number): Promise<TextSummary[]> {
  const texts = await listTexts({ contractCode, scope: 'national' })
  const editions = texts.filter((text) => text.tipo === 'CCNL' || text.edizione === 'consolidated')
  return editions.sort((a, b) => a.data.localeCompare(b.data) || a.codiceTesto - b.codiceTesto)
}

/** The edition of `editions` in force on `day` (`YYYY-MM-DD`): by its decorrenza, else its date. */
export function editionOnDay(
  editions: readonly TextSummary[],
  day: string,
): EditionInForce<TextSummary> | null {
  const found = editionInForce(
    editions.map((edition) => ({ edition, date: edition.data, effectiveDate: edition.decorrenza })),
    day,
  )
  return found ? { edition: found.edition.edition, from: found.from, basis: found.basis } : null
}

/**
 * The edition of the contract in force on `day` (`yyyy-mm-dd`): the one
 * whose decorrenza (else date) is the latest not after it, with the day it
 * applies from and the date that is; null when none had started.
 */
export async function editionOn(
  contractCode: number,
  day: string,
): Promise<EditionInForce<TextSummary> | null> {
  return editionOnDay(await contractEditions(contractCode), day)
}

/** The redline from one edition to another of the same contract, for a Professional reader. */
export async function compareTextEditions(
  reader: Reader,
  olderCode: number,
  newerCode: number,
): Promise<TextRedline> {
  assertCanRead(reader, 'archive')
  const key = `redline:${olderCode}:${newerCode}`
  return databaseCache.get(key, async () => {
    const docs = await findAll<EditionDoc & { contractCode?: number | null; scope?: string; date: string }>(
      'contract-texts',
      { code: { in: [olderCode, newerCode] } },
      { select: { code: true, html: true, contractCode: true, scope: true, date: true } },
    )
    const older = docs.find((doc) => doc.code === olderCode)
    const newer = docs.find((doc) => doc.code === newerCode)
    if (!older || !newer || olderCode === newerCode) {
      throw new AppError('not_found', it.database.errors.textNotFound)
    }
    if (
      older.contractCode !== newer.contractCode ||
      older.scope !== 'national' ||
      newer.scope !== 'national'
    ) {
      throw new AppError('bad_request', it.database.errors.editionsOfDifferentContracts)
    }
    const editions = await contractEditions(Number(older.contractCode))
    const summary = (code: number) => editions.find((text) => text.codiceTesto === code)
    const [first, second] =
      calendarDay(older.date) <= calendarDay(newer.date) ? [older, newer] : [newer, older]
    const before = summary(first.code)
    const after = summary(second.code)
    if (!before || !after) throw new AppError('not_found', it.database.errors.textNotFound)
    return { older: before, newer: after, ...(await redlineOf(first.html ?? '', second.html ?? '')) }
  })
}
