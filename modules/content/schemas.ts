import { z } from 'zod'
import {
  blankToUndefined,
  bool,
  collapseSpaces,
  isoDate,
  jsonCell,
  optionalText,
  parseJsonCell,
  text,
  toNumber,
  trimmed,
} from './record-cells.ts'
import { contributionRatesRecord, labourCostTermsSchema } from './labour-cost-records.ts'
import {
  confederationNamed,
  cnelRepresentativenessFlags,
  flagSpellings,
  looseFlag,
  parseFlag,
  sortConfederations,
} from './cnel-flags.ts'
import {
  cnelConfederations,
  signatoryList,
  type Confederation,
  type Representativeness,
} from './representativeness.ts'

/**
 * The records of the data package format (`docs/data-format.md`), one zod
 * schema per entity. Inputs come from JSON Lines (typed values) or CSV (every
 * cell a string), so numbers, booleans and nested JSON are accepted in both
 * spellings; the output is always the typed record.
 */

/** A positive integer code (sector, contract, category, company). */
export const intCode = z.preprocess(toNumber, z.number().int().positive())
/** A text code (text type, region, province, classification codes); numbers are accepted and kept as text. */
export const textCode = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : trimmed(value)),
  z.string().min(1).max(64),
)
const html = z.preprocess((value) => (value === null ? '' : value), z.string().max(20_000_000))
const optionalHtml = z.preprocess(blankToUndefined, z.string().max(2_000_000).optional())
const amount = z.preprocess(toNumber, z.number().finite().min(0).max(1_000_000))
/** An optional count (employers, employees), blank when not given; `146.322` is read the Italian way. */
const optionalCount = z.preprocess(
  (value) => {
    const cleaned = blankToUndefined(value)
    if (cleaned === undefined) return undefined
    const text = String(cleaned).trim()
    return /^\d{1,3}(\.\d{3})+$/.test(text) ? Number(text.replace(/\./g, '')) : toNumber(cleaned)
  },
  z
    .number({ error: 'atteso un numero intero' })
    .int('atteso un numero intero')
    .min(0)
    .max(50_000_000)
    .optional(),
)
/** An optional yes/no fact: the flag spellings of a spreadsheet, blank when not given. */
const optionalFlag = z.preprocess(
  (value) => {
    const cleaned = blankToUndefined(value)
    return cleaned === undefined ? undefined : (parseFlag(cleaned) ?? value)
  },
  z.boolean({ error: `valore non riconosciuto: atteso ${flagSpellings}` }).optional(),
)

/** The signing confederations: a JSON list or, in CSV, names separated by `;`. */
const confederationList = z.preprocess(
  (value) => {
    const cleaned = blankToUndefined(value)
    if (typeof cleaned !== 'string') return cleaned
    return cleaned.startsWith('[') ? parseJsonCell(cleaned) : cleaned.split(';')
  },
  z
    .array(
      z.string().transform((name, ctx) => {
        const known = confederationNamed(name)
        if (!known) {
          ctx.addIssue({
            code: 'custom',
            message: `confederazione sconosciuta «${name.trim()}»: attese ${Object.keys(cnelConfederations).join(', ')}`,
          })
          return z.NEVER
        }
        return known
      }),
    )
    .max(20)
    .transform((names: Confederation[]) => sortConfederations(names))
    .optional(),
)

/** Signatories one per line, as the admin shows them (separated by new lines, `;` or commas in the source). */
function signatoryLines(text: string | undefined): string | undefined {
  const names = signatoryList(text)
  return names.length > 0 ? names.join('\n') : undefined
}

const intCodes = jsonCell(z.array(intCode).max(1000).default([]))

/** A node of a navigation or index tree; `value` is the anchor id in the document. */
export type TreeNode = { text: string; value: string; children: TreeNode[] }
type TreeNodeInput = { text: string; value: string; children?: TreeNodeInput[] }
export const treeNodeSchema: z.ZodType<TreeNode, TreeNodeInput> = z.lazy(() =>
  z.object({
    text: z.string().trim().min(1).max(2000),
    value: z.string().trim().max(500),
    children: z.array(treeNodeSchema).default([]),
  }),
)
/** A whole tree (the list of top-level nodes). */
export const treeSchema = z.array(treeNodeSchema).max(20_000)

/** A topic of a contract text and the document nodes that deal with it. */
export const topicSchema = z.object({
  id: intCode,
  name: text(500),
  nodes: z.array(z.object({ node: z.string().trim().min(1).max(500), text: text(2000) })).default([]),
})
export type Topic = z.output<typeof topicSchema>

