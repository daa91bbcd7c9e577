/** The process's Payload CMS instance and the uploads it keeps. */

/** Payload started once with the portal's configuration (cms/start.ts), then reached by every module. */
export { getCms, getPool, poolOf, startCms } from './payload.ts'
/** The content of an uploaded file, on local disk or in the S3 bucket alike. */
export { readUpload, UploadMissingError, type StoredUpload } from './uploads.ts'
/** The jobs queue's counts (due, scheduled, running, failed) through Payload's API, for the metrics. */
export { jobQueueFigures, type JobQueueFigures } from './job-queue.ts'
/** A NOTIFY sender in the transaction of a Payload request: heard once the change is committed. */
export { requestNotify } from './notify.ts'
