import type { CollectionConfig, Field } from 'payload'
import { legalSlugs } from '../../../modules/site-content/index.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isEditor } from '../../access/isEditor.ts'
import { invalidatePublicPages } from '../../hooks/invalidatePublicPages.ts'
import { renderSections } from './hooks/renderSections.ts'

const htmlField = (name: string): Field => ({
  name,
  type: 'code',
  label: 'HTML pubblicato',
  admin: { hidden: true },
})

const sectionFields = (withSubsections: boolean): Field[] => [
  { name: 'title', type: 'text', label: 'Titolo', required: true },
  { name: 'body', type: 'richText', label: 'Testo' },
  htmlField('html'),
  ...(withSubsections
    ? [
        {
          name: 'subsections',
          type: 'array',
          label: 'Sottocapitoli',
          labels: { singular: 'Sottocapitolo', plural: 'Sottocapitoli' },
          admin: { initCollapsed: true },
          fields: sectionFields(false),
        } satisfies Field,
      ]
    : []),
]

/** Terms and conditions, privacy policy and cookie policy, in chapters. */
export const LegalPages: CollectionConfig = {
  slug: 'legal-pages',
  labels: { singular: 'Pagina legale', plural: 'Pagine legali' },
  admin: {
    group: 'Sito',
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'lastUpdated', 'updatedAt'],
    description: 'Termini e condizioni, privacy policy e cookie policy. Le modifiche sono subito online.',
    preview: (doc) => (typeof doc.slug === 'string' ? `/${doc.slug}` : null),
  },
  access: { read: isEditor, create: isEditor, update: isEditor, delete: isAdmin },
  hooks: {
    beforeChange: [renderSections],
    afterChange: [invalidatePublicPages],
    afterDelete: [invalidatePublicPages],
  },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'title', type: 'text', label: 'Titolo', required: true, admin: { width: '50%' } },
        {
          name: 'slug',
          type: 'select',
          label: 'Indirizzo',
          required: true,
          unique: true,
          options: legalSlugs.map((slug) => ({ value: slug, label: `/${slug}` })),
          admin: { width: '25%' },
        },
        {
          name: 'lastUpdated',
          type: 'date',
          label: 'Ultimo aggiornamento',
          required: true,
          admin: { width: '25%', date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
        },
      ],
    },
    {
      name: 'metaDescription',
      type: 'textarea',
      label: 'Descrizione per i motori di ricerca',
      required: true,
      maxLength: 300,
    },
    { name: 'intro', type: 'richText', label: 'Introduzione' },
    htmlField('introHtml'),
    {
      name: 'sections',
      type: 'array',
      label: 'Capitoli',
      labels: { singular: 'Capitolo', plural: 'Capitoli' },
      admin: { initCollapsed: true },
      fields: sectionFields(true),
    },
  ],
}
