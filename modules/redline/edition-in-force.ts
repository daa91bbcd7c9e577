/**
 * 'Il testo in vigore al gg/mm/aaaa': the edition whose rules apply on the
 * day. An edition applies from its decorrenza (`effectiveDate`), which can be
 * before the day it was signed (a renewal signed on 22/03/2024 that decorre
 * dal 01/04/2023); an edition without one applies from its date.
 */

/** Which of an edition's dates the choice rested on. */
export type InForceBasis = 'effectiveDate' | 'date'

export type EditionInForce<T> = {
  edition: T
  /** The day the edition applies from (`YYYY-MM-DD`). */
  from: string
  basis: InForceBasis
}

type Dated = { date: string; effectiveDate?: string | null }

const startOf = (edition: Dated): { from: string; basis: InForceBasis } =>
  edition.effectiveDate
    ? { from: edition.effectiveDate.slice(0, 10), basis: 'effectiveDate' }
    : { from: edition.date.slice(0, 10), basis: 'date' }

/**
 * The edition that applies on `day` (`YYYY-MM-DD`): the one whose start
 * (decorrenza, else date) is the latest not after the day; of two starting
 * the same day, the later text. Null when none had started.
 */
export function editionInForce<T extends Dated>(
  editions: readonly T[],
  day: string,
): EditionInForce<T> | null {
  let found: EditionInForce<T> | null = null
  for (const edition of editions) {
    const start = startOf(edition)
    if (start.from > day) continue
    const better =
      !found ||
      start.from > found.from ||
      (start.from === found.from && edition.date.slice(0, 10) > found.edition.date.slice(0, 10))
    if (better) found = { edition, ...start }
  }
  return found
}
