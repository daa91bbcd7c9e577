import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { it } from '../../modules/i18n/index.ts'
import { errorBody, getEnv, uploadedFileHeaders } from '../../modules/platform/index.ts'

type UploadConfig = Exclude<CollectionConfig['upload'], boolean | undefined>
type FileHandler = NonNullable<UploadConfig['handlers']>[number]

const notFound = (filename: string) =>
  Response.json(errorBody('not_found', it.errors.fileNotFound(filename)), {
    status: 404,
    headers: { 'cache-control': 'no-store' },
  })

/**
 * Answers 404 in Italian, before Payload looks for the file, when no document
 * of the collection has that name, or (local disk) when its file is missing:
 * Payload itself would answer 500 and log an error. A missing file of an
 * existing document is logged as a warning, for the operators.
 */
function missingFile(staticDir: string): FileHandler {
  // Payload's type allows a Response or nothing, but not a promise of either: the handler is one.
  const handler = async (...[req, { params }]: Parameters<FileHandler>): Promise<Response | undefined> => {
    const { collection, filename } = params
    const found = await req.payload.count({
      collection: collection as 'media',
      where: { filename: { equals: filename } },
      overrideAccess: true,
      req,
    })
    if (found.totalDocs === 0) return notFound(filename)
    // Found (and, on S3, left to the storage's own handler): Payload serves it.
    if (getEnv().S3_BUCKET !== undefined) return undefined
    const root = path.resolve(staticDir)
    const file = path.resolve(root, filename)
    if (!file.startsWith(`${root}${path.sep}`)) return notFound(filename)
    try {
      await stat(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      req.payload.logger.warn({ collection, filename }, 'File caricato mancante sul disco')
      return notFound(filename)
    }
    // Captions: Payload would call them text/plain, which a player may refuse for a <track>.
    if (/\.vtt$/i.test(filename)) return captionsFile(file)
    return undefined
  }
  return handler as FileHandler
}

/** A WebVTT file (small, read whole) with its own type and the headers of an uploaded file. */
async function captionsFile(file: string): Promise<Response> {
  const type = 'text/vtt; charset=utf-8'
  return new Response(await readFile(file), {
    headers: { 'content-type': type, ...uploadedFileHeaders('', type) },
  })
}

/**
 * How an upload collection's files are served (media, site media): a missing
 * one is a 404 in Italian, and every file carries the headers of an uploaded
 * file (`uploadedFileHeaders`: no script, an SVG downloaded when opened on its
 * own), replacing Payload's own policy so the answer has one.
 */
export function servedUploads(staticDir: string): Pick<UploadConfig, 'handlers' | 'modifyResponseHeaders'> {
  return {
    handlers: [missingFile(staticDir)],
    modifyResponseHeaders: ({ headers }) => {
      const type = headers.get('content-type')
      // The file's name is not given here: its type decides (Payload names SVG and XML files by it).
      for (const [name, value] of Object.entries(uploadedFileHeaders('', type))) headers.set(name, value)
      return headers
    },
  }
}
