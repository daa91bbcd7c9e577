import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import { z } from 'zod'
import {
  invalidateAtecoCache,
  IstatFileError,
  parseIstatAteco,
  type AtecoRecord,
  type ParsedRow,
} from '../ateco/index.ts'
import { runOrRehearse } from './database.ts'
import { runBatch, type EntityPlan, type ProgressListener } from './engine.ts'
import { defaultPayload } from './import-package.ts'
import type { RawRecord } from './readers.ts'
import { finishReport, type EntityReport, type ImportReport } from './report.ts'
import { recordRun, type RunTrigger } from './runs.ts'

export type ImportAtecoOptions = {
  /** The ISTAT list of ATECO 2025 codes (`;`-separated CSV, docs/data-format.md). */
  file: string
  dryRun?: boolean
  onProgress?: ProgressListener
  payload?: Payload
  trigger?: RunTrigger
  chunkSize?: number
}

/** The codes of the list, by code. */
function atecoPlan(file: string): EntityPlan<AtecoRecord, undefined> {
  return {
    entity: 'atecoCodes',
    file,
    collection: 'ateco-codes',
    keyField: 'code',
    // The rows were checked by the parser: a refused one arrives as an error with its reasons.
    schema: z.custom<AtecoRecord>(),
    keyOf: (record) => record.code,
    load: async () => undefined,
    build: (record) => ({
      data: {
        code: record.code,
        title: record.title,
        level: record.level,
        section: record.section,
        parentCode: record.parentCode,
        order: record.order,
        includes: record.includes,
        excludes: record.excludes,
      },
    }),
  }
}

const toRaw = (row: ParsedRow): RawRecord =>
  'error' in row ? { line: row.line, error: row.error } : { line: row.line, value: row.record }

/**
 * Imports the ISTAT list of ATECO 2025 codes: every code upserted by its
 * code with title, level, section, parent and notes; a second run of the same
 * file leaves everything unchanged; bad rows are refused with their line.
 */
export async function importAteco(options: ImportAtecoOptions): Promise<ImportReport> {
  const payload = options.payload ?? (await defaultPayload())
  const source = path.resolve(options.file)
  const name = path.basename(options.file)
  const dryRun = options.dryRun ?? false
  return recordRun(
    payload,
    { format: 'ateco', source, dryRun, trigger: options.trigger ?? 'cli' },
    async () => {
      const startedAt = new Date().toISOString()
      let rows: ParsedRow[]
      try {
        rows = parseIstatAteco(await readFile(source, 'utf8'))
      } catch (error) {
        const reason =
          error instanceof IstatFileError
            ? error.message
            : (error as NodeJS.ErrnoException).code === 'ENOENT'
              ? 'file non trovato'
              : (error as Error).message
        return finishReport({
          format: 'ateco',
          source,
          name,
          dryRun,
          startedAt,
          entities: [],
          error: `elenco ATECO illeggibile: ${reason}`,
        })
      }
      const records = rows.map(toRaw)
      const entities: EntityReport[] = []
      const run = async (parent?: Parameters<typeof runBatch>[1]['parent']) => {
        entities.push(
          await runBatch(atecoPlan(name), {
            payload,
            parent,
            dryRun,
            onProgress: options.onProgress,
            chunkSize: options.chunkSize,
            total: records.length,
            records: async function* () {
              yield* records
            },
          }),
        )
      }
      await runOrRehearse(payload, dryRun, run)
      if (!dryRun) {
        invalidateAtecoCache()
      }
      return finishReport({ format: 'ateco', source, name, dryRun, startedAt, entities })
    },
  )
}
