import { createHash } from 'node:crypto'
import path from 'node:path'
import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'
import { getEnv } from '../../../modules/platform/index.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isAuthenticatedOrImage } from '../../access/isAuthenticatedOrImage.ts'
import { isEditor } from '../../access/isEditor.ts'
import { servedUploads } from '../uploaded-files.ts'

/** Remembers the content fingerprint, so an import never stores the same file twice. */
const fingerprint: CollectionBeforeChangeHook = ({ data, req }) => {
  if (req.file?.data && req.file.data.length > 0)
    data.sha256 = createHash('sha256').update(req.file.data).digest('hex')
  return data
}

/** Files: news attachments, summary PDFs, contract images (on local disk under DATA_DIR/media in embedded mode). */
export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'File', plural: 'File' },
  admin: {
    group: 'Quotidiano',
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'mimeType', 'filesize', 'updatedAt'],
    listSearchableFields: ['filename', 'alt'],
    description: 'Allegati delle notizie, PDF delle sintesi e immagini dei contratti.',
  },
  access: {
    read: isAuthenticatedOrImage,
    create: isEditor,
    update: isEditor,
    delete: isAdmin,
  },
  upload: {
    staticDir: path.join(getEnv().dataDir, 'media'),
    ...servedUploads(path.join(getEnv().dataDir, 'media')),
    mimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
    adminThumbnail: ({ doc }) =>
      String(doc.mimeType ?? '').startsWith('image/') ? String(doc.url ?? '') : null,
  },
  hooks: { beforeChange: [fingerprint] },
  fields: [
    { name: 'alt', type: 'text', label: 'Descrizione' },
    { name: 'sha256', type: 'text', label: 'Impronta SHA-256', index: true, admin: { hidden: true } },
  ],
}
