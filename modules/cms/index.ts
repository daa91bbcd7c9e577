/** Access to the Payload CMS instance and its start-up. */

/** The process-wide Payload instance. */
export { getCms } from './payload.ts'
/** Start-up (migrations) and the readiness probe. */
export { bootstrapCms, cmsReadiness, type Readiness } from './bootstrap.ts'
/** The content of an uploaded file, on local disk or in the S3 bucket alike. */
export { readUpload, UploadMissingError, type StoredUpload } from './uploads.ts'
