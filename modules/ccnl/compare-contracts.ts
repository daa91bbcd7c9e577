/**
 * The comparison of two to four contracts on what the database holds: for
 * each contract a category and a level (by default the first category with
 * pay tables and the contract's reference level), the level's minimum
 * monthly pay at the decorrenza in force on the day, and the contract's key
 * terms, representativeness and expiry. The pay follows the pay tables'
 * paywall (subscription or trial); the other facts are public.
 */
import { calendarDay, isApprenticeLevel, isMostRepresentative, validityOn } from '../content/index.ts'
import { formatDate, formatDecimal, formatEuro, it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, canRead, type Reader } from './access.ts'
import { getContract, listCategories, type Contract } from './catalog.ts'
import { getContractTerms, type ContractTerms } from './contract-terms.ts'
import { getPayTable, listEffectiveDates, type EffectiveDate, type PayRow } from './pay-tables.ts'

/** The fewest and the most contracts a comparison holds. */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 4

/** One contract of a comparison, with the category and level asked for (if any). */
export type CompareChoice = { contractCode: number; categoryCode: number | null; levelCode: string | null }

const badChoice = () => new AppError('bad_request', it.compare.errors.badChoice, { field: 'contratti' })

/**
 * The choices of `133:19:4,105,118:30` (contract, contract:category or
 * contract:category:level, comma separated; a contract named twice counts
 * once). Throws a 400 on a malformed entry.
 */
export function parseChoices(value: string): CompareChoice[] {
  const choices: CompareChoice[] = []
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length > 20) throw badChoice()
  for (const entry of entries) {
    const [contract = '', category = '', ...level] = entry.split(':')
    if (!/^\d{1,9}$/.test(contract) || (category !== '' && !/^\d{1,9}$/.test(category))) throw badChoice()
    const levelCode = level.join(':').trim()
    if (levelCode.length > 64) throw badChoice()
    const contractCode = Number(contract)
    if (contractCode === 0 || choices.some((choice) => choice.contractCode === contractCode)) continue
    choices.push({
      contractCode,
      categoryCode: category ? Number(category) : null,
      levelCode: levelCode || null,
    })
  }
  return choices
}

/** The choices written back as `parseChoices` reads them. */
export function choicesParam(choices: readonly CompareChoice[]): string {
  return choices
    .map((choice) =>
      [choice.contractCode, choice.categoryCode ?? '', choice.levelCode ?? ''].join(':').replace(/:+$/, ''),
    )
    .join(',')
}

/** Throws the 400 unless there are two to four contracts. */
export function assertChoiceCount(choices: readonly CompareChoice[]): void {
  if (choices.length < COMPARE_MIN || choices.length > COMPARE_MAX)
    throw new AppError('bad_request', it.compare.errors.count, { field: 'contratti' })
}

/** The decorrenza in force on `day`: the latest not after it, else the earliest (a table not in force yet). */
export function effectiveDateOn<T extends { day: string }>(dates: readonly T[], day: string): T | undefined {
  const sorted = [...dates].sort((a, b) => a.day.localeCompare(b.day))
  return sorted.filter((date) => date.day <= day).at(-1) ?? sorted[0]
}

/** The level shown: the one asked for, else the reference level, else the first qualified level, else the first. */
export function chooseLevel<T extends { codiceLivello: string; descrizione: string }>(
  levels: readonly T[],
  asked: string | null,
  reference: string | null,
): T | undefined {
  const byCode = (code: string | null) =>
    code === null ? undefined : levels.find((level) => level.codiceLivello === code)
  return (
    byCode(asked) ??
    byCode(reference) ??
    levels.find((level) => !isApprenticeLevel({ description: level.descrizione })) ??
    levels[0]
  )
}

/** The annual pay of a level: its monthly pay times the contract's monthly payments. */
export type AnnualPay = { amount: number; payments: number }

export type ComparedPay =
  | {
      state: 'shown'
      decorrenza: string
      day: string
      level: { code: string; description: string }
      /** Every element of the level's monthly pay (the pay table's total). */
      monthly: number
      basePay: number
      costOfLiving: number
      thirdElement: number
      otherElements: { name: string; amount: number }[]
      /** The monthly pay times the contract's monthly payments (null when the database has no number of payments). */
      annual: AnnualPay | null
    }
  /** The reader may not read pay tables in force (the paywall). */
  | { state: 'locked' }
  /** The category has no pay table. */
  | { state: 'missing' }

export type ComparedContract = {
  contract: Contract
  categories: { code: number; name: string; hasPayTables: boolean }[]
  category: { code: number; name: string } | null
  /** The levels of the table in force (empty when the pay is locked or missing). */
  levels: { code: string; description: string }[]
  pay: ComparedPay
  terms: ContractTerms | null
}

