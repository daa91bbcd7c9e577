import { and, eq } from '@payloadcms/db-postgres/drizzle'
import type { CollectionSlug } from 'payload'
import {
  aliasKey,
  classificationKey,
  codedLabel,
  contributionRatesKey,
  dayToTimestamp,
  mappingLabel,
  newsPeriod,
  payTableKey,
  recordSchemas,
  sanitizeHtml,
  summaryKey,
  confederations,
  type EntityName,
  type RecordOf,
  type Representativeness,
} from '../content/index.ts'
import { tableOf, type AnyTable } from './database.ts'
import type { BatchContext, BuildResult, EntityPlan, RecordData } from './engine.ts'
import type { MediaResolver } from './media.ts'

type Row = { id: number } & Record<string, unknown>
type CodeMap = Map<string, Row>

/** Loads `code -> row` for a collection, with the extra columns asked for. */
export async function codeMap(
  context: BatchContext,
  collection: CollectionSlug,
  columns: readonly string[] = [],
  keyColumn = 'code',
): Promise<CodeMap> {
  const table = tableOf(context.payload, collection)
  const selection: AnyTable = { id: table.id, key: table[keyColumn] }
  for (const column of columns) selection[column] = table[column]
  const rows = (await context.tx.select(selection).from(table)) as ({ key: unknown } & Row)[]
  return new Map(rows.map((row) => [String(row.key), row]))
}

const missing = (what: string, code: string | number) => `${what} ${code} inesistente`

type Lookup = (code: string | number | undefined) => Row | undefined
const lookup =
  (map: CodeMap): Lookup =>
  (code) =>
    code === undefined ? undefined : map.get(String(code))

/** Everything a package plan needs besides its record. */
export type PlanOptions = { media: MediaResolver }

function plan<E extends EntityName, C>(
  entity: E,
  definition: Omit<EntityPlan<RecordOf<E>, C>, 'entity' | 'schema' | 'file'>,
): (file: string) => EntityPlan<RecordOf<E>, C> {
  return (file) => ({ entity, file, schema: recordSchemas[entity] as never, ...definition })
}

/** The representativeness facts as the contracts table stores them (one column per fact). */
export function representativenessColumns(facts: Representativeness): RecordData {
  const columns: RecordData = {
    representativeness_representedAtCnel: facts.representedAtCnel,
    representativeness_employerSideAtCnel: facts.employerSideAtCnel,
    representativeness_unionSideAtCnel: facts.unionSideAtCnel,
  }
  for (const name of confederations) {
    columns[`representativeness_confederations_${name}`] = facts.confederations.includes(name)
  }
  return columns
}

const nullable = <T>(value: T | undefined): T | null => (value === undefined ? null : value)

const hasRepresentativeness = (record: RecordOf<'contracts'>) =>
  record.representedAtCnel !== undefined ||
  record.employerSideAtCnel !== undefined ||
  record.unionSideAtCnel !== undefined ||
  record.confederations !== undefined

