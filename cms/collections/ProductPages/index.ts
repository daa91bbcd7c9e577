import type { CollectionConfig } from 'payload'
import { productSlugs } from '../../../modules/site-content/index.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isEditor } from '../../access/isEditor.ts'
import { productPageBlocks } from '../../blocks/index.ts'
import { invalidatePublicPages } from '../../hooks/invalidatePublicPages.ts'

/** The product pages /prodotti/{slug}, composed of blocks by the editors. */
export const ProductPages: CollectionConfig = {
  slug: 'product-pages',
  labels: { singular: 'Pagina prodotto', plural: 'Pagine prodotto' },
  admin: {
    group: 'Sito',
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'updatedAt'],
    description:
      'Le pagine /prodotti/werte, /prodotti/wertecolf e /prodotti/werteplus. Le modifiche sono subito online.',
    preview: (doc) => (typeof doc.slug === 'string' ? `/prodotti/${doc.slug}` : null),
  },
  access: { read: isEditor, create: isEditor, update: isEditor, delete: isAdmin },
  hooks: { afterChange: [invalidatePublicPages], afterDelete: [invalidatePublicPages] },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'title', type: 'text', label: 'Nome del prodotto', required: true, admin: { width: '50%' } },
        {
          name: 'slug',
          type: 'select',
          label: 'Indirizzo',
          required: true,
          unique: true,
          options: productSlugs.map((slug) => ({ value: slug, label: `/prodotti/${slug}` })),
          admin: { width: '50%' },
        },
      ],
    },
    {
      name: 'tagline',
      type: 'text',
      label: 'In breve',
      required: true,
      admin: { description: 'Una riga: compare nella scheda su /prodotti.' },
    },
    {
      name: 'metaDescription',
      type: 'textarea',
      label: 'Descrizione per i motori di ricerca',
      required: true,
      maxLength: 300,
    },
    {
      name: 'layout',
      type: 'blocks',
      label: 'Contenuto',
      blocks: productPageBlocks,
      required: true,
      minRows: 1,
    },
  ],
}
