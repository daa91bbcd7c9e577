/**
 * The key terms of a contract that the comparison, the arrears calculator and
 * the renewal alerts use (collection `contract-terms`, one record per
 * contract): weekly hours, monthly payments and the month of the 14th, the
 * reference level, the Cassa Edile of construction workers, probation and
 * notice. Public facts: every reader sees them.
 */
import {
  cassaEdileSchema,
  labourCostTermsSchema,
  noticeSchema,
  probationSchema,
  type CassaEdileTerms,
  type LabourCostTerms,
  type Notice,
  type ProbationRow,
} from '../content/index.ts'
import { findOne } from './store.ts'
import { databaseCache } from './read-cache.ts'

export type ContractTerms = {
  weeklyHours: number | null
  /** 13, or 14 with the fourteenth month. */
  monthlyPayments: number | null
  /** The level the comparison proposes and the renewal alerts list first. */
  referenceLevel: string | null
  /** The month (1–12) whose pay carries the 14th, when recorded. */
  fourteenthMonth: number | null
  /** The categories whose extra payments go to a Cassa Edile, and its percentage. */
  cassaEdile: CassaEdileTerms | null
  probation: ProbationRow[]
  notice: Notice | null
  sourceNote: string | null
  /** The cost of labour's terms (modules/labour-cost), when the editors entered them. */
  labourCost: LabourCostTerms | null
}

type TermsDoc = {
  weeklyHours?: number | null
  monthlyPayments?: number | null
  referenceLevel?: string | null
  fourteenthMonth?: number | null
  cassaEdile?: unknown
  probation?: unknown
  notice?: unknown
  sourceNote?: string | null
  labourCost?: unknown
}

const numberOrNull = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** The stored record as terms; a probation list, notice table or Cassa Edile that does not validate counts as absent. */
export function termsOf(doc: TermsDoc): ContractTerms {
  const probation = probationSchema.safeParse(doc.probation ?? [])
  const notice = noticeSchema.safeParse(doc.notice)
  const cassaEdile = cassaEdileSchema.safeParse(doc.cassaEdile)
  const month = numberOrNull(doc.fourteenthMonth)
  const labourCost = labourCostTermsSchema.safeParse(doc.labourCost ?? undefined)
  return {
    weeklyHours: numberOrNull(doc.weeklyHours),
    monthlyPayments: numberOrNull(doc.monthlyPayments),
    referenceLevel: doc.referenceLevel?.trim() || null,
    fourteenthMonth: month !== null && Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    cassaEdile: cassaEdile.success ? cassaEdile.data : null,
    probation: probation.success ? probation.data : [],
    notice: notice.success ? notice.data : null,
    sourceNote: doc.sourceNote?.trim() || null,
    labourCost: doc.labourCost && labourCost.success ? labourCost.data : null,
  }
}

/** The key terms of a contract, or null when the database holds none. */
export async function getContractTerms(contractCode: number): Promise<ContractTerms | null> {
  const { terms } = await databaseCache.get(`contract-terms:${contractCode}`, async () => {
    const doc = await findOne<TermsDoc>('contract-terms', { contractCode: { equals: contractCode } })
    return { terms: doc ? termsOf(doc) : null }
  })
  return terms
}
