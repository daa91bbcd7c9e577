import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import type { ProgressListener } from './engine.ts'
import { importCnel } from './import-cnel.ts'
import { defaultPayload, importPackage } from './import-package.ts'
import { finishReport, type ImportReport } from './report.ts'
import { recordRun, type RunTrigger } from './runs.ts'

export type ImportSourceOptions = {
  /** A package folder, a CNEL `.json` file, or an http(s) address of a CNEL list. */
  source: string
  payload?: Payload
  dryRun?: boolean
  trigger?: RunTrigger
  onProgress?: ProgressListener
}

/** Imports whatever IMPORT_SOURCE names: a data package folder or the CNEL archive list (file or URL). */
export async function importSource(options: ImportSourceOptions): Promise<ImportReport> {
  const { source, ...rest } = options
  if (/^https?:\/\//i.test(source)) return importCnel({ ...rest, file: source })
  let isDirectory: boolean | undefined
  try {
    isDirectory = (await stat(source)).isDirectory()
  } catch {
    isDirectory = undefined
  }
  if (isDirectory === undefined) {
    const payload = options.payload ?? (await defaultPayload())
    const dryRun = options.dryRun ?? false
    const absolute = path.resolve(source)
    return recordRun(
      payload,
      { format: 'package', source: absolute, dryRun, trigger: options.trigger ?? 'cli' },
      async () =>
        finishReport({
          format: 'package',
          source: absolute,
          name: path.basename(absolute),
          dryRun,
          startedAt: new Date().toISOString(),
          entities: [],
          error: `origine dei dati non trovata: ${absolute}`,
        }),
    )
  }
  return isDirectory ? importPackage({ ...rest, dir: source }) : importCnel({ ...rest, file: source })
}
