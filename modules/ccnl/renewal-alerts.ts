/**
 * Renewal alerts: what the followers of a contract are told when an editor
 * or an import adds a pay table with a new decorrenza, when an editor
 * corrects the amounts of a decorrenza already announced ('Correzione'), or
 * when a new edition of its national text arrives. The content (title, body
 * listing the contract's reference level first, link to the comparison of
 * the two decorrenze) is built here from the same delta the editor's preview
 * shows; the feed module stores and delivers it.
 */
import { createHash } from 'node:crypto'
import { calendarDay, unaTantumListSchema, type UnaTantumRecord } from '../content/index.ts'
import { formatDate, formatEuro, formatEuroDifference, formatPercentChange, it } from '../i18n/index.ts'
import { dashboardPath } from './catalog.ts'
import { getContractTerms } from './contract-terms.ts'
import { contractEditions, redlineOf } from './compare-text-editions.ts'
import { levelMinimum, payTableDelta, type LevelDelta, type PayTableDelta } from './pay-table-delta.ts'
import { apiDate, findAll, findOne, levelsOf } from './store.ts'

/** A notice for the followers of some contracts; `key` makes it once per follower. */
export type ContractAlert = {
  /**
   * `tabella:<id>:<decorrenza>`, `correzione:<id>:<decorrenza>:<amounts>` or
   * `testo:<id>`: a follower gets each alert once.
   */
  key: string
  contractCodes: number[]
  title: string
  /** Plain text, one fact per line. */
  body: string
  link: string
  /** A correction: the key of the alert it corrects (sent only to contracts whose followers had that one). */
  corrects?: string
}

/** How many levels the alert lists (the reference level first) before 'e altri N livelli'. */
export const ALERT_LEVELS_SHOWN = 4
/** How many una tantum the alert spells out (the body stays within the digest's 2,000 characters). */
const ALERT_UNA_TANTUM_SHOWN = 2

const t = it.renewalAlerts
/** The id of the comparison's heading on the pay tables page (site/components/database/PayTablesSection.astro). */
const COMPARISON_ANCHOR = 'confronta-titolo'

type PayTableDoc = {
  id: number
  categoryCode: number
  contractCode: number
  effectiveDate: string
  levels: unknown
  unaTantum?: unknown
  createdAt: string
}
type CategoryDoc = { code: number; name: string; contractCode: number }
type ContractDoc = { code: number; sectorCode: number; title: string; shortTitle?: string | null }

const day = (value: string) => formatDate(`${calendarDay(value)}T12:00:00Z`)

function levelLine(level: LevelDelta): string {
  if (level.after === null) return t.payTable.levelDropped(level.code)
  if (level.before === null) return t.payTable.levelAdded(level.code, formatEuro(level.after))
  if (!level.difference) return t.payTable.levelUnchanged(level.code, formatEuro(level.after))
  return t.payTable.level(
    level.code,
    formatEuro(level.before),
    formatEuro(level.after),
    formatEuroDifference(level.difference),
    formatPercentChange(level.percent ?? 0),
  )
}

function unaTantumLine(entry: UnaTantumRecord): string {
  const conditions = [
    ...(entry.levels?.length ? [t.payTable.unaTantumLevels(shortList(entry.levels))] : []),
    ...(entry.partTime === 'proportional' ? [t.payTable.unaTantumPartTime] : []),
    ...(entry.service === 'months'
      ? [t.payTable.unaTantumService(day(entry.periodFrom), day(entry.periodTo))]
      : []),
  ]
  const main = t.payTable.unaTantum(formatEuro(entry.amount), day(entry.entitledOn), day(entry.paidOn))
  return conditions.length > 0 ? `${main} (${conditions.join('; ')}).` : `${main}.`
}

/** `liv. 4, 5 e una tantum` from the changed levels (and `una tantum`), or null when nothing is named. */
function changedText(changed: readonly string[]): string | null {
  const levels = changed.filter((code) => code !== 'una tantum')
  const parts = [
    ...(levels.length > 0 ? [`liv. ${shortList(levels)}`] : []),
    ...(changed.includes('una tantum') ? ['una tantum'] : []),
  ]
  return parts.length > 0 ? parts.join(' e ') : null
}

const shortList = (codes: readonly string[]) =>
  codes.length <= 6 ? codes.join(', ') : `${codes.slice(0, 6).join(', ')}, …`

/**
 * The level an alert lists first: the contract's reference level when the
 * table has it, else the middle one of the table's levels (apprentices left
 * out), so that the level most employees hold is never hidden.
 */
