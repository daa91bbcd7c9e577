/**
 * The cost of labour of a category's levels (Professional, like the
 * arrears calculator): the factory receives what it reads with (Payload,
 * for the rates collection it owns; a clock) from its caller; the contract
 * database (category, contract, pay table, contract terms) is read through
 * modules/ccnl's surface. `levelCost` gives one level block by block,
 * `categoryCosts` every qualified level side by side with the same options.
 */
import type { Payload } from 'payload'
import {
  assertCanRead,
  getCategory,
  getContract,
  getContractTerms,
  getPayTable,
  listEffectiveDates,
  type PayRow,
  type Reader,
} from '../ccnl/index.ts'
import {
  calendarDay,
  contributionRatesRecord,
  type ContributionRatesRecord,
  type InpsClassification,
  type LabourCostTerms,
} from '../content/index.ts'
import { labourCost as t } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import {
  calculateLabourCost,
  type BlockKey,
  type CostLine,
  type LabourCostResult,
  type PayItem,
} from './calculate-labour-cost.ts'
import { chooseRates } from './choose-rates.ts'
import { hoursNotWorked, WEEKS_PER_YEAR } from './hours.ts'
import { blockTitle, measureText } from './present.ts'
import type { LabourCostRequest } from './request.ts'

/** What the factory needs: Payload (the rates collection) and a clock (the table in force today). */
export type LabourCostDeps = { payload: Payload; now?: () => Date }

/** The case as resolved: every default filled in. */
export type ResolvedRequest = Omit<
  LabourCostRequest,
  'effectiveDate' | 'qualification' | 'classification'
> & {
  effectiveDate: string
  qualification: 'operai' | 'impiegati'
  classification: InpsClassification
}

export type PrintedLine = CostLine & { measureText: string }
export type PrintedBlock = { key: BlockKey; title: string; lines: PrintedLine[]; total: number }

export type LevelLabourCost = {
  contract: { code: number; title: string; cnelCode: string | null }
  category: { code: number; name: string }
  level: { code: string; description: string }
  request: ResolvedRequest
  rates: {
    classification: string
    sizeBand: string
    validFrom: string
    validTo: string | null
    note: string | null
  }
  inail: { perMille: number; isDefault: boolean; source: string } | null
  apprenticePayPercent: number | null
  hours: LabourCostResult['hours']
  blocks: PrintedBlock[]
  contributionBase: number
  tfrBase: number
  totals: LabourCostResult['totals']
  /** Every source the calculation used, once each. */
  sources: string[]
}

export type CategoryLabourCost = {
  contract: LevelLabourCost['contract']
  category: LevelLabourCost['category']
  request: ResolvedRequest
  levels: {
    code: string
    description: string
    annual: number
    monthly: number
    perHourPaid: number
    perHourWorked: number
  }[]
}

type RateDoc = Record<string, unknown> & { validFrom: string; validTo?: string | null }

const fail = (message: string, field?: string): never => {
  throw new AppError('bad_request', message, field ? { field } : undefined)
}

