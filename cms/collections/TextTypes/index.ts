import type { CollectionConfig } from 'payload'
import { codedLabel } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import { codeField, importHashField, labelField } from '../fields.ts'

/** Types of contract texts (tipisia): CCNL, agreement, minutes, ... */
export const TextTypes: CollectionConfig = {
  slug: 'text-types',
  labels: { singular: 'Tipo di testo', plural: 'Tipi di testo' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'label',
    defaultColumns: ['code', 'name', 'updatedAt'],
    listSearchableFields: ['label', 'name'],
    description: 'I tipi di testo contrattuale (codTipo, descrizione).',
  },
  defaultSort: 'code',
  access: databaseAccess,
  hooks: {
    beforeDelete: [
      preventReferencedDelete([
        { collection: 'contract-texts', field: 'textType', label: 'testi contrattuali' },
      ]),
    ],
    beforeChange: [
      clearImportHash,
      setDerivedFields((record) => ({
        label: codedLabel(String(record.code ?? ''), String(record.name ?? '')),
      })),
    ],
  },
  fields: [
    codeField('text', 'Codice tipo'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    labelField,
    importHashField,
  ],
}
