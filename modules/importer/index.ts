/** The import pipeline: data packages and the CNEL archive list into the content collections. */

/** Imports a data package folder (docs/data-format.md); idempotent upserts, one transaction per entity. */
export { importPackage, hasContent, readManifest, type ImportPackageOptions } from './import-package.ts'
/** Imports the CNEL national archive list of agreements (sectors, contracts, default categories). */
export { importCnel, type ImportCnelOptions } from './import-cnel.ts'
/** Imports the ISTAT list of ATECO 2025 codes (`;`-separated CSV). */
export { importAteco, type ImportAtecoOptions } from './import-ateco.ts'
/** Imports a package folder, a CNEL file or a CNEL URL, chosen by what the source is. */
export { importSource, type ImportSourceOptions } from './import-source.ts'
/** The import report, its Italian text rendering and the entity names. */
export {
  formatReport,
  entityLabel,
  type ImportReport,
  type EntityReport,
  type Rejection,
  type ImportStatus,
  type ImportFormat,
} from './report.ts'
/** Progress events and the terminal progress bar. */
export { createProgressBar, type ProgressBar } from './progress.ts'
export type { ImportProgress, ProgressListener } from './engine.ts'
/** What started an import, as written in the import log. */
export type { RunTrigger } from './runs.ts'
