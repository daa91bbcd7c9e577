/**
 * What changed in a contract, newest first (the dashboard's 'Novità'): every
 * decorrenza of its categories' pay tables with what it changes against the
 * previous one (pay-table-delta.ts), every national text (a new edition
 * links to the redline with the edition before it), the summaries as last
 * updated, and the contract's published news. Titles and descriptions are
 * public; the links lead to pages that apply their own paywall.
 */
import { calendarDay, splitLevels, unaTantumListSchema, type UnaTantumRecord } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { dashboardPath, getContract, listCategories, listTextTypes, type Category } from './catalog.ts'
import { latestNews } from './news.ts'
import { payTableDelta, levelMinimum, type LevelDelta } from './pay-table-delta.ts'
import { databaseCache } from './read-cache.ts'
import { apiDate, findAll, levelsOf } from './store.ts'
import { summaryTypeName, summaryTypes } from './summaries.ts'
import { nationalTexts, type TextSummary } from './texts.ts'

const t = it.changes

export type ContractChangeKind = 'payTable' | 'text' | 'summary' | 'news'

export type PayTableChange = {
  categoryCode: number
  categoryName: string
  /** `gg-mm-aaaa`, the pay table's address spelling. */
  decorrenza: string
  /** The decorrenza before it (`gg-mm-aaaa`), null for the category's first table. */
  previous: string | null
  /** The mean of the levels' changes in per cent (qualified levels), null without a previous table. */
  averagePercent: number | null
  /** The reference level's change in euro (the contract's level 4 or the middle qualified level). */
  reference: { code: string; difference: number } | null
  /** The una tantum recorded on this decorrenza, full-time total in euro (0: none). */
  unaTantum: number
  /** Every level, before and after. */
  levels: LevelDelta[]
}

export type ContractChange = {
  kind: ContractChangeKind
  /** A finer label: `payTable`, `edition`, `agreement`, `text`, `summary`, `news`, `deadline`. */
  badge: keyof typeof t.badges
  /** `aaaa-mm-gg`: the decorrenza, the text's date, the summary's last update, the item's date. */
  date: string
  title: string
  description: string
  href: string
  /** The label of the link. */
  action: string
  /** The category of a pay table or summaries entry. */
  categoryCode?: number
  categoryName?: string
  payTable?: PayTableChange
}

type PayTableDoc = {
  categoryCode?: number | null
  effectiveDate: string
  levels: unknown
  unaTantum?: unknown
}
type SummaryDoc = { categoryCode?: number | null; type: string; updatedAt: string }

const round = (value: number, digits: number) =>
  Math.round((value + Number.EPSILON) * 10 ** digits) / 10 ** digits

/** On the same day: a new edition, then agreements and other texts, pay tables, summaries, news. */
const badgeOrder: Record<ContractChange['badge'], number> = {
  edition: 0,
  agreement: 1,
  text: 2,
  payTable: 3,
  summary: 4,
  news: 5,
  deadline: 5,
}

/** The level a description names as the reference: `4` when present, else the middle qualified one. */
function referenceCode(codes: string[]): string | null {
  if (codes.includes('4')) return '4'
  return codes[Math.floor(codes.length / 2)] ?? null
}

function payTableChanges(sectorCode: number, category: Category, docs: PayTableDoc[]): ContractChange[] {
  const base = dashboardPath({ sectorCode, contractCode: category.contractCode, categoryCode: category.code })
  const out: ContractChange[] = []
  docs.forEach((doc, index) => {
    const before = docs[index - 1]
    const qualified = (value: unknown) => splitLevels(levelsOf(value)).qualified.map(levelMinimum)
    const oneOff: UnaTantumRecord[] = unaTantumListSchema.safeParse(doc.unaTantum ?? []).data ?? []
    const delta = payTableDelta(before ? qualified(before.levels) : [], qualified(doc.levels), oneOff)
    const percents = delta.levels.flatMap((level) => (level.percent === null ? [] : [level.percent]))
    const averagePercent =
      before && percents.length > 0 ? round(percents.reduce((a, b) => a + b, 0) / percents.length, 2) : null
    const refCode = referenceCode(delta.levels.map((level) => level.code))
    const ref = delta.levels.find((level) => level.code === refCode)
    const unaTantum = round(
      oneOff.reduce((sum, entry) => sum + entry.amount, 0),
      2,
    )
    const decorrenza = apiDate(doc.effectiveDate)
    const previous = before ? apiDate(before.effectiveDate) : null
    const day = calendarDay(doc.effectiveDate)
    const parts = [
      before ? t.payTableDelta(averagePercent, calendarDay(before.effectiveDate)) : t.payTableFirst,
      ...(ref && ref.difference !== null ? [t.referenceLevel(ref.code, ref.difference)] : []),
      ...(unaTantum > 0 ? [t.unaTantum(unaTantum)] : []),
    ]
    out.push({
      kind: 'payTable',
      badge: 'payTable',
      date: day,
      title: before ? t.payTableTitle(day) : t.firstPayTable(day),
      description: parts.join(' · '),
      href: `${base}/2?decorrenza=${decorrenza}${previous ? `&confronta=${previous}` : ''}`,
      action: before ? t.open.payTable : t.open.firstPayTable,
      categoryCode: category.code,
      categoryName: category.name,
      payTable: {
        categoryCode: category.code,
        categoryName: category.name,
        decorrenza,
        previous,
        averagePercent,
        reference: ref && ref.difference !== null ? { code: ref.code, difference: ref.difference } : null,
        unaTantum,
        levels: delta.levels,
      },
    })
  })
  return out
}

