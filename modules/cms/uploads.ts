import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createLocalReq, type Payload, type UploadCollectionSlug } from 'payload'

/** What an upload document says about its file: its name and, with S3 storage, where in the bucket it is. */
export type StoredUpload = { filename: string; prefix?: string | null; _objectKey?: string | null }

/** A file a document names but the storage does not have. */
export class UploadMissingError extends Error {
  constructor(collection: string, filename: string, reason: string) {
    super(`File «${filename}» di ${collection} non leggibile: ${reason}`)
    this.name = 'UploadMissingError'
  }
}

/**
 * The content of an uploaded file, wherever its collection keeps it: through
 * the collection's storage handler (the S3 bucket, cms/storage.ts) as Payload
 * serves it, or from the collection's directory on local disk. For server code
 * that has already checked the reader's access (summary PDFs, attachments).
 */
export async function readUpload(
  payload: Payload,
  collection: UploadCollectionSlug,
  doc: StoredUpload,
): Promise<Buffer> {
  const upload = payload.collections[collection].config.upload
  const filename = path.basename(doc.filename)
  if (upload.handlers?.length) {
    const req = await createLocalReq({}, payload)
    for (const handler of upload.handlers) {
      const response = await handler(req, {
        doc: doc as never,
        headers: new Headers(),
        params: { collection, filename },
      })
      if (!(response instanceof Response)) continue
      if (!response.ok) throw new UploadMissingError(collection, filename, `risposta ${response.status}`)
      return Buffer.from(await response.arrayBuffer())
    }
  }
  try {
    return await readFile(path.join(upload.staticDir ?? collection, filename))
  } catch (error) {
    throw new UploadMissingError(collection, filename, (error as Error).message)
  }
}
