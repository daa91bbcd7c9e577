import { codeField, copiedCodeField, parentField } from '../fields.ts'
import { importedCollection } from '../imported.ts'

/** Provinces (sigla), each in a region. */
export const Provinces = importedCollection({
  slug: 'provinces',
  labels: { singular: 'Provincia', plural: 'Province' },
  admin: {
    group: 'Territori',
    useAsTitle: 'name',
    defaultColumns: ['code', 'name', 'region', 'updatedAt'],
    listSearchableFields: ['name', 'code'],
  },
  defaultSort: 'name',
  referencedBy: [
    { collection: 'contract-texts', field: 'province', label: 'testi territoriali' },
    { collection: 'territorial-pay-tables', field: 'province', label: 'tabelle territoriali' },
  ],
  copies: [{ relation: 'region', collection: 'regions', fields: { regionCode: 'code' } }],
  fields: [
    codeField('text', 'Sigla'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    parentField('region', 'regions', 'Regione'),
    copiedCodeField('regionCode', 'Codice regione', 'text'),
  ],
})
