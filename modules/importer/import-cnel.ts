import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { count, eq, max } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { z } from 'zod'
import {
  cnelRecord,
  codedLabel,
  comparableName,
  dayToTimestamp,
  sentenceCase,
  type CnelRecord,
} from '../content/index.ts'
import { runOrRehearse, tableOf, type Tx } from './database.ts'
import {
  runBatch,
  type BatchContext,
  type EntityPlan,
  editedFields,
  type Existing,
  type ProgressListener,
} from './engine.ts'
import { representativenessColumns } from './entities.ts'
import { defaultPayload } from './import-package.ts'
import { parseJsonArrayWithLines, type RawRecord } from './readers.ts'
import { emptyEntityReport, finishReport, type EntityReport, type ImportReport } from './report.ts'
import { collectWritten, indexWritten } from './index-written.ts'
import { recordRun, type RunTrigger } from './runs.ts'

export type ImportCnelOptions = {
  /** A JSON file (or an http(s) address) holding the array of agreements. */
  file: string
  /** The list's text, when already at hand (the file name then only labels the report). */
  text?: string
  dryRun?: boolean
  onProgress?: ProgressListener
  payload?: Payload
  trigger?: RunTrigger
  chunkSize?: number
}

/** The list's text, from a local file or an http(s) address. */
async function readSource(source: string): Promise<string> {
  if (!/^https?:\/\//i.test(source)) return readFile(source, 'utf8')
  const response = await fetch(source, {
    signal: AbortSignal.timeout(120_000),
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`scaricamento non riuscito (HTTP ${response.status})`)
  return response.text()
}

type ParsedCnel = { line: number; record: CnelRecord }

async function nextCode(
  context: BatchContext,
  collection: 'sectors' | 'contracts' | 'categories',
): Promise<number> {
  const table = tableOf(context.payload, collection)
  const [row] = (await context.tx.select({ value: max(table.code) }).from(table)) as {
    value: number | string | null
  }[]
  return Number(row?.value ?? 0) + 1
}

/** Sectors named by the agreements: matched by name (either spelling), created when missing. */
function sectorPlan(
  file: string,
): EntityPlan<
  CnelRecord,
  { byName: Map<string, { id: number; code: number; name: string; hash: string | null }>; next: number }
> {
  return {
    entity: 'sectors',
    file,
    collection: 'sectors',
    keyField: 'code',
    schema: z.custom<CnelRecord>(),
    keyOf: (record) => comparableName(record.sectorName),
    load: async (context) => {
      const table = tableOf(context.payload, 'sectors')
      const rows = (await context.tx
        .select({
          id: table.id,
          code: table.code,
          name: table.name,
          cnelName: table.cnelName,
          hash: table.importHash,
        })
        .from(table)) as {
        id: number
        code: number
        name: string
        cnelName: string | null
        hash: string | null
      }[]
      const byName = new Map<string, { id: number; code: number; name: string; hash: string | null }>()
      for (const row of rows) {
        byName.set(comparableName(row.name), row)
        if (row.cnelName) byName.set(comparableName(row.cnelName), row)
      }
      return { byName, next: await nextCode(context, 'sectors') }
    },
    existing: async (_context, loaded) => {
      const existing: Existing = new Map()
      for (const [name, row] of loaded.byName) existing.set(name, { id: row.id, hash: row.hash })
      return existing
    },
    build: (record, loaded) => {
      const cnelName = record.sectorName.replace(/\s+/g, ' ').trim().toUpperCase()
      const known = loaded.byName.get(comparableName(record.sectorName))
      const code = known?.code ?? loaded.next++
      const name = known?.name ?? sentenceCase(record.sectorName)
      return { data: { code: Number(code), name, cnelName, label: codedLabel(Number(code), name) } }
    },
  }
}

type ContractsLoaded = {
  sectors: Map<string, { id: number; code: number }>
  byCnel: Map<string, { id: number; code: number; hash: string | null; edited: string[] }>
  next: number
}

/** Agreements matched by CNEL code; new ones get the next free contract code. */
function contractPlan(file: string): EntityPlan<CnelRecord, ContractsLoaded> {
  return {
    entity: 'contracts',
    file,
    collection: 'contracts',
    keyField: 'cnelCode',
    conflictField: 'code',
    schema: cnelRecord,
    keyOf: (record) => record.cnelCode,
    load: async (context) => {
      const sectors = tableOf(context.payload, 'sectors')
      const contracts = tableOf(context.payload, 'contracts')
      const sectorRows = (await context.tx
        .select({ id: sectors.id, code: sectors.code, name: sectors.name, cnelName: sectors.cnelName })
        .from(sectors)) as { id: number; code: number; name: string; cnelName: string | null }[]
      const byName = new Map<string, { id: number; code: number }>()
      for (const row of sectorRows) {
        byName.set(comparableName(row.name), row)
        if (row.cnelName) byName.set(comparableName(row.cnelName), row)
      }
      const contractRows = (await context.tx
        .select({
          id: contracts.id,
          code: contracts.code,
          cnelCode: contracts.cnelCode,
          hash: contracts.importHash,
          edited: contracts.handEdited,
        })
        .from(contracts)) as {
        id: number
        code: number
        cnelCode: string | null
        hash: string | null
        edited: unknown
      }[]
      const byCnel = new Map(
        contractRows
          .filter((row) => row.cnelCode)
          .map((row) => [String(row.cnelCode), { ...row, edited: editedFields(row.edited) }]),
      )
      return { sectors: byName, byCnel, next: await nextCode(context, 'contracts') }
    },
    existing: async (_context, loaded) =>
      new Map(
        [...loaded.byCnel].map(([code, row]) => [code, { id: row.id, hash: row.hash, edited: row.edited }]),
      ),
    build: (record, loaded) => {
      const sector = loaded.sectors.get(comparableName(record.sectorName))
      if (!sector) return { reasons: [`settore "${record.sectorName}" inesistente`] }
      const code = Number(loaded.byCnel.get(record.cnelCode)?.code ?? loaded.next++)
      return {
        data: {
          code,
          cnelCode: record.cnelCode,
          title: record.title,
          sector: sector.id,
          sectorCode: Number(sector.code),
          employerSignatories: record.employerSignatories ?? null,
          unionSignatories: record.unionSignatories ?? null,
          firstFiledOn: record.firstFiledOn ? dayToTimestamp(record.firstFiledOn) : null,
          expiresOn: record.expiresOn ? dayToTimestamp(record.expiresOn) : null,
          ...representativenessColumns(record.representativeness),
          cnelFlags: record.flags,
          label: codedLabel(code, record.title),
        },
      }
    },
  }
}

type CategoriesLoaded = {
  contracts: Map<string, { id: number; code: number; sectorCode: number; categories: number }>
  next: number
}

/** One default category, carrying the title, for each agreement that has none. */
function defaultCategoryPlan(file: string): EntityPlan<CnelRecord, CategoriesLoaded> {
  return {
    entity: 'categories',
    file,
    collection: 'categories',
    keyField: 'code',
    schema: z.custom<CnelRecord>(),
    keyOf: (record) => record.cnelCode,
    load: async (context) => {
      const contracts = tableOf(context.payload, 'contracts')
      const categories = tableOf(context.payload, 'categories')
      const rows = (await context.tx
        .select({
          id: contracts.id,
          code: contracts.code,
          cnelCode: contracts.cnelCode,
          sectorCode: contracts.sectorCode,
          categories: count(categories.id),
        })
        .from(contracts)
        .leftJoin(categories, eq(categories.contract, contracts.id))
        .groupBy(contracts.id)) as {
        id: number
        code: number
        cnelCode: string | null
        sectorCode: number
        categories: number
      }[]
      return {
        contracts: new Map(rows.filter((row) => row.cnelCode).map((row) => [String(row.cnelCode), row])),
        next: await nextCode(context, 'categories'),
      }
    },
    existing: async () => new Map(),
    build: (record, loaded) => {
      const contract = loaded.contracts.get(record.cnelCode)
      if (!contract) return { reasons: [`contratto ${record.cnelCode} non importato`] }
      if (Number(contract.categories) > 0) return { unchanged: true }
      const code = loaded.next++
      contract.categories = 1
      return {
        data: {
          code,
          name: record.title,
          contract: contract.id,
          contractCode: Number(contract.code),
          sectorCode: Number(contract.sectorCode),
          label: codedLabel(code, record.title),
        },
      }
    },
  }
}

/**
 * Imports the CNEL national archive list: sectors (by name), agreements (by
 * CNEL code) and a default category for each agreement without categories.
 */
export async function importCnel(options: ImportCnelOptions): Promise<ImportReport> {
  const payload = options.payload ?? (await defaultPayload())
  const source = /^https?:\/\//.test(options.file) ? options.file : path.resolve(options.file)
  const fileName = path.basename(options.file)
  const dryRun = options.dryRun ?? false
  return recordRun(
    payload,
    { format: 'cnel', source, dryRun, trigger: options.trigger ?? 'cli' },
    async () => {
      const startedAt = new Date().toISOString()
      let raw: RawRecord[]
      try {
        const text = options.text ?? (await readSource(source))
        const { values, lines } = parseJsonArrayWithLines(text)
        raw = values.map((value, index) => ({ line: lines[index] ?? index + 1, value }))
      } catch (error) {
        return finishReport({
          format: 'cnel',
          source,
          name: fileName,
          dryRun,
          startedAt,
          entities: [],
          error: `file CNEL illeggibile: ${(error as Error).message}`,
        })
      }
      const valid: ParsedCnel[] = []
      for (const item of raw) {
        if (!('value' in item)) continue
        const parsed = cnelRecord.safeParse(item.value)
        if (parsed.success) valid.push({ line: item.line, record: parsed.data })
      }
      const iterate = (items: RawRecord[]) =>
        async function* () {
          yield* items
        }
      const firstBySector = new Map<string, ParsedCnel>()
      for (const item of valid) {
        const key = comparableName(item.record.sectorName)
        if (!firstBySector.has(key)) firstBySector.set(key, item)
      }
      const sectorRecords = [...firstBySector.values()].map((item) => ({
        line: item.line,
        value: item.record,
      }))
      const seenCodes = new Set<string>()
      const categoryRecords = valid
        .filter((item) => !seenCodes.has(item.record.cnelCode) && seenCodes.add(item.record.cnelCode))
        .map((item) => ({ line: item.line, value: item.record }))

      const entities: EntityReport[] = []
      const written = collectWritten()
      const runAll = async (parent?: Tx) => {
        const common = {
          payload,
          parent,
          dryRun,
          onProgress: options.onProgress,
          chunkSize: options.chunkSize,
          onWritten: written.onWritten,
        }
        entities.push(
          await runBatch(sectorPlan(fileName), {
            ...common,
            total: sectorRecords.length,
            records: iterate(sectorRecords),
          }),
        )
        entities.push(
          await runBatch(contractPlan(fileName), { ...common, total: raw.length, records: iterate(raw) }),
        )
        const contracts = entities[1] ?? emptyEntityReport('contracts', fileName)
        const imported = contracts.failure
          ? []
          : categoryRecords.filter(
              (item) => !contracts.rejected.some((rejection) => rejection.line === item.line),
            )
        entities.push(
          await runBatch(defaultCategoryPlan(fileName), {
            ...common,
            total: imported.length,
            records: iterate(imported),
          }),
        )
      }
      await runOrRehearse(payload, dryRun, runAll)
      if (!dryRun) {
        // The bulk writes skip the collection hooks: what they stored is indexed now.
        await indexWritten(payload, written)
      }
      return finishReport({ format: 'cnel', source, name: fileName, dryRun, startedAt, entities })
    },
  )
}
