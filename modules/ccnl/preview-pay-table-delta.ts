/**
 * The editor's preview of a pay table before saving it: the delta from the
 * category's previous decorrenza to the levels in the form, so a tenfold typo
 * is caught by a person before subscribers are told of the change.
 */
import { calendarDay, payLevelsSchema, unaTantumListSchema, type UnaTantumRecord } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { levelMinimum, payTableDelta, type PayTableDelta } from './pay-table-delta.ts'
import { findAll, levelsOf } from './store.ts'

/** A tenfold typo stands out well beyond this change in per cent. */
export const UNUSUAL_CHANGE_PERCENT = 20

export type PayTableDeltaPreview = {
  /** The previous decorrenza (`yyyy-mm-dd`), or null for the category's first table. */
  previous: string | null
  delta: PayTableDelta
  /** The largest change in per cent (either way) when beyond `threshold`. */
  unusual: number | null
  /** `UNUSUAL_CHANGE_PERCENT`: a level's change beyond it is shown as unusual. */
  threshold: number
}

type PayTableDoc = { id: number; effectiveDate: string; levels: unknown }

/** The preview for the form's category (its record id), decorrenza, levels and una tantum. */
export async function previewPayTableDelta(input: {
  category: number
  effectiveDate: string
  levels: unknown
  unaTantum?: unknown
  /** The record being edited: never its own previous table. */
  id?: number
}): Promise<PayTableDeltaPreview> {
  const levels = payLevelsSchema.safeParse(input.levels)
  if (!levels.success)
    throw new AppError('bad_request', it.database.deltaPreview.invalidLevels, { field: 'levels' })
  const unaTantum: UnaTantumRecord[] = unaTantumListSchema.safeParse(input.unaTantum ?? []).data ?? []
  const day = calendarDay(input.effectiveDate)
  const [previous] = await findAll<PayTableDoc>(
    'pay-tables',
    {
      and: [
        { category: { equals: input.category } },
        { effectiveDate: { less_than: `${day}T00:00:00.000Z` } },
        ...(input.id ? [{ id: { not_equals: input.id } }] : []),
      ],
    },
    { sort: '-effectiveDate', limit: 1 },
  )
  const delta = payTableDelta(
    previous ? levelsOf(previous.levels).map(levelMinimum) : [],
    levels.data.map(levelMinimum),
    unaTantum,
  )
  const extremes = [delta.largestPercent, delta.smallestPercent].filter((value) => value !== null)
  const largest = extremes.reduce((max, value) => (Math.abs(value) > Math.abs(max) ? value : max), 0)
  return {
    previous: previous ? calendarDay(previous.effectiveDate) : null,
    delta,
    unusual: Math.abs(largest) > UNUSUAL_CHANGE_PERCENT ? largest : null,
    threshold: UNUSUAL_CHANGE_PERCENT,
  }
}