/**
 * A further element of a level's monthly pay that the contract grants besides
 * the minimum, the cost of living and the third element (the Terziario 7th
 * level's EDR, the Quadri's indennità di funzione): its name and monthly amount.
 */
export const payElementSchema = z.object({ name: text(120), amount })
export type PayElement = z.output<typeof payElementSchema>

/** One level (row) of a pay table. */
export const payLevelSchema = z.object({
  code: textCode,
  description: text(500),
  basePay: amount,
  costOfLiving: amount.default(0),
  thirdElement: amount.default(0),
  otherElements: z.array(payElementSchema).max(10).default([]),
  seniorityStep: amount.default(0),
  hourlyDivisor: amount.default(0),
  dailyDivisor: amount.default(0),
  /** Hours of a working day for workers paid by the hour (edili operai): the daily pay is these hours × the hourly pay. 0: monthly pay / daily divisor. */
  hoursPerDay: z.preprocess(toNumber, z.number().finite().min(0).max(24)).default(0),
})
export type PayLevel = z.output<typeof payLevelSchema>

/** The levels of a pay table: at least one, codes unique. */
export const payLevelsSchema = z
  .array(payLevelSchema)
  .min(1, 'una tabella retributiva ha almeno un livello')
  .max(500)
  .superRefine((levels, ctx) => {
    const seen = new Set<string>()
    levels.forEach((level, index) => {
      if (seen.has(level.code)) {
        ctx.addIssue({ code: 'custom', path: [index, 'code'], message: `livello ${level.code} ripetuto` })
      }
      seen.add(level.code)
    })
  })

export const summaryTypes = [
  'schedesintetiche',
  'istituticontrattuali',
  'mansionari',
  'apprendistati',
  'sfere',
  'normetfr',
  'normedisciplinari',
] as const
export type SummaryType = (typeof summaryTypes)[number]

export const classificationSchemes = ['CNEL', 'INPS', 'ATECO'] as const
export type ClassificationScheme = (typeof classificationSchemes)[number]

export const newsTypes = ['news', 'deadline', 'changelog'] as const
export type NewsType = (typeof newsTypes)[number]

export const textScopes = ['national', 'territorial', 'company'] as const
export const textEditions = ['consolidated', 'archive'] as const

export const sectorRecord = z.object({
  code: intCode,
  name: text(200),
  cnelName: optionalText(200),
})

export const contractRecord = z.object({
  code: intCode,
  sectorCode: intCode,
  title: text(1000),
  shortTitle: optionalText(300),
  cnelCode: z.preprocess(
    (value) =>
      typeof blankToUndefined(value) === 'string'
        ? String(value).trim().toUpperCase()
        : blankToUndefined(value),
    z
      .string()
      .regex(/^[A-Z0-9]{1,12}$/, 'codice CNEL non valido')
      .optional(),
  ),
  employerSignatories: z.preprocess(
    blankToUndefined,
    z.string().max(5000).optional().transform(signatoryLines),
  ),
  unionSignatories: z.preprocess(blankToUndefined, z.string().max(5000).optional().transform(signatoryLines)),
  representedAtCnel: optionalFlag,
  employerSideAtCnel: optionalFlag,
  unionSideAtCnel: optionalFlag,
  confederations: confederationList,
  firstFiledOn: z.preprocess(blankToUndefined, z.iso.date().optional()),
  expiresOn: z.preprocess(blankToUndefined, z.iso.date().optional()),
  employers: optionalCount,
  employees: optionalCount,
  applicationSource: optionalText(300),
  noteHtml: optionalHtml,
  image: optionalText(255),
})

export const categoryRecord = z.object({
  code: intCode,
  contractCode: intCode,
  name: text(1000),
})

export const contractMappingRecord = z.object({
  categoryCode: intCode,
  contractCode: intCode,
})

export const textTypeRecord = z.object({ code: textCode, name: text(200) })

export const regionRecord = z.object({ code: textCode, name: text(200) })

export const provinceRecord = z.object({ code: textCode, regionCode: textCode, name: text(200) })

export const companyRecord = z.object({ code: intCode, name: text(500), contractCode: intCode })

