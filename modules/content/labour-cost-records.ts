/**
 * What the cost of labour reads from the editors' data: the contribution
 * rates (collection `contribution-rates`, entity `contributionRates` of a data
 * package) and a contract's labour-cost terms (the `labourCost` field of its
 * contract terms). Every rate and every rule carries its source.
 */
import { z } from 'zod'
import { isoDate, jsonCell, optionalText, text, toNumber } from './record-cells.ts'

/** The INPS classifications of an employer (the contract's sector by default). */
export const inpsClassifications = [
  'industria',
  'industria-edile',
  'artigianato',
  'terziario',
  'cooperative',
  'agricoltura',
  'credito',
] as const
export type InpsClassification = (typeof inpsClassifications)[number]

/** The company size bands the rates are published by (employees). */
export const sizeBands = ['fino-15', '16-50', 'oltre-50'] as const
export type SizeBand = (typeof sizeBands)[number]

/** Who a rate or a contractual charge applies to. */
export const workerGroups = ['tutti', 'operai', 'impiegati'] as const
export type WorkerGroup = (typeof workerGroups)[number]

const percent = z.preprocess(toNumber, z.number().finite().min(0).max(100))
const hours = z.preprocess(toNumber, z.number().finite().min(0).max(2000))
const euro = z.preprocess(toNumber, z.number().finite().min(0).max(100_000))
const employees = z.preprocess(toNumber, z.number().int().min(1).max(1_000_000).optional())
const code = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'codice non valido: lettere minuscole, cifre e trattini'),
)

/**
 * One employer contribution (per cent of the contribution base): IVS, NASpI,
 * CUAF, malattia, maternità, CIGO, CIGS, FIS, fondo di garanzia TFR, the
 * apprentices' unified rate. `regime` says whether it is due for ordinary
 * employees, apprentices or both; `apprenticeYear` (3: the third and later)
 * narrows an apprentice rate to a year of the apprenticeship; `minEmployees`
 * and `maxEmployees` narrow it inside the size band (FIS up to 5 employees,
 * apprentices of employers up to 9).
 */
export const contributionRateSchema = z
  .object({
    code,
    label: text(200),
    rate: percent,
    who: z.enum(workerGroups).default('tutti'),
    regime: z.enum(['ordinario', 'apprendisti', 'entrambi']).default('ordinario'),
    apprenticeYear: z.preprocess(toNumber, z.number().int().min(1).max(3).optional()),
    minEmployees: employees,
    maxEmployees: employees,
    source: text(500),
  })
  .refine((rate) => !rate.apprenticeYear || rate.regime === 'apprendisti', {
    path: ['apprenticeYear'],
    message: "l'anno di apprendistato vale solo per le aliquote degli apprendisti",
  })
  .refine((rate) => !rate.minEmployees || !rate.maxEmployees || rate.minEmployees <= rate.maxEmployees, {
    path: ['maxEmployees'],
    message: 'il numero massimo di dipendenti precede il minimo',
  })
export type ContributionRate = z.output<typeof contributionRateSchema>

export const contributionRatesSchema = z
  .array(contributionRateSchema)
  .min(1)
  .max(60)
  .superRefine((rates, ctx) => {
    if (!rates.some((rate) => rate.code === 'ivs'))
      ctx.addIssue({ code: 'custom', message: "manca l'aliquota IVS (codice ivs)" })
  })

/** The rates of one INPS classification and size band from a day (until `validTo`, or until a later record). */
export const contributionRatesRecord = z
  .object({
    classification: z.enum(inpsClassifications),
    sizeBand: z.enum(sizeBands),
    validFrom: isoDate,
    validTo: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      isoDate.optional(),
    ),
    rates: jsonCell(contributionRatesSchema),
    /** The apprentices' unified rate covers the INAIL insurance (no separate INAIL line). */
    apprenticesIncludeInail: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? false : value),
      z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]),
    ),
    note: optionalText(2000),
  })
  .refine((record) => !record.validTo || record.validTo >= record.validFrom, {
    path: ['validTo'],
    message: 'la fine della validità precede il suo inizio',
  })
export type ContributionRatesRecord = z.output<typeof contributionRatesRecord>

/** The natural key of a rates record: classification, band and first day. */
export const contributionRatesKey = (record: {
  classification: string
  sizeBand: string
  validFrom: string
}) => `${record.classification}:${record.sizeBand}:${record.validFrom}`

