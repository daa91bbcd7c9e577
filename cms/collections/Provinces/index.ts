import type { CollectionConfig } from 'payload'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { databaseAccess } from '../access.ts'
import { codeField, copiedCodeField, importHashField, parentField } from '../fields.ts'

/** Provinces (sigla), each in a region. */
export const Provinces: CollectionConfig = {
  slug: 'provinces',
  labels: { singular: 'Provincia', plural: 'Province' },
  admin: {
    group: 'Territori',
    useAsTitle: 'name',
    defaultColumns: ['code', 'name', 'region', 'updatedAt'],
    listSearchableFields: ['name', 'code'],
  },
  defaultSort: 'name',
  access: databaseAccess,
  hooks: {
    beforeDelete: [
      preventReferencedDelete([
        { collection: 'contract-texts', field: 'province', label: 'testi territoriali' },
        { collection: 'territorial-pay-tables', field: 'province', label: 'tabelle territoriali' },
      ]),
    ],
    beforeChange: [
      clearImportHash,
      copyCodes([{ relation: 'region', collection: 'regions', fields: { regionCode: 'code' } }]),
    ],
  },
  fields: [
    codeField('text', 'Sigla'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    parentField('region', 'regions', 'Regione'),
    copiedCodeField('regionCode', 'Codice regione', 'text'),
    importHashField,
  ],
}
