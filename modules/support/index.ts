/** The help centre's support reports and the proof-of-work captcha that protects them. */

/** The request types of a report and their Italian names. */
export { reportTypes, reportTypeLabels, type ReportType } from './types.ts'
/** Storing a report and mailing it to support. */
export {
  submitSupportReport,
  eraseSupportReports,
  reportBodySchema,
  type ReportBody,
  type Reporter,
} from './reports.ts'
/** ALTCHA challenges and single-use verification of their solutions. */
export { createCaptchaChallenge, verifyCaptcha, CHALLENGE_TTL_MS, type CaptchaOutcome } from './captcha.ts'
/** The SQL of the `captcha_solutions` table, applied by the site-content migration. */
export { supportSchemaV1 } from './sql.ts'
/** The help-centre reports a subscriber sent, for the data export. */
export { exportAccountData, type SupportDataExport } from './export-account-data.ts'
