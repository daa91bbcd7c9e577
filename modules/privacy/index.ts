/** Personal data: the inventory (docs/privacy.md, the policy's retention table), the data export, retention. */

/** Every kind of personal data: where it lives, why, for how long; and docs/privacy.md's table made from it. */
export { personalData, inventoryMarkdown, type PersonalDataEntry } from './inventory.ts'
/** Everything kept about one subscriber, asked of each module. */
export { collectAccountData, type AccountData } from './collect-account-data.ts'
/** The ZIP of an export (dati.json, one CSV per section, LEGGIMI.txt). */
export { buildArchive, sectionCsv } from './build-archive.ts'
/** Asking for an export: one an hour per account, queued as the job `dataExport`. */
export { requestDataExport, DATA_EXPORT_TASK, EXPORTS_PER_HOUR } from './request-data-export.ts'
/** The job's work: archive stored, link (24 hours) mailed. */
export {
  produceDataExport,
  exportLink,
  EXPORT_DOWNLOAD_PATH,
  EXPORT_LINK_HOURS,
} from './produce-data-export.ts'
/** Opening a mailed link: the archive for the account that asked, or expired / invalid. */
export { openDataExport, type ExportOpening } from './open-data-export.ts'
/** The nightly retention run and the purge of expired archives. */
export {
  applyRetention,
  purgeExpiredExports,
  eraseDataExports,
  type RetentionReport,
} from './apply-retention.ts'
/** The pool the module's work runs on (the portal's database). */
export { privacyPool } from './runtime.ts'
/** The SQL of `privacy_exports`, applied by the migration `20261127_040000_privacy_exports`. */
export { privacySchemaV1 } from './sql.ts'
