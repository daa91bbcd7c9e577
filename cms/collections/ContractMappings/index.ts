import type { CollectionConfig } from 'payload'
import { mappingLabel } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import { copiedCodeField, importHashField, labelField, parentField } from '../fields.ts'

/** The contract mapping (raccordo): a category code of the dispute program to the current contract. */
export const ContractMappings: CollectionConfig = {
  slug: 'contract-mappings',
  labels: { singular: 'Raccordo contratti', plural: 'Raccordo contratti' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'label',
    listSearchableFields: ['label'],
    defaultColumns: ['categoryCode', 'category', 'contract', 'updatedAt'],
    description: 'Raccordo: codiceContrattoWerte (categoria) → codiceContrattoNuovo (contratto).',
  },
  defaultSort: 'categoryCode',
  access: databaseAccess,
  hooks: {
    beforeChange: [
      clearImportHash,
      copyCodes([
        { relation: 'category', collection: 'categories', fields: { categoryCode: 'code' } },
        { relation: 'contract', collection: 'contracts', fields: { contractCode: 'code' } },
      ]),
      setDerivedFields((record) => ({
        label: mappingLabel(Number(record.categoryCode), Number(record.contractCode)),
      })),
    ],
    afterChange: [invalidateReadCache],
    afterDelete: [invalidateReadCache],
  },
  fields: [
    parentField('category', 'categories', 'Categoria (codiceContrattoWerte)'),
    {
      name: 'categoryCode',
      type: 'number',
      label: 'Codice categoria',
      unique: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    parentField('contract', 'contracts', 'Contratto (codiceContrattoNuovo)'),
    copiedCodeField('contractCode', 'Codice contratto'),
    labelField,
    importHashField,
  ],
}
