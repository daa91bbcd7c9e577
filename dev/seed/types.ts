/**
 * Records of a `bancadati-ccnl/1` data package (see docs/data-format.md), one type
 * per entity, exactly as they are written to the JSON Lines files.
 */
import {
  entityNames,
  type ContributionRatesRecord,
  type EntityName as ContentEntityName,
  type LabourCostTerms,
  type SummaryType,
  type UnaTantumRecord,
} from '../../modules/content/index.ts'

/** A node of an index or topic tree; `value` is an anchor id of the document's HTML. */
export type TreeNode = { text: string; value: string; children: TreeNode[] }

export type SectorRecord = { code: number; name: string; cnelName?: string }

export type ContractRecord = {
  code: number
  sectorCode: number
  title: string
  shortTitle?: string
  cnelCode?: string
  employerSignatories?: string
  unionSignatories?: string
  representedAtCnel?: boolean
  employerSideAtCnel?: boolean
  unionSideAtCnel?: boolean
  confederations?: string[]
  firstFiledOn?: string
  expiresOn?: string
  noteHtml?: string
  image?: string
  employers?: number
  employees?: number
  applicationSource?: string
}

export type CategoryRecord = { code: number; contractCode: number; name: string }

export type ContractMappingRecord = { categoryCode: number; contractCode: number }

export type TextTypeRecord = { code: string; name: string }

export type RegionRecord = { code: string; name: string }

export type ProvinceRecord = { code: string; regionCode: string; name: string }

export type CompanyRecord = { code: number; name: string; contractCode: number }

export type TopicRecord = { id: number; name: string; nodes: { node: string; text: string }[] }

export type ContractTextRecord = {
  code: number
  contractCode: number
  scope: 'national' | 'territorial' | 'company'
  edition?: 'consolidated' | 'archive'
  typeCode: string
  title: string
  date: string
  effectiveDate?: string
  regionCode?: string
  provinceCode?: string
  companyCode?: number
  html: string
  nav: TreeNode[]
  topics: TopicRecord[]
}

export type PayLevelRecord = {
  code: string
  description: string
  basePay: number
  costOfLiving: number
  thirdElement: number
  /** Written only for the levels that have some. */
  otherElements?: { name: string; amount: number }[]
  seniorityStep: number
  hourlyDivisor: number
  dailyDivisor: number
  /** Written only for workers paid by the hour. */
  hoursPerDay?: number
}

/** A renewal's one-off payment, as the pay table record carries it. */
export type UnaTantumEntry = UnaTantumRecord

export type PayTableRecord = {
  categoryCode: number
  effectiveDate: string
  noteHtml?: string
  levels: PayLevelRecord[]
  /** The renewal's one-off payments recorded on this decorrenza. */
  unaTantum?: UnaTantumEntry[]
}

export type ContractTermsRecord = {
  contractCode: number
  weeklyHours?: number
  monthlyPayments?: number
  referenceLevel?: string
  cassaEdile?: { percent: number; categoryCodes: number[] }
  probation: { who: string; duration: string }[]
  notice?: { heads: string[]; rows: { who: string; durations: string[] }[] }
  sourceNote?: string
  /** The cost of labour's terms (hours method, charges, apprentices' pay), for the contracts that have them. */
  labourCost?: LabourCostTerms
}

/** The contribution rates of an INPS classification and size band from a day (the content model's record). */
export type { ContributionRatesRecord }

/** The summary kinds are the content model's own. */
export { summaryTypes, type SummaryType } from '../../modules/content/index.ts'

export type SummaryRecord = {
  categoryCode: number
  type: SummaryType
  title: string
  html: string
  nav: TreeNode[]
  pdf?: string
  demo?: boolean
}

export type ClassificationRecord = {
  categoryCode: number
  scheme: 'CNEL' | 'INPS' | 'ATECO'
  code: string
  description: string
  ccnlCode?: string
  note?: string
}

export type TerritorialPayTableRecord = {
  code: string
  categoryCode: number
  provinceCode?: string
  companyCode?: number
  effectiveDate: string
  title: string
  html: string
  nav?: TreeNode[]
}

export type NewsRecord = {
  guid: string
  slug: string
  title: string
  date: string
  type: 'news' | 'deadline' | 'changelog'
  html: string
  sectorCodes: number[]
  contractCodes: number[]
  attachment?: { name: string; file: string }
}

/** An everyday name of a contract, by CNEL code or contract code (the shipped ones are in data/aliases). */
export type AliasRecord = { name: string; cnelCode?: string; contractCode?: number }

/** Entity names in import order, each with its record type. */
export type EntityRecords = {
  sectors: SectorRecord
  contracts: ContractRecord
  categories: CategoryRecord
  contractMappings: ContractMappingRecord
  textTypes: TextTypeRecord
  regions: RegionRecord
  provinces: ProvinceRecord
  companies: CompanyRecord
  contractTexts: ContractTextRecord
  payTables: PayTableRecord
  contractTerms: ContractTermsRecord
  contributionRates: ContributionRatesRecord
  summaries: SummaryRecord
  classifications: ClassificationRecord
  territorialPayTables: TerritorialPayTableRecord
  news: NewsRecord
  aliases: AliasRecord
}

export type EntityName = ContentEntityName

/** The entities of the format, in the order the importer loads them. */
export const entityOrder: readonly EntityName[] = entityNames

/** A whole package held in memory (the demo set is small enough). */
export type PackageData = { [K in EntityName]: EntityRecords[K][] } & {
  media: Map<string, Uint8Array | string>
}

export type Manifest = {
  format: 'bancadati-ccnl/1'
  name: string
  createdAt: string
  files: Partial<Record<EntityName, string>>
}