export const contractTextRecord = z
  .object({
    code: intCode,
    contractCode: intCode,
    scope: z.enum(textScopes),
    edition: z.preprocess(blankToUndefined, z.enum(textEditions).optional()),
    typeCode: textCode,
    title: text(1000),
    date: isoDate,
    /** The day the text's rules take effect (decorrenza), when it is not the day of the text (`date`, the signature). */
    effectiveDate: z.preprocess(blankToUndefined, isoDate.optional()),
    regionCode: z.preprocess(blankToUndefined, textCode.optional()),
    provinceCode: z.preprocess(blankToUndefined, textCode.optional()),
    companyCode: z.preprocess(blankToUndefined, intCode.optional()),
    html,
    nav: jsonCell(treeSchema.default([])),
    topics: jsonCell(z.array(topicSchema).max(2000).default([])),
  })
  .superRefine((record, ctx) => {
    if (record.scope === 'national') {
      if (!record.edition)
        ctx.addIssue({ code: 'custom', path: ['edition'], message: 'obbligatorio per i testi nazionali' })
      if (record.regionCode || record.provinceCode || record.companyCode) {
        ctx.addIssue({
          code: 'custom',
          path: ['scope'],
          message: 'un testo nazionale non ha regione, provincia o azienda',
        })
      }
    }
    if (record.scope === 'territorial') {
      if (!record.regionCode && !record.provinceCode) {
        ctx.addIssue({
          code: 'custom',
          path: ['regionCode'],
          message: 'un testo territoriale indica la regione o la provincia',
        })
      }
      if (record.companyCode)
        ctx.addIssue({
          code: 'custom',
          path: ['companyCode'],
          message: 'non ammesso per un testo territoriale',
        })
    }
    if (record.scope === 'company' && !record.companyCode) {
      ctx.addIssue({ code: 'custom', path: ['companyCode'], message: 'obbligatorio per i testi aziendali' })
    }
    if (record.scope !== 'national' && record.edition) {
      ctx.addIssue({ code: 'custom', path: ['edition'], message: 'ammesso solo per i testi nazionali' })
    }
  })

/**
 * A one-off payment ('una tantum') the renewal behind a pay table grants:
 * the full-time amount, who is entitled (in force on `entitledOn`), when it
 * is paid, the reference period of the service, and whether part-time and
 * partial service reduce it.
 */
export const unaTantumSchema = z
  .object({
    amount: z.preprocess(toNumber, z.number().finite().positive().max(100_000)),
    entitledOn: isoDate,
    paidOn: isoDate,
    periodFrom: isoDate,
    periodTo: isoDate,
    partTime: z.enum(['proportional', 'full']).default('proportional'),
    service: z.enum(['months', 'full']).default('months'),
    levels: z.array(textCode).max(500).optional(),
    note: optionalText(1000),
  })
  .refine((entry) => entry.periodFrom <= entry.periodTo, {
    path: ['periodTo'],
    message: 'la fine del periodo di riferimento precede il suo inizio',
  })
export type UnaTantumRecord = z.output<typeof unaTantumSchema>
export const unaTantumListSchema = z.array(unaTantumSchema).max(10)

export const payTableRecord = z.object({
  categoryCode: intCode,
  effectiveDate: isoDate,
  noteHtml: optionalHtml,
  levels: jsonCell(payLevelsSchema),
  unaTantum: jsonCell(unaTantumListSchema.default([])),
})

/** One probation row: who it applies to (a group of levels) and how long it lasts. */
export const probationRowSchema = z.object({ who: text(300), duration: text(200) })
export type ProbationRow = z.output<typeof probationRowSchema>

/**
 * The notice periods: `heads` are the table's column heads (the first names the
 * workers, the others the seniority bands), each row gives who it applies to
 * and one duration per band.
 */
export const noticeSchema = z
  .object({
    heads: z.array(text(200)).min(2).max(10),
    rows: z
      .array(z.object({ who: text(300), durations: z.array(text(200)).min(1).max(9) }))
      .min(1)
      .max(50),
  })
  .superRefine((notice, ctx) => {
    notice.rows.forEach((row, index) => {
      if (row.durations.length !== notice.heads.length - 1)
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index, 'durations'],
          message: `attese ${notice.heads.length - 1} durate, una per fascia di anzianità`,
        })
    })
  })
export type Notice = z.output<typeof noticeSchema>

/** The probation rows of a contract: at most 50. */
export const probationSchema = z.array(probationRowSchema).max(50)

/**
 * Extra payments through a Cassa Edile (construction workers): the
 * categories whose workers have their 13th and holiday pay paid as an
 * accantonamento to the Cassa Edile, and its percentage of the pay.
 */
export const cassaEdileSchema = z.object({
  percent: z.preprocess(toNumber, z.number().finite().positive().max(50)),
  categoryCodes: z.array(intCode).min(1).max(200),
})
export type CassaEdileTerms = z.output<typeof cassaEdileSchema>