function textChanges(
  sectorCode: number,
  contractCode: number,
  texts: TextSummary[],
  typeNames: Map<string, string>,
): ContractChange[] {
  const base = dashboardPath({ sectorCode, contractCode })
  const editions = texts
    .filter((text) => text.tipo === 'CCNL')
    .sort((a, b) => a.data.localeCompare(b.data) || a.codiceTesto - b.codiceTesto)
  return texts.map((text) => {
    const textHref =
      text.edizione === 'consolidated' ? `${base}/1` : `${base}/1?testo=${String(text.codiceTesto)}`
    if (text.tipo === 'CCNL') {
      const before = editions[editions.indexOf(text) - 1]
      if (before) {
        return {
          kind: 'text',
          badge: 'edition',
          date: text.data,
          title: text.titolo,
          description: t.editionText(before.data),
          href: `${base}/confronto-testi?da=${String(before.codiceTesto)}&a=${String(text.codiceTesto)}`,
          action: t.open.edition,
        }
      }
      return {
        kind: 'text',
        badge: 'text',
        date: text.data,
        title: text.titolo,
        description: t.firstEditionText,
        href: textHref,
        action: t.open.text,
      }
    }
    return {
      kind: 'text',
      badge: 'agreement',
      date: text.data,
      title: text.titolo,
      description: t.agreementText(typeNames.get(text.tipo) ?? text.tipo),
      href: textHref,
      action: t.open.text,
    }
  })
}

function summaryChanges(sectorCode: number, categories: Category[], docs: SummaryDoc[]): ContractChange[] {
  return categories.flatMap((category) => {
    const own = docs.filter((doc) => doc.categoryCode === category.code)
    if (own.length === 0) return []
    const updated = own.map((doc) => calendarDay(doc.updatedAt)).sort()
    const names = summaryTypes
      .filter((type) => own.some((doc) => doc.type === type))
      .map((type) => summaryTypeName(type))
    const base = dashboardPath({
      sectorCode,
      contractCode: category.contractCode,
      categoryCode: category.code,
    })
    return [
      {
        kind: 'summary' as const,
        badge: 'summary' as const,
        date: updated[updated.length - 1] ?? '',
        title: t.summaryTitle,
        description: t.summaryText(names),
        href: `${base}/3`,
        action: t.open.summary,
        categoryCode: category.code,
        categoryName: category.name,
      },
    ]
  })
}

/** The changes read from the content collections (kept in the read cache, emptied by their hooks). */
async function storedChanges(contractCode: number): Promise<ContractChange[]> {
  return databaseCache.get(`contract-changes:${contractCode}`, async () => {
    const contract = await getContract(contractCode)
    const categories = await listCategories({ contractCode })
    const codes = categories.map((category) => category.code)
    const where = { categoryCode: { in: codes.length > 0 ? codes : [-1] } }
    const [tables, summaries, texts, types] = await Promise.all([
      findAll<PayTableDoc>('pay-tables', where, {
        sort: 'effectiveDate',
        select: { categoryCode: true, effectiveDate: true, levels: true, unaTantum: true } as Record<
          string,
          true
        >,
      }),
      findAll<SummaryDoc>('summaries', where, {
        select: { categoryCode: true, type: true, updatedAt: true } as Record<string, true>,
      }),
      nationalTexts(contractCode),
      listTextTypes(),
    ])
    return [
      ...categories.flatMap((category) =>
        payTableChanges(
          contract.sectorCode,
          category,
          tables.filter((doc) => doc.categoryCode === category.code),
        ),
      ),
      ...textChanges(
        contract.sectorCode,
        contractCode,
        [...texts.consolidated, ...texts.archive],
        new Map(types.map((type) => [type.code, type.name])),
      ),
      ...summaryChanges(contract.sectorCode, categories, summaries),
    ]
  })
}

/**
 * Every published change of a contract, newest first (on the same day: a new
 * edition, other texts, pay tables, summaries, news). `categoryCode` keeps the pay tables and
 * summaries of that category only; `newsLimit` caps the news items (20).
 */
export async function listContractChanges(
  contractCode: number,
  options: { categoryCode?: number | null; newsLimit?: number } = {},
): Promise<ContractChange[]> {
  const [stored, news] = await Promise.all([
    storedChanges(contractCode),
    latestNews({ limit: options.newsLimit ?? 20, contractCode }),
  ])
  const category = options.categoryCode ?? null
  const kept = stored.filter(
    (change) => category === null || change.categoryCode === undefined || change.categoryCode === category,
  )
  const items: ContractChange[] = news.items.map((item) => ({
    kind: 'news',
    badge: item.type === 'deadline' ? 'deadline' : 'news',
    date: item.date.slice(0, 10),
    title: item.title,
    description: item.excerpt,
    href: item.href,
    action: t.open.news,
  }))
  return [...kept, ...items].sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      badgeOrder[a.badge] - badgeOrder[b.badge] ||
      a.title.localeCompare(b.title),
  )
}
