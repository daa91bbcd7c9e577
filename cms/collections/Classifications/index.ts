import {
  classificationKey,
  classificationSchemes,
  type ClassificationScheme,
} from '../../../modules/content/index.ts'
import { copiedCodeField, keyField, parentField } from '../fields.ts'
import { categoryCodes, importedCollection } from '../imported.ts'

/** Classification codes of a category: CNEL, INPS and ATECO. */
export const Classifications = importedCollection({
  slug: 'classifications',
  labels: { singular: 'Classificazione', plural: 'Classificazioni' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'key',
    defaultColumns: ['scheme', 'code', 'description', 'category', 'updatedAt'],
    listSearchableFields: ['code', 'description', 'key'],
    description: 'Codici CNEL, INPS (con codice CCNL e nota) e ATECO per categoria.',
  },
  defaultSort: 'key',
  copies: [categoryCodes],
  derive: (record) => ({
    key: classificationKey(
      Number(record.categoryCode),
      record.scheme as ClassificationScheme,
      String(record.code ?? ''),
    ),
  }),
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'scheme',
          type: 'select',
          label: 'Tipo',
          required: true,
          index: true,
          options: classificationSchemes.map((value) => ({ value, label: value })),
          admin: { width: '33%' },
        },
        { name: 'code', type: 'text', label: 'Codice', required: true, index: true, admin: { width: '33%' } },
        {
          name: 'ccnlCode',
          type: 'text',
          label: 'Codice CCNL (INPS)',
          admin: { width: '33%', condition: (data) => data?.scheme === 'INPS' },
        },
      ],
    },
    { name: 'description', type: 'textarea', label: 'Descrizione' },
    {
      name: 'note',
      type: 'textarea',
      label: 'Nota (INPS)',
      admin: { condition: (data) => data?.scheme === 'INPS' },
    },
    parentField('category', 'categories', 'Categoria'),
    keyField('Categoria, tipo e codice.'),
    copiedCodeField('categoryCode', 'Codice categoria'),
    copiedCodeField('contractCode', 'Codice contratto'),
  ],
})
