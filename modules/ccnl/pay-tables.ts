/**
 * Pay tables of a category by effective date (decorrenza): the list of dates,
 * one table with its Qualificati / Apprendisti levels and derived hourly and
 * daily amounts, and its note. The table in force (the latest decorrenza not
 * after today) and later ones need a subscription or trial; earlier ones are
 * the historical archive (Professional).
 */
import { calendarDay, monthlyPay, sanitizeHtml, splitLevels, type PayLevel } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, canRead, type Reader } from './access.ts'
import { apiDate, findAll, findOne, levelsOf } from './store.ts'
import { databaseCache } from './read-cache.ts'
import { payTableDelta, type LevelMinimum } from './pay-table-delta.ts'

export type EffectiveDate = {
  id: number
  /** `gg-mm-aaaa`. */
  decorrenza: string
  /** `YYYY-MM-DD`. */
  day: string
  /** Before the table in force: part of the historical archive (Professional). */
  historical: boolean
}

type PayTableDoc = { id: number; effectiveDate: string; levels: unknown; noteHtml?: string | null }

/** The effective dates of a category's pay tables, newest first. */
export async function listEffectiveDates(categoryCode: number, today = new Date()): Promise<EffectiveDate[]> {
  const docs = await findAll<PayTableDoc>(
    'pay-tables',
    { categoryCode: { equals: categoryCode } },
    { sort: '-effectiveDate', select: { id: true, effectiveDate: true } as Record<string, true> },
  )
  const todayDay = calendarDay(today)
  const days = docs.map((doc) => calendarDay(doc.effectiveDate))
  const inForce = days.find((day) => day <= todayDay) ?? days[days.length - 1]
  return docs.map((doc, index) => {
    const day = days[index] ?? ''
    return {
      id: doc.id,
      decorrenza: apiDate(doc.effectiveDate),
      day,
      historical: inForce !== undefined && day < inForce,
    }
  })
}

export type PayRow = {
  codiceLivello: string
  descrizione: string
  pagaBase: number
  contingenza: number
  terzoElemento: number
  /** The further elements of the level's monthly pay (EDR, indennità di funzione…), as the contract grants them. */
  altriElementi: { voce: string; importo: number }[]
  /** Every element of the monthly pay: paga base + contingenza + terzo elemento + the other elements. */
  totaleMensile: number
  importoScatto: number
  divisoreOrario: number
  divisoreGiornaliero: number
  /** Hours of a working day for workers paid by the hour (0 otherwise). */
  oreGiornaliere: number
  /** Monthly total / divisore orario, in euro; null without a divisor. */
  pagaOraria: number | null
  /**
   * Hours of a day × hourly pay for workers paid by the hour (edili operai),
   * else monthly total / divisore giornaliero, in euro; null without a divisor.
   */
  pagaGiornaliera: number | null
}

export type PayTable = {
  categoryCode: number
  decorrenza: string
  day: string
  historical: boolean
  tabella: PayRow[]
  livelli: { codiceLivello: string; descrizione: string }[]
  qualificati: PayRow[]
  apprendisti: PayRow[]
  noteHtml: string
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** One row of the table, with the total and the amounts derived from it by the contract's divisors. */
export function payRow(level: PayLevel): PayRow {
  const monthly = monthlyPay(level)
  const hourly = level.hourlyDivisor > 0 ? round2(monthly / level.hourlyDivisor) : null
  // Paid by the hour: a day is its hours at the hourly pay printed beside it.
  const daily =
    level.hoursPerDay > 0 && hourly !== null
      ? round2(level.hoursPerDay * hourly)
      : level.dailyDivisor > 0
        ? round2(monthly / level.dailyDivisor)
        : null
  return {
    codiceLivello: level.code,
    descrizione: level.description,
    pagaBase: level.basePay,
    contingenza: level.costOfLiving,
    terzoElemento: level.thirdElement,
    altriElementi: level.otherElements.map((element) => ({ voce: element.name, importo: element.amount })),
    totaleMensile: monthly,
    importoScatto: level.seniorityStep,
    divisoreOrario: level.hourlyDivisor,
    divisoreGiornaliero: level.dailyDivisor,
    oreGiornaliere: level.hoursPerDay,
    pagaOraria: hourly,
    pagaGiornaliera: daily,
  }
}

async function effectiveDateEntry(categoryCode: number, day: string): Promise<EffectiveDate> {
  const dates = await listEffectiveDates(categoryCode)
  const entry = dates.find((date) => date.day === day)
  if (!entry) throw new AppError('not_found', it.database.errors.tableNotFound)
  return entry
}

/** The pay table of a category at an effective date (`YYYY-MM-DD`), for a reader allowed to see it. */
export async function getPayTable(reader: Reader, categoryCode: number, day: string): Promise<PayTable> {
  const entry = await databaseCache.get(`effective-date:${categoryCode}:${day}`, () =>
    effectiveDateEntry(categoryCode, day),
  )
  assertCanRead(reader, entry.historical ? 'archive' : 'inForce')
  return databaseCache.get(`pay-table:${entry.id}`, () => buildPayTable(categoryCode, entry))
}

/** The table of one effective date, for every reader allowed to open it. */
async function buildPayTable(categoryCode: number, entry: EffectiveDate): Promise<PayTable> {
  const doc = await findOne<PayTableDoc>('pay-tables', { id: { equals: entry.id } })
  if (!doc) throw new AppError('not_found', it.database.errors.tableNotFound)
  const rows = levelsOf(doc.levels).map(payRow)
  const { qualified, apprentices } = splitLevels(
    rows.map((row) => ({ ...row, description: row.descrizione })),
  )
  const strip = ({ description: _description, ...row }: PayRow & { description: string }): PayRow => row
  return {
    categoryCode,
    decorrenza: entry.decorrenza,
    day: entry.day,
    historical: entry.historical,
    tabella: rows,
    livelli: rows.map((row) => ({ codiceLivello: row.codiceLivello, descrizione: row.descrizione })),
    qualificati: qualified.map(strip),
    apprendisti: apprentices.map(strip),
    noteHtml: sanitizeHtml(doc.noteHtml ?? ''),
  }
}

/** Whether the reader may open the table of this effective date (pages use it to mark PRO dates). */
export function canOpenEffectiveDate(reader: Reader, date: EffectiveDate): boolean {
  return canRead(reader.entitlements, date.historical ? 'archive' : 'inForce')
}

/** The effective date a page opens by default: the one in force, else the newest. */
export function defaultEffectiveDate(dates: EffectiveDate[]): EffectiveDate | undefined {
  return dates.find((date) => !date.historical && date.day <= calendarDay(new Date())) ?? dates[0]
}

export type PayComparisonRow = {
  codiceLivello: string
  descrizione: string
  from: number | null
  to: number | null
  difference: number | null
  percent: number | null
}

/** Two tables level by level: the monthly total (every element) and the change. */
export function comparePayTables(from: PayTable, to: PayTable): PayComparisonRow[] {
  const minimum = (row: PayRow): LevelMinimum => ({
    code: row.codiceLivello,
    description: row.descrizione,
    monthly: row.totaleMensile,
  })
  return payTableDelta(from.tabella.map(minimum), to.tabella.map(minimum)).levels.map((level) => ({
    codiceLivello: level.code,
    descrizione: level.description,
    from: level.before,
    to: level.after,
    difference: level.difference,
    percent: level.percent,
  }))
}
