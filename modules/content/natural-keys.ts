import type { ClassificationScheme, SummaryType } from './schemas.ts'

/** Natural key of a pay table: category code and effective date joined by an underscore (`1001_2024-01-01`). */
export function payTableKey(categoryCode: number, effectiveDate: string): string {
  return `${categoryCode}_${effectiveDate.slice(0, 10)}`
}

/** Natural key of a summary document: category code and document type. */
export function summaryKey(categoryCode: number, type: SummaryType): string {
  return `${categoryCode}_${type}`
}

/** Natural key of a classification code: category, scheme and code. */
export function classificationKey(categoryCode: number, scheme: ClassificationScheme, code: string): string {
  return `${categoryCode}_${scheme}_${code}`
}

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day (`YYYY-MM-DD`, Italian time) of a stored date; a bare `YYYY-MM-DD` is returned as is. */
export function calendarDay(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) throw new RangeError(`Data non valida: ${String(value)}`)
  return romeDay.format(date)
}

/** How a calendar day is stored in a date field: midday UTC, the same day in every European time zone. */
export function dayToTimestamp(day: string): string {
  return `${day.slice(0, 10)}T12:00:00.000Z`
}

/** The year and month (`YYYY-MM`) a news slug is unique within. */
export function newsPeriod(date: string | Date): string {
  return calendarDay(date).slice(0, 7)
}

/** The label editors see for a coded record: `133 · CCNL Commercio`. */
export function codedLabel(code: number | string, name: string): string {
  return `${code} · ${name}`
}

/** The public address of a news item: `/bancadati/quotidiano/notizia/{year}/{month}/{slug}`. */
export function newsPath(item: { date: string | Date; slug: string }): string {
  const [year, month] = newsPeriod(item.date).split('-')
  return `/bancadati/quotidiano/notizia/${year}/${month}/${item.slug}`
}

/** The label of a contract mapping row: `1001 → 133` (category code to contract code). */
export function mappingLabel(categoryCode: number, contractCode: number): string {
  return `${categoryCode} → ${contractCode}`
}

/**
 * Natural key of an everyday name: the name (lower case, without accents,
 * single-spaced) and what it points at (`cnel:H011` or `contract:133`).
 */
export function aliasKey(
  name: string,
  target: { cnelCode?: string | null; contractCode?: number | null },
): string {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
  const pointer = target.cnelCode
    ? `cnel:${target.cnelCode.trim().toUpperCase()}`
    : `contract:${target.contractCode ?? ''}`
  return `${folded}|${pointer}`
}