/** The key terms of a contract a comparison shows (one record per contract). */
export const contractTermsRecord = z.object({
  contractCode: intCode,
  weeklyHours: z.preprocess(
    (value) => (value === null ? undefined : toNumber(value)),
    z.number().finite().positive().max(80).optional(),
  ),
  monthlyPayments: z.preprocess(
    (value) => (value === null ? undefined : toNumber(value)),
    z.number().int().min(12).max(16).optional(),
  ),
  referenceLevel: z.preprocess(blankToUndefined, textCode.optional()),
  fourteenthMonth: z.preprocess(
    (value) => (value === null ? undefined : toNumber(value)),
    z.number().int().min(1).max(12).optional(),
  ),
  cassaEdile: jsonCell(cassaEdileSchema.optional()),
  probation: jsonCell(probationSchema.default([])),
  notice: jsonCell(noticeSchema.optional()),
  sourceNote: optionalText(2000),
  /** The contract's terms for the cost of labour (hours method, contractual charges, apprentices' pay). */
  labourCost: jsonCell(labourCostTermsSchema.optional()),
})

export const summaryRecord = z.object({
  categoryCode: intCode,
  type: z.enum(summaryTypes),
  title: text(1000),
  html,
  nav: jsonCell(treeSchema.default([])),
  pdf: optionalText(255),
  demo: z.preprocess(blankToUndefined, bool.optional()).transform((value) => value ?? false),
})

export const classificationRecord = z
  .object({
    categoryCode: intCode,
    scheme: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum(classificationSchemes),
    ),
    code: textCode,
    description: z
      .preprocess(blankToUndefined, z.string().max(2000).optional())
      .transform((value) => value ?? ''),
    ccnlCode: optionalText(64),
    note: optionalText(2000),
  })
  .superRefine((record, ctx) => {
    if (record.scheme !== 'INPS' && (record.ccnlCode || record.note)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ccnlCode'],
        message: 'ccnlCode e note sono ammessi solo per INPS',
      })
    }
  })

export const territorialPayTableRecord = z
  .object({
    code: textCode,
    categoryCode: intCode,
    provinceCode: z.preprocess(blankToUndefined, textCode.optional()),
    companyCode: z.preprocess(blankToUndefined, intCode.optional()),
    effectiveDate: isoDate,
    title: text(1000),
    html,
    nav: jsonCell(treeSchema.default([])),
  })
  .superRefine((record, ctx) => {
    if (Boolean(record.provinceCode) === Boolean(record.companyCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['provinceCode'],
        message: 'indicare esattamente uno tra provinceCode e companyCode',
      })
    }
  })

export const newsRecord = z.object({
  guid: z.preprocess(trimmed, z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'guid non valido')),
  slug: z.preprocess(
    trimmed,
    z
      .string()
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug non valido: solo minuscole, cifre e trattini'),
  ),
  title: text(500),
  date: isoDate,
  type: z.enum(newsTypes),
  html,
  sectorCodes: intCodes,
  contractCodes: intCodes,
  attachment: jsonCell(z.object({ name: text(255), file: text(255) }).optional()),
})

const cnelCode = z.preprocess(
  (value) =>
    typeof blankToUndefined(value) === 'string'
      ? String(value).trim().toUpperCase()
      : blankToUndefined(value),
  z
    .string()
    .regex(/^[A-Z0-9]{1,12}$/, 'codice CNEL non valido')
    .optional(),
)

/**
 * An everyday name of a contract ('commercio', 'colf', 'metalmeccanici'),
 * pointing at the contract by CNEL code (it applies to a contract imported
 * from the CNEL list, even later) or by contract code: exactly one of them.
 */
export const aliasRecord = z
  .object({
    name: z.preprocess(collapseSpaces, z.string().min(2).max(200)),
    cnelCode,
    contractCode: z.preprocess(toNumber, z.number().int().positive().optional()),
  })
  .refine((record) => (record.cnelCode === undefined) !== (record.contractCode === undefined), {
    message: 'indicare il codice CNEL oppure il codice del contratto (uno solo dei due)',
    path: ['cnelCode'],
  })

/** Every entity of a data package, in import order (references point backwards). */
export const entityNames = [
  'sectors',
  'contracts',
  'categories',
  'contractMappings',
  'textTypes',
  'regions',
  'provinces',
  'companies',
  'contractTexts',
  'payTables',
  'contractTerms',
  'contributionRates',
  'summaries',
  'classifications',
  'territorialPayTables',
  'news',
  'aliases',
] as const
export type EntityName = (typeof entityNames)[number]

