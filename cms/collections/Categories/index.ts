import { codedLabel } from '../../../modules/content/index.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { codeField, copiedCodeField, labelField, parentField } from '../fields.ts'
import { contractCodes, importedCollection } from '../imported.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Categories of a contract: the unit pay tables, summaries and classifications belong to. */
export const Categories = importedCollection({
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
  hooks: {
    afterChange: [searchHooks.categories.afterChange, invalidateReadCache],
    afterDelete: [searchHooks.categories.afterDelete, invalidateReadCache],
  },
  referencedBy: [
    { collection: 'pay-tables', field: 'category', label: 'tabelle retributive' },
    { collection: 'summaries', field: 'category', label: 'sintesi' },
    { collection: 'classifications', field: 'category', label: 'classificazioni' },
    { collection: 'territorial-pay-tables', field: 'category', label: 'tabelle territoriali' },
    { collection: 'contract-mappings', field: 'category', label: 'righe del raccordo' },
  ],
  copies: [contractCodes],
  derive: (record) => ({ label: codedLabel(record.code as number, String(record.name ?? '')) }),
  fields: [
    codeField('number', 'Codice categoria'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    parentField('contract', 'contracts', 'Contratto'),
    copiedCodeField('contractCode', 'Codice contratto'),
    copiedCodeField('sectorCode', 'Codice settore'),
    labelField,
  ],
})