/** The plans of every entity of a data package, keyed by entity name. */
export function packagePlans(options: PlanOptions) {
  const { media } = options
  return {
    sectors: plan('sectors', {
      collection: 'sectors',
      keyField: 'code',
      keyOf: (record) => String(record.code),
      load: async () => undefined,
      build: (record) => ({
        data: {
          code: record.code,
          name: record.name,
          cnelName: nullable(record.cnelName),
          label: codedLabel(record.code, record.name),
        },
      }),
    }),

    contracts: plan('contracts', {
      collection: 'contracts',
      keyField: 'code',
      keyOf: (record) => String(record.code),
      load: async (context) => ({
        sectors: lookup(await codeMap(context, 'sectors')),
        cnel: await codeMap(context, 'contracts', ['code'], 'cnelCode'),
      }),
      build: async (record, loaded, context): Promise<BuildResult> => {
        const reasons: string[] = []
        const sector = loaded.sectors(record.sectorCode)
        if (!sector) reasons.push(missing('settore', record.sectorCode))
        if (record.cnelCode) {
          const holder = loaded.cnel.get(record.cnelCode)
          if (holder && holder.code !== record.code) {
            reasons.push(
              `il codice CNEL ${record.cnelCode} appartiene già al contratto ${String(holder.code)}`,
            )
          }
        }
        const image = record.image ? await media.resolve(record.image, context) : { id: null }
        if ('error' in image) reasons.push(image.error)
        if (reasons.length > 0 || !sector || 'error' in image) return { reasons }
        if (record.cnelCode) loaded.cnel.set(record.cnelCode, { id: 0, code: record.code })
        return {
          data: {
            code: record.code,
            title: record.title,
            shortTitle: nullable(record.shortTitle),
            sector: sector.id,
            sectorCode: record.sectorCode,
            cnelCode: nullable(record.cnelCode),
            employerSignatories: nullable(record.employerSignatories),
            unionSignatories: nullable(record.unionSignatories),
            firstFiledOn: record.firstFiledOn ? dayToTimestamp(record.firstFiledOn) : null,
            expiresOn: record.expiresOn ? dayToTimestamp(record.expiresOn) : null,
            noteHtml: record.noteHtml ? sanitizeHtml(record.noteHtml) : null,
            image: image.id,
            label: codedLabel(record.code, record.title),
            // Application figures (CNEL-INPS, Uniemens): a package without them leaves the stored ones alone.
            ...(record.employers !== undefined || record.employees !== undefined
              ? {
                  application_employers: record.employers ?? null,
                  application_employees: record.employees ?? null,
                  application_source: nullable(record.applicationSource),
                }
              : {}),
            // A package that does not speak of representativeness leaves the stored facts alone.
            ...(hasRepresentativeness(record)
              ? representativenessColumns({
                  representedAtCnel: record.representedAtCnel ?? false,
                  employerSideAtCnel: record.employerSideAtCnel ?? false,
                  unionSideAtCnel: record.unionSideAtCnel ?? false,
                  confederations: record.confederations ?? [],
                })
              : {}),
          },
        }
      },
    }),

    categories: plan('categories', {
      collection: 'categories',
      keyField: 'code',
      keyOf: (record) => String(record.code),
      load: async (context) => lookup(await codeMap(context, 'contracts', ['sectorCode'])),
      build: (record, contracts) => {
        const contract = contracts(record.contractCode)
        if (!contract) return { reasons: [missing('contratto', record.contractCode)] }
        return {
          data: {
            code: record.code,
            name: record.name,
            contract: contract.id,
            contractCode: record.contractCode,
            sectorCode: contract.sectorCode,
            label: codedLabel(record.code, record.name),
          },
        }
      },
    }),

    contractMappings: plan('contractMappings', {
      collection: 'contract-mappings',
      keyField: 'categoryCode',
      keyOf: (record) => String(record.categoryCode),
      load: async (context) => ({
        categories: lookup(await codeMap(context, 'categories')),
        contracts: lookup(await codeMap(context, 'contracts')),
      }),
      build: (record, loaded) => {
        const category = loaded.categories(record.categoryCode)
        const contract = loaded.contracts(record.contractCode)
        const reasons = [
          ...(category ? [] : [missing('categoria', record.categoryCode)]),
          ...(contract ? [] : [missing('contratto', record.contractCode)]),
        ]
        if (!category || !contract) return { reasons }
        return {
          data: {
            category: category.id,
            categoryCode: record.categoryCode,
            contract: contract.id,
            contractCode: record.contractCode,
            label: mappingLabel(record.categoryCode, record.contractCode),
          },
        }
      },
    }),

    textTypes: plan('textTypes', {
      collection: 'text-types',
      keyField: 'code',
      keyOf: (record) => record.code,
      load: async () => undefined,
      build: (record) => ({
        data: { code: record.code, name: record.name, label: codedLabel(record.code, record.name) },
      }),
    }),

    regions: plan('regions', {
      collection: 'regions',
      keyField: 'code',
      keyOf: (record) => record.code,
      load: async () => undefined,
      build: (record) => ({ data: { code: record.code, name: record.name } }),
    }),

    provinces: plan('provinces', {
      collection: 'provinces',
      keyField: 'code',
      keyOf: (record) => record.code,
      load: async (context) => lookup(await codeMap(context, 'regions')),
      build: (record, regions) => {
        const region = regions(record.regionCode)
        if (!region) return { reasons: [missing('regione', record.regionCode)] }
        return {
          data: { code: record.code, name: record.name, region: region.id, regionCode: record.regionCode },
        }
      },
    }),

    companies: plan('companies', {
      collection: 'companies',
      keyField: 'code',
      keyOf: (record) => String(record.code),
      load: async (context) => lookup(await codeMap(context, 'contracts')),
      build: (record, contracts) => {
        const contract = contracts(record.contractCode)
        if (!contract) return { reasons: [missing('contratto', record.contractCode)] }
        return {
          data: {
            code: record.code,
            name: record.name,
            contract: contract.id,
            contractCode: record.contractCode,
            label: codedLabel(record.code, record.name),
          },
        }
      },
    }),

    contractTexts: plan('contractTexts', {
      collection: 'contract-texts',
      keyField: 'code',
      keyOf: (record) => String(record.code),
      load: async (context) => {
        const table = tableOf(context.payload, 'contract-texts')
        const consolidated = (await context.tx
          .select({ contract: table.contractCode, code: table.code })
          .from(table)
          .where(and(eq(table.scope, 'national'), eq(table.edition, 'consolidated')))) as {
          contract: number
          code: number
        }[]
        return {
          contracts: lookup(await codeMap(context, 'contracts', ['sectorCode'])),
          textTypes: lookup(await codeMap(context, 'text-types')),
          regions: lookup(await codeMap(context, 'regions')),
          provinces: lookup(await codeMap(context, 'provinces', ['regionCode'])),
          companies: lookup(await codeMap(context, 'companies')),
          consolidated: new Map(consolidated.map((row) => [Number(row.contract), Number(row.code)])),
        }
      },
      build: (record, loaded) => {
        const reasons: string[] = []
        const contract = loaded.contracts(record.contractCode)
        const textType = loaded.textTypes(record.typeCode)
        const province = loaded.provinces(record.provinceCode)
        const regionCode = record.regionCode ?? (province?.regionCode as string | undefined)
        const region = loaded.regions(regionCode)
        const company = loaded.companies(record.companyCode)
        if (!contract) reasons.push(missing('contratto', record.contractCode))
        if (!textType) reasons.push(missing('tipo di testo', record.typeCode))
        if (record.regionCode && !region) reasons.push(missing('regione', record.regionCode))
        if (record.provinceCode && !province) reasons.push(missing('provincia', record.provinceCode))
        if (record.companyCode && !company) reasons.push(missing('azienda', record.companyCode))
        if (province && record.regionCode && province.regionCode !== record.regionCode) {
          reasons.push(`la provincia ${String(record.provinceCode)} non è nella regione ${record.regionCode}`)
        }
        if (record.scope === 'national' && record.edition === 'consolidated') {
          const holder = loaded.consolidated.get(record.contractCode)
          if (holder !== undefined && holder !== record.code) {
            reasons.push(
              `il contratto ${record.contractCode} ha già il testo consolidato ${holder}: l'altro va in archivio`,
            )
          }
        }
        if (reasons.length > 0 || !contract || !textType) return { reasons }
        if (record.scope === 'national' && record.edition === 'consolidated')
          loaded.consolidated.set(record.contractCode, record.code)
        else if (loaded.consolidated.get(record.contractCode) === record.code)
          loaded.consolidated.delete(record.contractCode)
        return {
          data: {
            code: record.code,
            title: record.title,
            scope: record.scope,
            edition: nullable(record.edition),
            date: dayToTimestamp(record.date),
            effectiveDate: record.effectiveDate ? dayToTimestamp(record.effectiveDate) : null,
            contract: contract.id,
            contractCode: record.contractCode,
            sectorCode: contract.sectorCode,
            textType: textType.id,
            typeCode: record.typeCode,
            region: region?.id ?? null,
            regionCode: region ? regionCode : null,
            province: province?.id ?? null,
            provinceCode: province ? record.provinceCode : null,
            company: company?.id ?? null,
            companyCode: company ? record.companyCode : null,
            html: sanitizeHtml(record.html),
            nav: record.nav,
            topics: record.topics,
          },
        }
      },
    }),

    payTables: plan('payTables', {
      collection: 'pay-tables',
      keyField: 'key',
      keyOf: (record) => payTableKey(record.categoryCode, record.effectiveDate),
      load: async (context) => lookup(await codeMap(context, 'categories', ['contractCode'])),
      build: (record, categories) => {
        const category = categories(record.categoryCode)
        if (!category) return { reasons: [missing('categoria', record.categoryCode)] }
        return {
          data: {
            key: payTableKey(record.categoryCode, record.effectiveDate),
            category: category.id,
            categoryCode: record.categoryCode,
            contractCode: category.contractCode,
            effectiveDate: dayToTimestamp(record.effectiveDate),
            levels: record.levels,
            unaTantum: record.unaTantum.length > 0 ? record.unaTantum : null,
            noteHtml: record.noteHtml ? sanitizeHtml(record.noteHtml) : null,
          },
        }
      },
    }),

    contractTerms: plan('contractTerms', {
      collection: 'contract-terms',
      keyField: 'contractCode',
      keyOf: (record) => String(record.contractCode),
      load: async (context) => lookup(await codeMap(context, 'contracts')),
      build: (record, contracts) => {
        const contract = contracts(record.contractCode)
        if (!contract) return { reasons: [missing('contratto', record.contractCode)] }
        return {
          data: {
            contract: contract.id,
            contractCode: record.contractCode,
            weeklyHours: nullable(record.weeklyHours),
            monthlyPayments: nullable(record.monthlyPayments),
            referenceLevel: nullable(record.referenceLevel),
            fourteenthMonth: nullable(record.fourteenthMonth),
            cassaEdile: nullable(record.cassaEdile),
            probation: record.probation,
            notice: nullable(record.notice),
            sourceNote: nullable(record.sourceNote),
            labourCost: nullable(record.labourCost),
            label: `Contratto ${record.contractCode}`,
          },
        }
      },
    }),

    contributionRates: plan('contributionRates', {
      collection: 'contribution-rates',
      keyField: 'key',
      keyOf: (record) => contributionRatesKey(record),
      load: async () => undefined,
      build: (record) => ({
        data: {
          key: contributionRatesKey(record),
          classification: record.classification,
          sizeBand: record.sizeBand,
          validFrom: dayToTimestamp(record.validFrom),
          validTo: record.validTo ? dayToTimestamp(record.validTo) : null,
          rates: record.rates,
          apprenticesIncludeInail: record.apprenticesIncludeInail,
          note: nullable(record.note),
        },
      }),
    }),

    summaries: plan('summaries', {
      collection: 'summaries',
      keyField: 'key',
      keyOf: (record) => summaryKey(record.categoryCode, record.type),
      load: async (context) => ({
        categories: lookup(await codeMap(context, 'categories', ['contractCode'])),
        demoLine: { key: '' },
      }),
      build: async (record, loaded, context): Promise<BuildResult> => {
        const reasons: string[] = []
        const category = loaded.categories(record.categoryCode)
        if (!category) reasons.push(missing('categoria', record.categoryCode))
        const key = summaryKey(record.categoryCode, record.type)
        if (record.demo && loaded.demoLine.key && loaded.demoLine.key !== key) {
          reasons.push(`la sintesi dimostrativa è già ${loaded.demoLine.key}: ne è ammessa una sola`)
        }
        const pdf = record.pdf ? await media.resolve(record.pdf, context) : { id: null }
        if ('error' in pdf) reasons.push(pdf.error)
        if (reasons.length > 0 || !category || 'error' in pdf) return { reasons }
        if (record.demo) loaded.demoLine.key = key
        return {
          data: {
            key,
            category: category.id,
            categoryCode: record.categoryCode,
            contractCode: category.contractCode,
            type: record.type,
            title: record.title,
            html: sanitizeHtml(record.html),
            nav: record.nav,
            pdf: pdf.id,
            demo: record.demo,
          },
        }
      },
    }),

    classifications: plan('classifications', {
      collection: 'classifications',
      keyField: 'key',
      keyOf: (record) => classificationKey(record.categoryCode, record.scheme, record.code),
      load: async (context) => lookup(await codeMap(context, 'categories', ['contractCode'])),
      build: (record, categories) => {
        const category = categories(record.categoryCode)
        if (!category) return { reasons: [missing('categoria', record.categoryCode)] }
        return {
          data: {
            key: classificationKey(record.categoryCode, record.scheme, record.code),
            category: category.id,
            categoryCode: record.categoryCode,
            contractCode: category.contractCode,
            scheme: record.scheme,
            code: record.code,
            description: record.description,
            ccnlCode: nullable(record.ccnlCode),
            note: nullable(record.note),
          },
        }
      },
    }),

    territorialPayTables: plan('territorialPayTables', {
      collection: 'territorial-pay-tables',
      keyField: 'code',
      keyOf: (record) => record.code,
      load: async (context) => ({
        categories: lookup(await codeMap(context, 'categories', ['contractCode'])),
        provinces: lookup(await codeMap(context, 'provinces')),
        companies: lookup(await codeMap(context, 'companies')),
      }),
      build: (record, loaded) => {
        const reasons: string[] = []
        const category = loaded.categories(record.categoryCode)
        const province = loaded.provinces(record.provinceCode)
        const company = loaded.companies(record.companyCode)
        if (!category) reasons.push(missing('categoria', record.categoryCode))
        if (record.provinceCode && !province) reasons.push(missing('provincia', record.provinceCode))
        if (record.companyCode && !company) reasons.push(missing('azienda', record.companyCode))
        if (reasons.length > 0 || !category) return { reasons }
        return {
          data: {
            code: record.code,
            title: record.title,
            category: category.id,
            categoryCode: record.categoryCode,
            contractCode: category.contractCode,
            province: province?.id ?? null,
            provinceCode: province ? record.provinceCode : null,
            company: company?.id ?? null,
            companyCode: company ? record.companyCode : null,
            effectiveDate: dayToTimestamp(record.effectiveDate),
            html: sanitizeHtml(record.html),
            nav: record.nav,
          },
        }
      },
    }),

    news: plan('news', {
      collection: 'news',
      keyField: 'guid',
      versions: { hasMany: ['sectors', 'contracts'] },
      keyOf: (record) => record.guid,
      load: async (context) => {
        const slugs = await codeMap(context, 'news', ['period', 'slug'], 'guid')
        const taken = new Map<string, string>()
        for (const [guid, row] of slugs) taken.set(`${String(row.period)}/${String(row.slug)}`, guid)
        return {
          sectors: lookup(await codeMap(context, 'sectors')),
          contracts: lookup(await codeMap(context, 'contracts')),
          taken,
        }
      },
      build: async (record, loaded, context): Promise<BuildResult> => {
        const reasons: string[] = []
        const sectors = record.sectorCodes.map((code) => loaded.sectors(code))
        const contracts = record.contractCodes.map((code) => loaded.contracts(code))
        record.sectorCodes.forEach((code, index) => {
          if (!sectors[index]) reasons.push(missing('settore', code))
        })
        record.contractCodes.forEach((code, index) => {
          if (!contracts[index]) reasons.push(missing('contratto', code))
        })
        const period = newsPeriod(record.date)
        const holder = loaded.taken.get(`${period}/${record.slug}`)
        if (holder && holder !== record.guid)
          reasons.push(`lo slug ${record.slug} è già usato nel mese ${period} (notizia ${holder})`)
        const attachment = record.attachment
          ? await media.resolve(record.attachment.file, context)
          : { id: null }
        if ('error' in attachment) reasons.push(attachment.error)
        if (reasons.length > 0 || 'error' in attachment) return { reasons }
        loaded.taken.set(`${period}/${record.slug}`, record.guid)
        return {
          data: {
            guid: record.guid,
            slug: record.slug,
            period,
            title: record.title,
            date: dayToTimestamp(record.date),
            type: record.type,
            html: sanitizeHtml(record.html),
            sectors: [...new Set(sectors.map((row) => row?.id as number))],
            contracts: [...new Set(contracts.map((row) => row?.id as number))],
            attachment: attachment.id,
            attachmentName: record.attachment?.name ?? null,
            _status: 'published',
          },
        }
      },
    }),

    aliases: plan('aliases', {
      collection: 'contract-aliases',
      keyField: 'key',
      keyOf: (record) => aliasKey(record.name, record),
      load: async (context) => lookup(await codeMap(context, 'contracts')),
      build: (record, contracts) => {
        // A CNEL code may name a contract not imported yet: the name applies once it is.
        const contract = record.contractCode === undefined ? undefined : contracts(record.contractCode)
        if (record.contractCode !== undefined && !contract)
          return { reasons: [missing('contratto', record.contractCode)] }
        return {
          data: {
            key: aliasKey(record.name, record),
            name: record.name,
            cnelCode: nullable(record.cnelCode),
            contract: contract?.id ?? null,
            contractCode: nullable(record.contractCode),
          },
        }
      },
    }),
  } satisfies Record<EntityName, unknown>
}