export type ContractComparison = {
  /** The day the comparison is made for (`YYYY-MM-DD`). */
  day: string
  /** True when the reader may not see the pay row (the paywall). */
  payLocked: boolean
  contracts: ComparedContract[]
}

/** The annual pay: the monthly pay times the monthly payments, to the cent (null without a number of payments). */
export function annualPay(monthly: number, payments: number | null | undefined): AnnualPay | null {
  if (!payments) return null
  return { amount: Math.round(monthly * payments * 100) / 100, payments }
}

/** The pay of a level at the table in force on `day`, from the decorrenze of a category. */
export function payAt(
  table: { decorrenza: string; day: string; tabella: PayRow[] },
  asked: string | null,
  terms: Pick<ContractTerms, 'referenceLevel' | 'monthlyPayments'> | null,
): { pay: ComparedPay; levels: ComparedContract['levels'] } {
  const levels = table.tabella.map((row) => ({ code: row.codiceLivello, description: row.descrizione }))
  const row = chooseLevel(table.tabella, asked, terms?.referenceLevel ?? null)
  if (!row) return { pay: { state: 'missing' }, levels }
  return {
    levels,
    pay: {
      state: 'shown',
      decorrenza: table.decorrenza,
      day: table.day,
      level: { code: row.codiceLivello, description: row.descrizione },
      monthly: row.totaleMensile,
      basePay: row.pagaBase,
      costOfLiving: row.contingenza,
      thirdElement: row.terzoElemento,
      otherElements: row.altriElementi.map((element) => ({ name: element.voce, amount: element.importo })),
      annual: annualPay(row.totaleMensile, terms?.monthlyPayments),
    },
  }
}

async function compareOne(reader: Reader, choice: CompareChoice, day: string): Promise<ComparedContract> {
  const [contract, categories, terms] = await Promise.all([
    getContract(choice.contractCode),
    listCategories({ contractCode: choice.contractCode }),
    getContractTerms(choice.contractCode),
  ])
  const dated = await Promise.all(
    categories.map(async (category) => ({ category, dates: await listEffectiveDates(category.code) })),
  )
  if (choice.categoryCode !== null && !dated.some((entry) => entry.category.code === choice.categoryCode)) {
    throw new AppError(
      'bad_request',
      it.compare.errors.categoryOutside(choice.categoryCode, choice.contractCode),
      { field: 'contratti' },
    )
  }
  const chosen =
    dated.find((entry) => entry.category.code === choice.categoryCode) ??
    dated.find((entry) => entry.dates.length > 0) ??
    dated[0]
  const base = {
    contract,
    terms,
    categories: dated.map((entry) => ({
      code: entry.category.code,
      name: entry.category.name,
      hasPayTables: entry.dates.length > 0,
    })),
    category: chosen ? { code: chosen.category.code, name: chosen.category.name } : null,
  }
  const date: EffectiveDate | undefined = chosen ? effectiveDateOn(chosen.dates, day) : undefined
  if (!chosen || !date) return { ...base, levels: [], pay: { state: 'missing' } }
  if (!canRead(reader.entitlements, 'inForce')) return { ...base, levels: [], pay: { state: 'locked' } }
  const table = await getPayTable(reader, chosen.category.code, date.day)
  return { ...base, ...payAt(table, choice.levelCode, terms) }
}

/** Two to four contracts side by side for the reader, on `today`'s decorrenze. */
export async function compareContracts(
  reader: Reader,
  choices: readonly CompareChoice[],
  today = new Date(),
): Promise<ContractComparison> {
  assertChoiceCount(choices)
  const day = calendarDay(today)
  const contracts = await Promise.all(choices.map((choice) => compareOne(reader, choice, day)))
  return { day, payLocked: !canRead(reader.entitlements, 'inForce'), contracts }
}

/** The choices that reproduce a comparison as shown (each contract's category and level). */
export function shownChoices(comparison: ContractComparison): CompareChoice[] {
  return comparison.contracts.map((entry) => ({
    contractCode: entry.contract.code,
    categoryCode: entry.category?.code ?? null,
    levelCode: entry.pay.state === 'shown' ? entry.pay.level.code : null,
  }))
}

const t = it.compare

/** How a duration table reads in one cell: one line per row, durations with their seniority bands. */
export function noticeText(notice: NonNullable<ContractTerms['notice']>): string {
  const bands = notice.heads.slice(1).map((head) => head.toLowerCase())
  return notice.rows
    .map((row) => `${row.who}: ${row.durations.map((d, i) => `${d} (${bands[i] ?? ''})`).join(', ')}`)
    .join('\n')
}