export function alertReferenceLevel(
  levels: readonly { code: string; description: string }[],
  referenceLevel: string | null,
): string | null {
  if (referenceLevel && levels.some((level) => level.code === referenceLevel)) return referenceLevel
  const regular = levels.filter((level) => !/appr/i.test(level.description))
  const pool = regular.length > 0 ? regular : levels
  return pool[Math.floor(pool.length / 2)]?.code ?? null
}

/** The levels in the order an alert lists them: the reference level, then the others as the table has them. */
function alertLevels(levels: readonly LevelDelta[], referenceLevel: string | null): LevelDelta[] {
  const reference = levels.find((level) => level.code === referenceLevel)
  return reference ? [reference, ...levels.filter((level) => level !== reference)] : [...levels]
}

/** The title and body of a new decorrenza's alert, or of its correction (pure: the job's content, unit-tested). */
export function payTableAlertText(input: {
  effectiveDate: string
  previousDate: string | null
  contract: string
  category: string
  delta: PayTableDelta
  /** The level listed first (`alertReferenceLevel`). */
  referenceLevel?: string | null
  /** A correction of a decorrenza already announced: the levels whose amounts changed. */
  correction?: { changedLevels: readonly string[] }
}): { title: string; body: string } {
  const { delta } = input
  const ordered = alertLevels(delta.levels, input.referenceLevel ?? null)
  const shown = ordered.slice(0, ALERT_LEVELS_SHOWN)
  const hidden = ordered.length - shown.length
  const correction = input.correction
  const lines = [
    ...(correction
      ? [t.payTable.correctionLead(day(input.effectiveDate), changedText(correction.changedLevels))]
      : []),
    input.previousDate ? t.payTable.lead(day(input.previousDate)) : t.payTable.firstTable,
    ...shown.map(levelLine),
    ...(hidden > 0 ? [t.payTable.moreLevels(hidden)] : []),
    ...delta.unaTantum.slice(0, ALERT_UNA_TANTUM_SHOWN).map(unaTantumLine),
    ...(delta.unaTantum.length > ALERT_UNA_TANTUM_SHOWN
      ? [t.payTable.moreUnaTantum(delta.unaTantum.length - ALERT_UNA_TANTUM_SHOWN)]
      : []),
  ]
  const title = t.payTable.title(day(input.effectiveDate), input.contract, input.category)
  return { title: correction ? t.payTable.correctionTitle(title) : title, body: lines.join('\n') }
}

type Amounts = { levels?: unknown; unaTantum?: unknown }

/** Every amount of a table (each level's pay elements and seniority step, each una tantum's amount) by key. */
function amountsOf(doc: Amounts): Map<string, number> {
  const amounts = new Map<string, number>()
  for (const level of levelsOf(doc.levels)) {
    amounts.set(`${level.code}:basePay`, level.basePay)
    amounts.set(`${level.code}:costOfLiving`, level.costOfLiving)
    amounts.set(`${level.code}:thirdElement`, level.thirdElement)
    amounts.set(`${level.code}:seniorityStep`, level.seniorityStep)
  }
  ;(unaTantumListSchema.safeParse(doc.unaTantum ?? []).data ?? []).forEach((entry, index) => {
    amounts.set(`unaTantum:${index}:${entry.paidOn}`, entry.amount)
  })
  return amounts
}

/** The levels (and `una tantum`) whose amounts differ between two versions of a table; empty when none does. */
export function changedAmounts(doc: Amounts, previous: Amounts): string[] {
  const now = amountsOf(doc)
  const before = amountsOf(previous)
  const changed = new Set<string>()
  for (const key of new Set([...now.keys(), ...before.keys()])) {
    if (now.get(key) === before.get(key)) continue
    changed.add(key.startsWith('unaTantum:') ? 'una tantum' : (key.split(':')[0] as string))
  }
  return [...changed]
}

/** A short fingerprint of a table's amounts: a correction is announced once per set of amounts. */
function amountsKey(doc: Amounts): string {
  const entries = [...amountsOf(doc)].sort(([a], [b]) => a.localeCompare(b))
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12)
}

/** True when a pay table's save brings a new decorrenza: the table is new (`previous` undefined) or its decorrenza changed. */
export function isNewDecorrenza(
  doc: { effectiveDate?: string | null },
  previous: { effectiveDate?: string | null } | undefined,
): boolean {
  if (!doc.effectiveDate) return false
  if (!previous) return true
  return !previous.effectiveDate || calendarDay(doc.effectiveDate) !== calendarDay(previous.effectiveDate)
}

/** The key of a pay table's alert: a decorrenza corrected later is news again. */
export const payTableAlertKey = (id: number, effectiveDate: string) =>
  `tabella:${id}:${calendarDay(effectiveDate)}`

