/** Shapes of the hand-written facts the demo data set is generated from. */

export type LevelFact = {
  code: string
  /** Short label, e.g. "4° livello". */
  label: string
  /** Typical profiles of the level, e.g. "commesso di vendita, cassiere, magazziniere". */
  profiles: string
  /** Relative weight used to derive amounts when a decorrenza gives only the reference figure. */
  param: number
  costOfLiving?: number
  seniorityStep?: number
  /** Further elements of the level's monthly pay the contract grants (EDR, indennità di funzione…). */
  otherElements?: { name: string; amount: number }[]
}

/** An apprentice row: paid as another level (sotto-inquadramento) or as a percentage of its target level. */
export type ApprenticeFact = {
  code: string
  description: string
  /** Target level of the apprenticeship. */
  level: string
  /** Level whose pay applies, when the contract uses sotto-inquadramento. */
  paidAs?: string
  /** Share of the target level's pay, when the contract uses percentages. */
  pct?: number
}

/** A one-off payment of a renewal, recorded on the table of one of its decorrenze (the package's `unaTantum`). */
export type UnaTantumFact = {
  /** Full-time amount in euro. */
  amount: number
  /** Employees in force on this day are entitled. */
  entitledOn: string
  paidOn: string
  /** The reference period of the service. */
  periodFrom: string
  periodTo: string
  partTime?: 'proportional' | 'full'
  service?: 'months' | 'full'
  levels?: string[]
  note?: string
}

/** One decorrenza: either every level's paga base (in level order) or the reference level's only. */
export type TrancheFact = {
  date: string
  values?: number[]
  ref?: number
  note?: string
  /** The una tantum the renewal grants with this decorrenza. */
  unaTantum?: UnaTantumFact[]
}

export type PayFact = {
  /** Level whose figure `ref` tranches give; others follow their `param`. */
  refLevel: string
  levels: LevelFact[]
  tranches: TrancheFact[]
  thirdElement: number
  hourlyDivisor: number
  dailyDivisor: number
  /** Workers paid by the hour (edili operai): the hours of a day, the daily pay being these hours × the hourly pay. */
  hoursPerDay?: number
  apprentices: ApprenticeFact[]
  /** Extra sentence for the table note (plain text). */
  note?: string
  /** Seniority step as a share of the paga base, when the contract fixes it that way. */
  seniorityPct?: number
  /** 'oraria' when the amounts are hourly (domestic non-resident workers). */
  unit?: 'mensile' | 'oraria'
}

/** What the contract texts and summaries say about the usual institutes. */
export type TermsFact = {
  weeklyHours: number
  ferie: string
  rolHours: number
  exFestivitaHours: number
  extraMonths: 13 | 14
  seniority: { count: number; years: number } | null
  sickDays: number
  sickPay: string
  probation: [string, string][]
  noticeHead: string[]
  notice: string[][]
  overtimePct: number
  overtimeYearly: number
  nightPct: number
  holidayPct: number
  scope: string[]
  bilateral?: string
  health?: string
  pension?: string
  apprenticeMonths: number
  apprenticeTrainingHours: number
  marriageDays: number
  /** Months over which the 48-hour weekly average is computed (12 when absent). */
  averagingMonths?: number
  /** Hours a flexible schedule may add to the normal week (8 when absent). */
  flexibleExtraHours?: number
  /** Construction workers: the categories whose 13th and holiday pay go to the Cassa Edile, and its percentage. */
  cassaEdile?: { percent: number; categoryCodes: number[] }
}

/**
 * The earlier consolidated edition kept in the archive: what its articles said before the
 * last renewal changed them. The newer edition is the contract's own facts.
 */
export type PreviousEditionFact = {
  /** Date of the edition (the text's date). */
  date: string
  /** Vigenza of the agreement the edition consolidated. */
  validFrom: string
  expiresOn: string
  /** The terms the renewal changed (working hours, probation, notice, sick leave...). */
  terms: Partial<TermsFact>
  /** Articles the renewal introduced (absent from the earlier edition), by template key. */
  introduced: string[]
  /** The hiring documents had an article of their own, merged by the renewal into 'Assunzione'. */
  separateHiringDocuments: boolean
}

export type CategoryFact = {
  code: number
  name: string
  /** Pay schedule of the category when it differs from the contract's main one. */
  pay?: PayFact
  /** ATECO 2025 codes of the category when they differ from the contract's. */
  ateco?: [string, string][]
}

export type ContractFact = {
  code: number
  sectorCode: number
  cnelCode?: string
  title: string
  shortTitle: string
  employers: string
  unions: string
  /** The CNEL archive's representativeness facts (`rappresentato_al_cnel`, `datoriale_cnel`, `sindacato_cnel`). */
  representedAtCnel: boolean
  employerSideAtCnel: boolean
  unionSideAtCnel: boolean
  /** The confederations whose organisations signed (`cgilCislUil`, `confindustria`, ...). */
  confederations: string[]
  firstFiledOn: string
  signedOn: string
  expiresOn: string
  /** Economic validity start of the agreement in force. */
  validFrom: string
  pay: PayFact
  categories: CategoryFact[]
  terms: TermsFact
  /** Consolidated text with the full set of articles and the seven summaries. */
  rich: boolean
  /** ATECO 2025 codes of the activities the contract applies to (the title is ISTAT's where the list has the code). */
  ateco: [string, string][]
  inps: { csc: string; description: string }[]
  /** How widely the contract is applied, where a published figure says so (employers and employees, with the source). */
  application?: { employers: number; employees: number; source: string }
  /** Facts about the last renewal, for the published note and the news. */
  renewal: string
  /** The earlier consolidated edition, when the archive keeps one. */
  previousEdition?: PreviousEditionFact
}

/**
 * One of the 14 macro-sectors of the CNEL national archive of collective agreements, with the
 * portal's internal codes (Terziario e servizi is 11: the guided tours use /bancadati/0/11/...).
 */
export type SectorFact = {
  code: number
  /** The letter that opens the CNEL codes of the sector's agreements. */
  letter: string
  name: string
  cnelName: string
  /** Media file of the sector's card illustration. */
  image: string
}

/** An entry of the product changelog; no sector codes means every sector. */
export type ChangelogFact = {
  date: string
  title: string
  paragraphs: string[]
  sectorCodes: number[]
  contractCodes: number[]
}
