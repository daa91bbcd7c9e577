import type { CollectionConfig } from 'payload'
import { codedLabel } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import { codeField, copiedCodeField, importHashField, labelField, parentField } from '../fields.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Categories of a contract: the unit pay tables, summaries and classifications belong to. */
export const Categories: CollectionConfig = {
  slug: 'categories',
  labels: { singular: 'Categoria', plural: 'Categorie' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'label',
    defaultColumns: ['code', 'name', 'contract', 'sectorCode', 'updatedAt'],
    listSearchableFields: ['label', 'name'],
    description: 'Le categorie di ogni CCNL (codiceCategoria, descrizione).',
  },
  defaultSort: 'code',
  access: databaseAccess,
  hooks: {
    afterChange: [searchHooks.categories.afterChange, invalidateReadCache],
    afterDelete: [searchHooks.categories.afterDelete, invalidateReadCache],
    beforeDelete: [
      preventReferencedDelete([
        { collection: 'pay-tables', field: 'category', label: 'tabelle retributive' },
        { collection: 'summaries', field: 'category', label: 'sintesi' },
        { collection: 'classifications', field: 'category', label: 'classificazioni' },
        { collection: 'territorial-pay-tables', field: 'category', label: 'tabelle territoriali' },
        { collection: 'contract-mappings', field: 'category', label: 'righe del raccordo' },
      ]),
    ],
    beforeChange: [
      clearImportHash,
      copyCodes([
        {
          relation: 'contract',
          collection: 'contracts',
          fields: { contractCode: 'code', sectorCode: 'sectorCode' },
        },
      ]),
      setDerivedFields((record) => ({ label: codedLabel(record.code as number, String(record.name ?? '')) })),
    ],
  },
  fields: [
    codeField('number', 'Codice categoria'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    parentField('contract', 'contracts', 'Contratto'),
    copiedCodeField('contractCode', 'Codice contratto'),
    copiedCodeField('sectorCode', 'Codice settore'),
    labelField,
    importHashField,
  ],
}
