/**
 * The employer contributions of a case, from the editors' rate records: the
 * record of the classification and size band in force on the day (the latest
 * first day not after it, unless it ended before), then the rates for the
 * worker's group, regime (ordinary or apprentice, by year) and headcount.
 * A record or a required rate that is missing is an Italian error naming it:
 * nothing is ever estimated.
 */
import type {
  ContributionRate,
  ContributionRatesRecord,
  InpsClassification,
  SizeBand,
} from '../content/index.ts'
import { labourCost as t } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import type { ChosenRate } from './calculate-labour-cost.ts'

export type RatesCase = {
  classification: InpsClassification
  sizeBand: SizeBand
  /** The exact headcount, when given; otherwise the band's largest (15, 50) or 51. */
  employees: number | null
  qualification: 'operai' | 'impiegati'
  /** The year of apprenticeship (null: not an apprentice). */
  apprenticeYear: number | null
  /** `yyyy-mm-dd`. */
  day: string
}

export type ChosenRates = {
  record: ContributionRatesRecord
  rates: ChosenRate[]
  /** The apprentices' unified rate covers INAIL: no separate INAIL line. */
  inailIncluded: boolean
}

/** The headcount a band stands for when the exact one is not given. */
export const bandHeadcount: Record<SizeBand, number> = { 'fino-15': 15, '16-50': 50, 'oltre-50': 51 }
/** The headcounts a band holds. */
export const bandLimits: Record<SizeBand, { min: number; max: number }> = {
  'fino-15': { min: 1, max: 15 },
  '16-50': { min: 16, max: 50 },
  'oltre-50': { min: 51, max: 1_000_000 },
}

/** The rates that must be present for each regime. */
const REQUIRED: Record<'ordinario' | 'apprendisti', { code: string; label: string }[]> = {
  ordinario: [{ code: 'ivs', label: 'IVS (invalidità, vecchiaia e superstiti)' }],
  apprendisti: [{ code: 'apprendisti', label: 'contribuzione degli apprendisti' }],
}

/** The record in force on the day for the classification and band. */
export function recordOn(
  records: readonly ContributionRatesRecord[],
  classification: InpsClassification,
  sizeBand: SizeBand,
  day: string,
): ContributionRatesRecord | undefined {
  return records
    .filter(
      (record) =>
        record.classification === classification &&
        record.sizeBand === sizeBand &&
        record.validFrom <= day &&
        (!record.validTo || record.validTo >= day),
    )
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0]
}

function applies(rate: ContributionRate, wanted: RatesCase, employees: number): boolean {
  const regime = wanted.apprenticeYear ? 'apprendisti' : 'ordinario'
  if (rate.regime !== 'entrambi' && rate.regime !== regime) return false
  if (rate.who !== 'tutti' && rate.who !== wanted.qualification) return false
  if (rate.apprenticeYear && rate.apprenticeYear !== Math.min(wanted.apprenticeYear ?? 0, 3)) return false
  if (rate.minEmployees && employees < rate.minEmployees) return false
  if (rate.maxEmployees && employees > rate.maxEmployees) return false
  return true
}

/** The contributions of the case, or an AppError naming what is missing (field `classificazione`). */
export function chooseRates(records: readonly ContributionRatesRecord[], wanted: RatesCase): ChosenRates {
  const classification = t.classifications[wanted.classification]
  const band = t.sizeBands[wanted.sizeBand]
  const record = recordOn(records, wanted.classification, wanted.sizeBand, wanted.day)
  if (!record) {
    throw new AppError('bad_request', t.errors.ratesMissing(classification, band, wanted.day), {
      field: 'classificazione',
    })
  }
  const employees = wanted.employees ?? bandHeadcount[wanted.sizeBand]
  const chosen = record.rates.filter((rate) => applies(rate, wanted, employees))
  for (const required of REQUIRED[wanted.apprenticeYear ? 'apprendisti' : 'ordinario']) {
    if (!chosen.some((rate) => rate.code === required.code)) {
      throw new AppError(
        'bad_request',
        t.errors.rateMissing(required.label, classification, band, wanted.day),
        { field: 'classificazione' },
      )
    }
  }
  return {
    record,
    rates: chosen.map((rate) => ({
      code: rate.code,
      label: rate.label,
      rate: rate.rate,
      source: rate.source,
    })),
    inailIncluded: Boolean(wanted.apprenticeYear) && record.apprenticesIncludeInail,
  }
}
