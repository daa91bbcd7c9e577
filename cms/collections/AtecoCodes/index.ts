import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { atecoLevels, invalidateAtecoCache } from '../../../modules/ateco/index.ts'
import { importedCollection } from '../imported.ts'

const levelLabels: Record<(typeof atecoLevels)[number], string> = {
  sezione: 'Sezione',
  divisione: 'Divisione',
  gruppo: 'Gruppo',
  classe: 'Classe',
  categoria: 'Categoria',
  sottocategoria: 'Sottocategoria',
}

/** An editor's correction shows in 'Che contratto applico?' at once. */
const refreshFinder: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidateAtecoCache()
  return doc
}

/** The ISTAT list of ATECO 2025 codes (npm run import -- --source ateco): titles, levels and notes. */
export const AtecoCodes = importedCollection({
  slug: 'ateco-codes',
  labels: { singular: 'Codice ATECO', plural: 'Codici ATECO' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'code',
    defaultColumns: ['code', 'title', 'level', 'section', 'updatedAt'],
    listSearchableFields: ['code', 'title', 'includes'],
    description:
      'La classificazione ATECO 2025 dell’ISTAT: titoli ufficiali e note esplicative, usati da «Che contratto applico?».',
  },
  defaultSort: 'order',
  hooks: { afterChange: [refreshFinder], afterDelete: [refreshFinder] },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'code',
          type: 'text',
          label: 'Codice ATECO',
          required: true,
          unique: true,
          index: true,
          maxLength: 16,
          admin: { width: '25%' },
        },
        {
          name: 'level',
          type: 'select',
          label: 'Livello',
          required: true,
          index: true,
          options: atecoLevels.map((value) => ({ value, label: levelLabels[value] })),
          admin: { width: '25%' },
        },
        {
          name: 'section',
          type: 'text',
          label: 'Sezione',
          required: true,
          index: true,
          maxLength: 1,
          admin: { width: '25%' },
        },
        { name: 'parentCode', type: 'text', label: 'Codice padre', admin: { width: '25%' } },
      ],
    },
    { name: 'title', type: 'text', label: 'Titolo ufficiale', required: true },
    {
      name: 'includes',
      type: 'textarea',
      label: 'Comprende',
      admin: {
        description: 'Le attività incluse secondo le note esplicative (si cercano anche queste parole).',
      },
    },
    { name: 'excludes', type: 'textarea', label: 'Non comprende' },
    {
      name: 'order',
      type: 'number',
      label: 'Ordine ISTAT',
      index: true,
      admin: { position: 'sidebar', step: 1 },
    },
  ],
})
