import type { CollectionConfig } from 'payload'
import {
  classificationKey,
  classificationSchemes,
  type ClassificationScheme,
} from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import { copiedCodeField, importHashField, keyField, parentField } from '../fields.ts'

/** Classification codes of a category: CNEL, INPS and ATECO. */
export const Classifications: CollectionConfig = {
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
  access: databaseAccess,
  hooks: {
    beforeChange: [
      clearImportHash,
      copyCodes([
        {
          relation: 'category',
          collection: 'categories',
          fields: { categoryCode: 'code', contractCode: 'contractCode' },
        },
      ]),
      setDerivedFields((record) => ({
        key: classificationKey(
          Number(record.categoryCode),
          record.scheme as ClassificationScheme,
          String(record.code ?? ''),
        ),
      })),
    ],
  },
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
    importHashField,
  ],
}
