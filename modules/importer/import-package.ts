import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import { z } from 'zod'
import { entityNames, manifestSchema, type Manifest } from '../content/index.ts'
import { runOrRehearse, type Tx } from './database.ts'
import { runBatch, type ProgressListener } from './engine.ts'
import { packagePlans } from './entities.ts'
import { mediaResolver } from './media.ts'
import { readRecords } from './readers.ts'
import { emptyEntityReport, finishReport, type EntityReport, type ImportReport } from './report.ts'
import { collectWritten, indexWritten } from './index-written.ts'
import { latestDecorrenze, queueImportAlerts } from './renewal-alerts.ts'
import { recordRun, type RunTrigger } from './runs.ts'

export type ImportPackageOptions = {
  /** The package folder (with manifest.json). */
  dir: string
  /** Validate and report without storing anything. */
  dryRun?: boolean
  onProgress?: ProgressListener
  /** The Payload instance; the process-wide one when omitted. */
  payload?: Payload
  /** What started the import (written in the import log). */
  trigger?: RunTrigger
  /** Records written per statement (tests use small chunks). */
  chunkSize?: number
}

/** Thrown inside the dry-run transaction to undo everything it did. */
export async function defaultPayload(): Promise<Payload> {
  const { getCms } = await import('../cms/index.ts')
  return getCms()
}

/** Reads and validates `manifest.json`. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, 'manifest.json')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new Error(`manifest.json non trovato in ${dir}`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`manifest.json non è JSON valido: ${(error as Error).message}`, { cause: error })
  }
  const parsed = manifestSchema.safeParse(json, { error: z.locales.it().localeError })
  if (!parsed.success) {
    throw new Error(
      `manifest.json non valido: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`).join('; ')}`,
    )
  }
  return parsed.data
}

/** Counts the non-empty lines of a file (the progress bar's total). */
async function countLines(file: string): Promise<number> {
  let count = 0
  let lineHasText = false
  for await (const chunk of createReadStream(file)) {
    for (const byte of chunk as Buffer) {
      if (byte === 10) {
        if (lineHasText) count += 1
        lineHasText = false
      } else if (byte !== 13 && byte !== 32) lineHasText = true
    }
  }
  return count + (lineHasText ? 1 : 0)
}

/**
 * Imports a data package (docs/data-format.md): one transaction per entity,
 * in dependency order; bad records are reported with their line and skipped.
 * A dry run does the same work inside one transaction and rolls it back.
 */
export async function importPackage(options: ImportPackageOptions): Promise<ImportReport> {
  const payload = options.payload ?? (await defaultPayload())
  const dir = path.resolve(options.dir)
  const dryRun = options.dryRun ?? false
  return recordRun(
    payload,
    { format: 'package', source: dir, dryRun, trigger: options.trigger ?? 'cli' },
    async () => {
      const startedAt = new Date().toISOString()
      let manifest: Manifest
      try {
        manifest = await readManifest(dir)
      } catch (error) {
        return finishReport({
          format: 'package',
          source: dir,
          name: path.basename(dir),
          dryRun,
          startedAt,
          entities: [],
          error: (error as Error).message,
        })
      }
      const plans = packagePlans({ media: mediaResolver(dir) })
      const entities: EntityReport[] = []
      const written = collectWritten()

      const runAll = async (parent?: Tx) => {
        for (const entity of entityNames) {
          const fileName = manifest.files[entity]
          if (!fileName) continue
          const file = path.join(dir, fileName)
          try {
            if (!(await stat(file)).isFile()) throw new Error('not a file')
          } catch {
            entities.push({ ...emptyEntityReport(entity, fileName), failure: `file ${fileName} non trovato` })
            continue
          }
          const total = await countLines(file)
          const planFor = plans[entity] as (file: string) => Parameters<typeof runBatch>[0]
          entities.push(
            await runBatch(planFor(fileName), {
              payload,
              parent,
              dryRun,
              total: fileName.endsWith('.csv') ? Math.max(total - 1, 0) : total,
              records: () => readRecords(file),
              onProgress: options.onProgress,
              chunkSize: options.chunkSize,
              onWritten: written.onWritten,
            }),
          )
        }
      }

      // A new latest decorrenza alerts the followers: the newest of each category, before and after.
      const alerting = !dryRun && Boolean(manifest.files.payTables)
      const latestBefore = alerting ? await latestDecorrenze(payload) : null
      await runOrRehearse(payload, dryRun, runAll)
      if (!dryRun) {
        // The bulk writes skip the collection hooks: what they stored is indexed now.
        await indexWritten(payload, written)
      }
      if (latestBefore) await queueImportAlerts(payload, latestBefore)
      return finishReport({
        format: 'package',
        source: dir,
        name: manifest.name,
        dryRun,
        startedAt,
        entities,
      })
    },
  )
}

/** True when the database already holds contracts (the demo set need not be loaded). */
export async function hasContent(payload?: Payload): Promise<boolean> {
  const cms = payload ?? (await defaultPayload())
  const result = await cms.count({ collection: 'contracts', overrideAccess: true })
  return result.totalDocs > 0
}
