import { lexicalEditor, LinkFeature } from '@payloadcms/richtext-lexical'
import type { CollectionConfig } from 'payload'
import { newsTypes, type NewsType } from '../../../modules/content/index.ts'
import { isEditor } from '../../access/isEditor.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { invalidateFeedCache } from '../../hooks/invalidateFeedCache.ts'
import { invalidatePublicPages } from '../../hooks/invalidatePublicPages.ts'
import { htmlField, importHashField } from '../fields.ts'
import { fillNewsFields } from './hooks/fillNewsFields.ts'
import { renderBody } from './hooks/renderBody.ts'
import { queueFollowerNotifications } from './hooks/queueFollowerNotifications.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Italian names of the news types. */
export const newsTypeLabels: Record<NewsType, string> = {
  news: 'Notizia',
  deadline: 'Scadenza',
  changelog: 'Aggiornamento prodotti',
}

/** The daily feed (Quotidiano): news, deadlines and product updates, with drafts and scheduled publication. */
export const News: CollectionConfig = {
  slug: 'news',
  labels: { singular: 'Notizia', plural: 'Notizie' },
  admin: {
    group: 'Quotidiano',
    useAsTitle: 'title',
    defaultColumns: ['title', 'type', 'date', '_status', 'updatedAt'],
    listSearchableFields: ['title', 'slug', 'guid'],
    description: 'Notizie, scadenze e aggiornamenti prodotti del Quotidiano CCNL.',
  },
  defaultSort: '-date',
  access: {
    read: isEditor,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
    readVersions: isEditor,
  },
  versions: {
    drafts: { schedulePublish: true },
    maxPerDoc: 25,
  },
  indexes: [{ fields: ['period', 'slug'], unique: true }],
  hooks: {
    afterChange: [
      searchHooks.news.afterChange,
      queueFollowerNotifications,
      invalidateFeedCache,
      invalidatePublicPages,
    ],
    afterDelete: [searchHooks.news.afterDelete, invalidateFeedCache, invalidatePublicPages],
    beforeValidate: [fillNewsFields],
    beforeChange: [clearImportHash, renderBody],
  },
  fields: [
    { name: 'title', type: 'text', label: 'Titolo', required: true },
    {
      type: 'row',
      fields: [
        {
          name: 'type',
          type: 'select',
          label: 'Tipo',
          required: true,
          defaultValue: 'news',
          index: true,
          options: newsTypes.map((value) => ({ value, label: newsTypeLabels[value] })),
          admin: { width: '50%' },
        },
        {
          name: 'date',
          type: 'date',
          label: 'Data',
          required: true,
          index: true,
          defaultValue: () => new Date().toISOString(),
          admin: { width: '50%', date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
        },
      ],
    },
    {
      name: 'body',
      type: 'richText',
      label: 'Testo',
      editor: lexicalEditor({
        features: ({ defaultFeatures }) => [
          ...defaultFeatures.filter((feature) => !['relationship', 'upload', 'link'].includes(feature.key)),
          LinkFeature({ enabledCollections: ['news'] }),
        ],
      }),
    },
    htmlField(
      'html',
      'HTML pubblicato',
      false,
      "Il testo mostrato sul portale. Per le notizie importate è l'HTML ricevuto; se scrivi il testo qui sopra viene rigenerato al salvataggio.",
    ),
    {
      name: 'sectors',
      type: 'relationship',
      relationTo: 'sectors',
      hasMany: true,
      label: 'Settori',
      index: true,
    },
    {
      name: 'contracts',
      type: 'relationship',
      relationTo: 'contracts',
      hasMany: true,
      label: 'Contratti',
      index: true,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'attachment',
          type: 'upload',
          relationTo: 'media',
          label: 'Allegato',
          admin: { width: '50%' },
        },
        { name: 'attachmentName', type: 'text', label: "Nome dell'allegato", admin: { width: '50%' } },
      ],
    },
    {
      name: 'slug',
      type: 'text',
      label: 'Slug',
      index: true,
      admin: {
        position: 'sidebar',
        description: "Parte finale dell'indirizzo; se vuoto è ricavato dal titolo. Unico nel mese.",
      },
    },
    {
      name: 'guid',
      type: 'text',
      label: 'GUID',
      unique: true,
      index: true,
      admin: { position: 'sidebar', readOnly: true },
    },
    { name: 'period', type: 'text', label: 'Anno e mese', index: true, admin: { hidden: true } },
    importHashField,
  ],
}