/** The rate records of a classification and band, as the content model reads them. */
async function loadRates(
  payload: Payload,
  classification: InpsClassification,
  sizeBand: string,
): Promise<ContributionRatesRecord[]> {
  const found = await payload.find({
    collection: 'contribution-rates',
    where: { classification: { equals: classification }, sizeBand: { equals: sizeBand } },
    depth: 0,
    pagination: false,
    limit: 0,
    overrideAccess: true,
  })
  return (found.docs as unknown as RateDoc[]).flatMap((doc) => {
    const parsed = contributionRatesRecord.safeParse({
      ...doc,
      validFrom: calendarDay(doc.validFrom),
      validTo: doc.validTo ? calendarDay(doc.validTo) : undefined,
    })
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * The day whose rates apply to a table: today while the table is in force,
 * its first day when it starts later, its last day (the day before the next
 * table) when a later one replaced it. `days` are the category's decorrenze.
 */
export function referenceDay(tableDay: string, days: readonly string[], today: string): string {
  const next = days.filter((day) => day > tableDay).sort()[0]
  const lastDay = next
    ? new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    : null
  if (today < tableDay) return tableDay
  if (lastDay && today > lastDay) return lastDay
  return today
}

/** The pay elements of a level for the worker's group: the table's, the seniority steps, the contract's own. */
function payItems(
  row: PayRow,
  terms: LabourCostTerms,
  group: 'operai' | 'impiegati',
  steps: number,
): PayItem[] {
  const items: PayItem[] = [
    { code: 'paga-base', label: 'Paga base (minimo tabellare)', monthly: row.pagaBase, variable: false },
    { code: 'contingenza', label: 'Indennità di contingenza', monthly: row.contingenza, variable: false },
    { code: 'terzo-elemento', label: 'Terzo elemento / EDR', monthly: row.terzoElemento, variable: false },
    {
      code: 'scatti',
      label: `Scatti di anzianità (${steps})`,
      monthly: row.importoScatto * steps,
      variable: false,
    },
    ...terms.payElements
      .filter((element) => element.who === 'tutti' || element.who === group)
      .map((element) => ({
        code: element.code,
        label: element.label,
        monthly: element.monthly,
        variable: element.variable,
        source: element.source,
      })),
  ]
  return items.filter((item) => item.monthly > 0)
}

/** The cost-of-labour use cases over the portal's data. */
export function createLabourCost(deps: LabourCostDeps) {
  const now = deps.now ?? (() => new Date())

  /** The contract data and the options every level shares. */
  async function prepare(reader: Reader, request: LabourCostRequest) {
    assertCanRead(reader, 'archive')
    const category = await getCategory(request.categoryCode)
    const [contract, terms, dates] = await Promise.all([
      getContract(category.contractCode),
      getContractTerms(category.contractCode),
      listEffectiveDates(category.code, now()),
    ])
    if (dates.length === 0) fail(t.errors.noTables)
    const labour = terms?.labourCost ?? fail(t.errors.noTerms)
    const today = calendarDay(now())
    const effectiveDate = request.effectiveDate
      ? (dates.find((date) => date.day === request.effectiveDate)?.day ??
        fail(t.errors.decorrenzaNotFound, 'decorrenza'))
      : (dates.find((date) => date.day <= today) ?? dates[dates.length - 1])?.day
    const table = await getPayTable(reader, category.code, effectiveDate as string)
    const classification =
      request.classification ??
      labour.inpsClassification ??
      fail(t.errors.classificationMissing, 'classificazione')
    const qualification = request.qualification ?? (/^operai/i.test(category.name) ? 'operai' : 'impiegati')
    const weeklyHours = terms?.weeklyHours ?? 40
    const payments = terms?.monthlyPayments
    const monthlyPayments = payments && payments >= 12 && payments <= 16 ? payments : 13
    if (hoursNotWorked(labour.hours) >= weeklyHours * WEEKS_PER_YEAR) fail(t.errors.hoursExceeded)
    const apprenticePayPercent = request.apprenticeYear
      ? ((labour.apprenticeship ?? fail(t.errors.apprenticeTerms, 'apprendista')).payPercentByYear[
          request.apprenticeYear - 1
        ] ??
        fail(t.errors.apprenticeYear(labour.apprenticeship?.payPercentByYear.length ?? 0), 'apprendista'))
      : null
    const day = referenceDay(
      effectiveDate as string,
      dates.map((date) => date.day),
      today,
    )
    const chosen = chooseRates(await loadRates(deps.payload, classification, request.sizeBand), {
      classification,
      sizeBand: request.sizeBand,
      employees: request.employees,
      qualification,
      apprenticeYear: request.apprenticeYear,
      day,
    })
    const inail = chosen.inailIncluded
      ? null
      : request.inailPerMille !== null
        ? { perMille: request.inailPerMille, isDefault: false, source: t.page.inailGiven }
        : labour.inail
          ? { perMille: labour.inail.perMille, isDefault: true, source: labour.inail.source }
          : fail(t.errors.inailMissing, 'inail')
    const resolved: ResolvedRequest = {
      ...request,
      effectiveDate: effectiveDate as string,
      qualification,
      classification,
    }
    return {
      contract: { code: contract.code, title: contract.title, cnelCode: contract.cnelCode },
      category: { code: category.code, name: category.name },
      table,
      labour,
      weeklyHours,
      monthlyPayments,
      apprenticePayPercent,
      chosen,
      inail,
      resolved,
    }
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>

  function compute(prepared: Prepared, row: PayRow): LabourCostResult {
    const { labour, resolved } = prepared
    const group = resolved.qualification
    return calculateLabourCost({
      elements: payItems(row, labour, group, resolved.senioritySteps),
      hourlyDivisor:
        row.divisoreOrario > 0 ? row.divisoreOrario : (prepared.weeklyHours * WEEKS_PER_YEAR) / 12,
      dailyDivisor: row.divisoreGiornaliero > 0 ? row.divisoreGiornaliero : 26,
      monthlyPayments: prepared.monthlyPayments,
      hourlyPaid: labour.hourlyPaid.includes(group),
      weeklyHours: prepared.weeklyHours,
      partTimePercent: resolved.partTimePercent,
      apprenticePayPercent: prepared.apprenticePayPercent,
      hours: labour.hours,
      charges: labour.charges.filter((charge) => charge.who === 'tutti' || charge.who === group),
      contributions: prepared.chosen.rates,
      inail: prepared.inail,
      irapPercent: resolved.irapPercent,
    })
  }

  return {
    /** One level, block by block, for a Professional reader. */
    async levelCost(reader: Reader, request: LabourCostRequest): Promise<LevelLabourCost> {
      const prepared = await prepare(reader, request)
      const row =
        prepared.table.qualificati.find((entry) => entry.codiceLivello === request.level) ??
        fail(t.errors.levelNotFound(request.level ?? ''), 'livello')
      const result = compute(prepared, row)
      const blocks: PrintedBlock[] = result.blocks.map((entry) => ({
        key: entry.key,
        title: blockTitle(entry.key),
        total: entry.total,
        lines: entry.lines.map((line) => ({ ...line, measureText: measureText(line.measure) })),
      }))
      const record = prepared.chosen.record
      const sources = [
        ...new Set(
          [
            ...blocks.flatMap((entry) => entry.lines.map((line) => line.source)),
            result.hours.source,
            prepared.labour.apprenticeship && prepared.apprenticePayPercent !== null
              ? prepared.labour.apprenticeship.source
              : undefined,
          ].filter((source): source is string => Boolean(source)),
        ),
      ]
      return {
        contract: prepared.contract,
        category: prepared.category,
        level: { code: row.codiceLivello, description: row.descrizione },
        request: prepared.resolved,
        rates: {
          classification: t.classifications[record.classification],
          sizeBand: t.sizeBands[record.sizeBand],
          validFrom: record.validFrom,
          validTo: record.validTo ?? null,
          note: record.note ?? null,
        },
        inail: prepared.inail,
        apprenticePayPercent: prepared.apprenticePayPercent,
        hours: result.hours,
        blocks,
        contributionBase: result.contributionBase,
        tfrBase: result.tfrBase,
        totals: result.totals,
        sources,
      }
    },

    /** Every qualified level of the category with the same options, side by side. */
    async categoryCosts(reader: Reader, request: LabourCostRequest): Promise<CategoryLabourCost> {
      const prepared = await prepare(reader, { ...request, level: null })
      return {
        contract: prepared.contract,
        category: prepared.category,
        request: prepared.resolved,
        levels: prepared.table.qualificati.map((row) => {
          const { totals } = compute(prepared, row)
          return { code: row.codiceLivello, description: row.descrizione, ...totals }
        }),
      }
    },
  }
}

export type LabourCost = ReturnType<typeof createLabourCost>
