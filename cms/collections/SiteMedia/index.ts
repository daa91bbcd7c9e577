import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { APIError, type CollectionBeforeOperationHook, type CollectionConfig } from 'payload'
import { isCaptionsUpload, webVttProblem } from '../../../modules/site-content/index.ts'
import { getEnv } from '../../../modules/platform/index.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isEditor } from '../../access/isEditor.ts'
import { anyone } from '../../access/anyone.ts'
import { servedUploads } from '../uploaded-files.ts'

/**
 * A text file is accepted only as a demo video's captions, and only when it is
 * WebVTT (`.vtt`, first line `WEBVTT`, at least one timed cue): Payload itself
 * sees any text file as text/plain and would take it.
 */
const checkCaptions: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const file = req.file
  if ((operation !== 'create' && operation !== 'update') || !file) return args
  if (!isCaptionsUpload(file.name, file.mimetype)) return args
  const data = file.data.length > 0 || !file.tempFilePath ? file.data : await readFile(file.tempFilePath)
  const problem = webVttProblem(file.name, data)
  // An APIError with the message itself: the REST answer carries only the message (the admin shows it).
  if (problem) throw new APIError(problem, 400, { field: 'file' }, true)
  file.mimetype = 'text/vtt'
  return args
}

/** Files of the public pages: product screenshots, demo videos with their posters and captions, print reports. Anyone may read them. */
export const SiteMedia: CollectionConfig = {
  slug: 'site-media',
  labels: { singular: 'File del sito', plural: 'File del sito' },
  admin: {
    group: 'Sito',
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'mimeType', 'filesize', 'updatedAt'],
    listSearchableFields: ['filename', 'alt'],
    description:
      'Immagini, video dimostrativi (MP4 o WebM) con le loro copertine e i sottotitoli (WebVTT, .vtt), report delle pagine prodotto. Sono pubblici.',
  },
  hooks: { beforeOperation: [checkCaptions] },
  access: { read: anyone, create: isEditor, update: isEditor, delete: isAdmin },
  upload: {
    staticDir: path.join(getEnv().dataDir, 'site-media'),
    ...servedUploads(path.join(getEnv().dataDir, 'site-media')),
    mimeTypes: [
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/svg+xml',
      'video/mp4',
      'video/webm',
      'application/pdf',
      // Captions: Payload recognises a .vtt file only as text/plain; checkCaptions lets through WebVTT alone.
      'text/vtt',
      'text/plain',
    ],
    adminThumbnail: ({ doc }) =>
      String(doc.mimeType ?? '').startsWith('image/') ? String(doc.url ?? '') : null,
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      label: 'Descrizione',
      required: true,
      admin: { description: 'Cosa mostra il file, per chi non lo vede (testo alternativo).' },
    },
  ],
}