/** The representativeness facts as text: the badge's wording, else the CNEL facts the database holds. */
export function representativenessText(contract: Contract): string {
  const facts = contract.representativeness
  if (isMostRepresentative(facts)) return t.mostRepresentative
  const lines = [
    facts.representedAtCnel ? t.representedAtCnel : '',
    facts.employerSideAtCnel ? t.employerSideAtCnel : '',
    facts.unionSideAtCnel ? t.unionSideAtCnel : '',
    facts.confederations.length > 0
      ? t.confederations(facts.confederations.map((name) => t.confederationNames[name]).join(', '))
      : '',
  ].filter(Boolean)
  return lines.length > 0 ? lines.join('\n') : t.missing
}

/** The expiry as text: 'Scaduto il …' or 'In vigore fino al …'. */
export function expiryText(contract: Contract, day: string): string {
  const validity = validityOn(contract.expiresOn, day)
  if (!validity) return t.missing
  const date = formatDate(`${validity.on}T12:00:00Z`)
  return validity.state === 'expired' ? t.expired(date) : t.inForce(date)
}

export type ComparisonCell = string | number | null

/**
 * The comparison as a table (print view and XLSX): the contracts as columns,
 * one row per fact; the pay is a number (euro) when shown.
 */
export function comparisonTable(comparison: ContractComparison): {
  heads: string[]
  rows: { label: string; cells: ComparisonCell[] }[]
} {
  const entries = comparison.contracts
  const row = (label: string, cell: (entry: ComparedContract) => ComparisonCell) => ({
    label,
    cells: entries.map(cell),
  })
  const signatories = (entry: ComparedContract) => {
    const { employer, union } = entry.contract.signatories
    if (employer.length === 0 && union.length === 0) return t.missing
    return [
      employer.length > 0 ? `${t.employers}: ${employer.join(', ')}` : '',
      union.length > 0 ? `${t.unions}: ${union.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n')
  }
  return {
    heads: entries.map((entry) =>
      [entry.contract.title, entry.contract.cnelCode].filter(Boolean).join(' · '),
    ),
    rows: [
      row(t.rows.category, (entry) => {
        const level = entry.pay.state === 'shown' ? entry.pay.level : null
        const parts = [entry.category?.name ?? t.missing]
        if (level) parts.push(`${t.level} ${level.code} – ${level.description}`)
        return parts.join('\n')
      }),
      row(t.rows.pay, (entry) =>
        entry.pay.state === 'shown'
          ? entry.pay.monthly
          : entry.pay.state === 'locked'
            ? t.payLocked
            : t.missing,
      ),
      row(t.rows.annualPay, (entry) =>
        entry.pay.state === 'shown'
          ? (entry.pay.annual?.amount ?? t.missing)
          : entry.pay.state === 'locked'
            ? t.payLocked
            : t.missing,
      ),
      row(t.rows.effectiveDate, (entry) =>
        entry.pay.state === 'shown' ? entry.pay.decorrenza.replaceAll('-', '/') : '',
      ),
      row(t.rows.weeklyHours, (entry) =>
        entry.terms?.weeklyHours ? t.hours(formatDecimal(entry.terms.weeklyHours)) : t.missing,
      ),
      row(t.rows.probation, (entry) =>
        entry.terms && entry.terms.probation.length > 0
          ? entry.terms.probation.map((p) => `${p.who}: ${p.duration}`).join('\n')
          : t.missing,
      ),
      row(t.rows.notice, (entry) => (entry.terms?.notice ? noticeText(entry.terms.notice) : t.missing)),
      row(t.rows.fourteenth, (entry) => {
        const payments = entry.terms?.monthlyPayments
        if (!payments) return t.missing
        return payments >= 14 ? t.fourteenthYes(payments) : t.fourteenthNo(payments)
      }),
      row(t.rows.representativeness, (entry) => representativenessText(entry.contract)),
      row(t.rows.signatories, signatories),
      row(t.rows.expiry, (entry) => expiryText(entry.contract, comparison.day)),
    ],
  }
}

/** A cell as the print view shows it (euro amounts formatted). */
export const printedCell = (cell: ComparisonCell) =>
  typeof cell === 'number' ? formatEuro(cell) : (cell ?? '')

/** The reader must be able to read the pay tables in force to print or export a comparison (as for a pay table). */
export async function printableComparison(
  reader: Reader,
  choices: readonly CompareChoice[],
  today = new Date(),
): Promise<ContractComparison> {
  assertChoiceCount(choices)
  assertCanRead(reader, 'inForce')
  return compareContracts(reader, choices, today)
}