/** The zod schema of each entity's records. */
export const recordSchemas = {
  sectors: sectorRecord,
  contracts: contractRecord,
  categories: categoryRecord,
  contractMappings: contractMappingRecord,
  textTypes: textTypeRecord,
  regions: regionRecord,
  provinces: provinceRecord,
  companies: companyRecord,
  contractTexts: contractTextRecord,
  payTables: payTableRecord,
  contractTerms: contractTermsRecord,
  contributionRates: contributionRatesRecord,
  summaries: summaryRecord,
  classifications: classificationRecord,
  territorialPayTables: territorialPayTableRecord,
  news: newsRecord,
  aliases: aliasRecord,
} satisfies Record<EntityName, z.ZodType>

export type RecordOf<E extends EntityName> = z.output<(typeof recordSchemas)[E]>

export const PACKAGE_FORMAT = 'bancadati-ccnl/1'

/** `manifest.json` of a data package. */
export const manifestSchema = z.object({
  format: z.literal(PACKAGE_FORMAT, { message: `formato atteso "${PACKAGE_FORMAT}"` }),
  name: z.string().trim().min(1).max(200),
  createdAt: z.string().optional(),
  files: z
    .partialRecord(
      z.enum(entityNames),
      z.string().regex(/^[A-Za-z0-9._-]+\.(jsonl|csv)$/, 'nome di file non valido: atteso .jsonl o .csv'),
    )
    .refine((files) => Object.keys(files).length > 0, 'il manifest non elenca alcun file'),
})
export type Manifest = z.output<typeof manifestSchema>

const cnelDate = z.preprocess((value) => {
  const cleaned = blankToUndefined(value)
  if (typeof cleaned !== 'string') return cleaned
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(cleaned)
  if (iso) return iso[1]
  const italian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cleaned)
  if (italian) return `${italian[3]}-${italian[2]}-${italian[1]}`
  return cleaned
}, z.iso.date().optional())

const collapse = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value)

const cnelFlag = (column: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : (parseFlag(value) ?? value)),
    z.boolean({ error: `valore non riconosciuto per ${column}: atteso ${flagSpellings}` }).optional(),
  )

const cnelTextColumns = new Set([
  'id',
  'titolo',
  'firmatari_datoriali',
  'firmatari_sindacali',
  'primo_deposito',
  'scadenza_contrattuale',
  'settore',
])

const cnelFlagColumns = [...Object.keys(cnelRepresentativenessFlags), ...Object.keys(cnelConfederations)]

/** One agreement of the CNEL national archive list. */
export const cnelRecord = z
  .looseObject({
    id: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.string().regex(/^[A-Z0-9]{1,12}$/, 'codice CNEL non valido'),
    ),
    titolo: z.preprocess(collapse, z.string().min(1).max(1000)),
    firmatari_datoriali: z.preprocess(blankToUndefined, z.string().max(5000).optional()),
    firmatari_sindacali: z.preprocess(blankToUndefined, z.string().max(5000).optional()),
    primo_deposito: cnelDate,
    scadenza_contrattuale: cnelDate,
    settore: z.preprocess(collapse, z.string().min(1).max(200)),
    ...Object.fromEntries(cnelFlagColumns.map((column) => [column, cnelFlag(column)])),
  } as Record<string, z.ZodType>)
  .transform((input) => {
    const record = input as Record<string, unknown> & {
      id: string
      titolo: string
      firmatari_datoriali?: string
      firmatari_sindacali?: string
      primo_deposito?: string
      scadenza_contrattuale?: string
      settore: string
    }
    const flags: Record<string, boolean> = {}
    for (const [key, value] of Object.entries(record)) {
      if (cnelTextColumns.has(key)) continue
      const flag = typeof value === 'boolean' ? value : looseFlag(value)
      if (flag !== undefined) flags[key] = flag
    }
    const representativeness: Representativeness = {
      representedAtCnel: record.rappresentato_al_cnel === true,
      employerSideAtCnel: record.datoriale_cnel === true,
      unionSideAtCnel: record.sindacato_cnel === true,
      confederations: Object.entries(cnelConfederations)
        .filter(([column]) => record[column] === true)
        .map(([, field]) => field),
    }
    return {
      cnelCode: record.id,
      title: record.titolo,
      employerSignatories: signatoryLines(record.firmatari_datoriali),
      unionSignatories: signatoryLines(record.firmatari_sindacali),
      firstFiledOn: record.primo_deposito,
      expiresOn: record.scadenza_contrattuale,
      sectorName: record.settore,
      representativeness,
      flags,
    }
  })
export type CnelRecord = z.output<typeof cnelRecord>
