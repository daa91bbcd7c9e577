import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { getEnv } from '../../../modules/platform/index.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isEditor } from '../../access/isEditor.ts'
import { anyone } from '../../access/anyone.ts'
import { servedUploads } from '../uploaded-files.ts'

/** Files of the public pages: product screenshots, demo videos, print reports. Anyone may read them. */
export const SiteMedia: CollectionConfig = {
  slug: 'site-media',
  labels: { singular: 'File del sito', plural: 'File del sito' },
  admin: {
    group: 'Sito',
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'mimeType', 'filesize', 'updatedAt'],
    listSearchableFields: ['filename', 'alt'],
    description: 'Immagini, video dimostrativi e report delle pagine prodotto. Sono pubblici.',
  },
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
