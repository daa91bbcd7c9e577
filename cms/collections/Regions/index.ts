import type { CollectionConfig } from 'payload'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { databaseAccess } from '../access.ts'
import { codeField, importHashField } from '../fields.ts'

/** Italian regions (ISTAT code), for territorial bargaining. */
export const Regions: CollectionConfig = {
  slug: 'regions',
  labels: { singular: 'Regione', plural: 'Regioni' },
  admin: {
    group: 'Territori',
    useAsTitle: 'name',
    defaultColumns: ['code', 'name', 'updatedAt'],
    listSearchableFields: ['name', 'code'],
  },
  defaultSort: 'name',
  access: databaseAccess,
  hooks: {
    beforeChange: [clearImportHash],
    beforeDelete: [
      preventReferencedDelete([{ collection: 'provinces', field: 'region', label: 'province' }]),
    ],
  },
  fields: [
    codeField('text', 'Codice ISTAT'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    importHashField,
  ],
}