/**
 * The alert of a pay table (its record id) with a new decorrenza, or null:
 * the table is gone, or it fills in the history (a later decorrenza of its
 * category was there before it). The delta is from the category's previous
 * decorrenza, as in the editor's preview, the contract's reference level
 * listed first; the link opens the two compared. With `correction` (the
 * levels whose amounts an editor changed) it is the 'Correzione' notice of a
 * decorrenza already announced, once per set of amounts.
 */
export async function payTableAlert(
  id: number,
  correction?: { changedLevels: readonly string[] },
): Promise<ContractAlert | null> {
  const doc = await findOne<PayTableDoc>('pay-tables', { id: { equals: id } })
  if (!doc) return null
  const tables = await findAll<PayTableDoc>(
    'pay-tables',
    { categoryCode: { equals: doc.categoryCode } },
    { sort: '-effectiveDate' },
  )
  const newDay = calendarDay(doc.effectiveDate)
  const backfill = tables.some(
    (other) => calendarDay(other.effectiveDate) > newDay && other.createdAt < doc.createdAt,
  )
  if (backfill) return null
  const previous = tables.find((other) => calendarDay(other.effectiveDate) < newDay)
  const [category, contract, terms] = await Promise.all([
    findOne<CategoryDoc>('categories', { code: { equals: doc.categoryCode } }),
    findOne<ContractDoc>('contracts', { code: { equals: doc.contractCode } }),
    getContractTerms(doc.contractCode),
  ])
  if (!category || !contract) return null
  const levels = levelsOf(doc.levels)
  const delta = payTableDelta(
    previous ? levelsOf(previous.levels).map(levelMinimum) : [],
    levels.map(levelMinimum),
    unaTantumListSchema.safeParse(doc.unaTantum ?? []).data ?? [],
  )
  const text = payTableAlertText({
    effectiveDate: doc.effectiveDate,
    previousDate: previous?.effectiveDate ?? null,
    contract: t.contract(contract.shortTitle ?? null, contract.title),
    category: category.name,
    delta,
    referenceLevel: alertReferenceLevel(levels, terms?.referenceLevel ?? null),
    correction,
  })
  const base = dashboardPath({
    sectorCode: contract.sectorCode,
    contractCode: contract.code,
    categoryCode: category.code,
  })
  // The comparison sits under the table: the link lands on it (the pay tables section's heading id).
  const compare = previous ? `&confronta=${apiDate(previous.effectiveDate)}#${COMPARISON_ANCHOR}` : ''
  const key = payTableAlertKey(doc.id, doc.effectiveDate)
  return {
    key: correction ? `correzione:${doc.id}:${newDay}:${amountsKey(doc)}` : key,
    contractCodes: [contract.code],
    ...text,
    link: `${base}/2?decorrenza=${apiDate(doc.effectiveDate)}${compare}`,
    ...(correction ? { corrects: key } : {}),
  }
}

type TextDoc = { id: number; code: number; scope: string; contractCode?: number | null; html?: string | null }

/**
 * The alert of a new national edition of a contract's text (its record id),
 * or null: not an edition (a renewal agreement, a territorial text), not the
 * newest edition, or the contract's first. Counts the articles added,
 * removed and changed from the previous edition; links to the redline.
 */
export async function textEditionAlert(id: number): Promise<ContractAlert | null> {
  const doc = await findOne<TextDoc>('contract-texts', { id: { equals: id } })
  if (!doc || doc.scope !== 'national' || !doc.contractCode) return null
  const editions = await contractEditions(doc.contractCode)
  const newer = editions[editions.length - 1]
  const older = editions[editions.length - 2]
  if (!newer || !older || newer.codiceTesto !== doc.code) return null
  const [contract, previous] = await Promise.all([
    findOne<ContractDoc>('contracts', { code: { equals: doc.contractCode } }),
    findOne<TextDoc>('contract-texts', { code: { equals: older.codiceTesto } }),
  ])
  if (!contract || !previous) return null
  const { counts } = await redlineOf(previous.html ?? '', doc.html ?? '')
  const name = t.contract(contract.shortTitle ?? null, contract.title)
  const summary = [t.text.added(counts.added), t.text.removed(counts.removed), t.text.changed(counts.changed)]
  return {
    key: `testo:${doc.id}`,
    contractCodes: [contract.code],
    title: t.text.title(name),
    body: t.text.body(day(newer.data), day(older.data), summary.join(', ')),
    link: `${dashboardPath({ sectorCode: contract.sectorCode, contractCode: contract.code })}/confronto-testi?da=${older.codiceTesto}&a=${newer.codiceTesto}`,
  }
}