/**
 * A contractual charge of the cost: block B (additional charges such as the
 * Cassa Edile accantonamento, festività paid on top), C (contractual
 * contributions such as the Cassa Edile's) or D (ente bilaterale, fondo
 * sanitario, the employer's share of the pension fund, meal and travel
 * allowances). Exactly one measure: a `rate` (per cent of `base`), `hours`
 * or `days` paid at the level's pay, or an amount per `month`, per `hour`
 * worked or per `year`.
 */
export const labourChargeSchema = z
  .object({
    code,
    label: text(200),
    block: z.enum(['B', 'C', 'D']),
    who: z.enum(workerGroups).default('tutti'),
    rate: percent.optional(),
    /** `pay`: the fixed pay elements; `payAndHolidays`: with the hours and days paid on top; `gross`: the whole contribution base. */
    base: z.enum(['pay', 'payAndHolidays', 'gross']).default('pay'),
    hours: hours.optional(),
    days: z.preprocess(toNumber, z.number().finite().min(0).max(366).optional()),
    monthly: euro.optional(),
    hourly: euro.optional(),
    yearly: euro.optional(),
    /** The share of the amount (per cent) subject to INPS and INAIL contributions; by default all of a block B charge, none of C and D. */
    contributionShare: percent.optional(),
    /** Whether the amount counts in the TFR base; by default a block B charge does. */
    tfr: z.boolean().optional(),
    /** Whether the amount counts in the base of the 13th and later months (festività paid on top, for instance). */
    additionalMonths: z.boolean().default(false),
    /** For hours and days paid on top: whether they count in the `payAndHolidays` base (true unless said otherwise). */
    holidayBase: z.boolean().default(true),
    source: text(500),
  })
  .superRefine((charge, ctx) => {
    const measures = ['rate', 'hours', 'days', 'monthly', 'hourly', 'yearly'].filter(
      (key) => charge[key as keyof typeof charge] !== undefined,
    )
    if (measures.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: 'indicare una sola misura: rate, hours, days, monthly, hourly o yearly',
      })
    if ((charge.hours !== undefined || charge.days !== undefined) && charge.block !== 'B')
      ctx.addIssue({ code: 'custom', path: ['block'], message: 'ore e giorni retribuiti vanno nel blocco B' })
  })
export type LabourCharge = z.output<typeof labourChargeSchema>

/** A pay element besides the pay table's (indennità, EVR, premio di produzione): monthly, for a group of workers. */
export const payElementSchema = z.object({
  code,
  label: text(200),
  who: z.enum(workerGroups).default('tutti'),
  monthly: euro,
  /** A variable element: it counts in the contribution base only, not in the other charges' bases. */
  variable: z.boolean().default(false),
  source: text(500),
})
export type PayElement = z.output<typeof payElementSchema>

/**
 * The hours not worked in a year by the Ministry's method, for a full-time
 * week of the contract's weekly hours: holidays (ferie), festività falling on
 * working days, permessi/ROL and ex festività, and the average absences
 * (malattia, infortunio, maternità, assemblee, diritto allo studio, formazione).
 */
export const hoursMethodSchema = z.object({
  holidays: hours,
  festivities: hours,
  leave: hours,
  absences: z
    .array(z.object({ label: text(200), hours }))
    .max(12)
    .default([]),
  source: text(500),
})
export type HoursMethod = z.output<typeof hoursMethodSchema>

/** A contract's terms for the cost of labour (the `labourCost` field of its contract terms). */
export const labourCostTermsSchema = z.object({
  inpsClassification: z.enum(inpsClassifications).optional(),
  /** The INAIL rate the page proposes (per mille), shown as a default with its source. */
  inail: z.object({ perMille: z.number().finite().min(0).max(500), source: text(500) }).optional(),
  hours: hoursMethodSchema,
  /** Workers paid by the hour worked (construction operai): no additional monthly payments. */
  hourlyPaid: z
    .array(z.enum(['operai', 'impiegati']))
    .max(2)
    .default([]),
  payElements: z.array(payElementSchema).max(20).default([]),
  charges: z.array(labourChargeSchema).max(30).default([]),
  /** The apprentice's pay as a percentage of the level's, by year of apprenticeship. */
  apprenticeship: z
    .object({
      payPercentByYear: z.array(z.number().finite().min(1).max(100)).min(1).max(6),
      source: text(500),
    })
    .optional(),
  source: optionalText(2000),
})
export type LabourCostTerms = z.output<typeof labourCostTermsSchema>
