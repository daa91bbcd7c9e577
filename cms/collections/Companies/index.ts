import { codedLabel } from '../../../modules/content/index.ts'
import { codeField, copiedCodeField, labelField, parentField } from '../fields.ts'
import { importedCollection } from '../imported.ts'

/** Companies with their own (company-level) agreements. */
export const Companies = importedCollection({
  slug: 'companies',
  labels: { singular: 'Azienda', plural: 'Aziende' },
  admin: {
    group: 'Territori',
    useAsTitle: 'label',
    defaultColumns: ['code', 'name', 'contract', 'updatedAt'],
    listSearchableFields: ['label', 'name'],
    description: 'Aziende con contrattazione aziendale (idAzienda, descrizioneAzienda).',
  },
  defaultSort: 'name',
  referencedBy: [
    { collection: 'contract-texts', field: 'company', label: 'testi aziendali' },
    { collection: 'territorial-pay-tables', field: 'company', label: 'tabelle aziendali' },
  ],
  copies: [{ relation: 'contract', collection: 'contracts', fields: { contractCode: 'code' } }],
  derive: (record) => ({ label: codedLabel(record.code as number, String(record.name ?? '')) }),
  fields: [
    codeField('number', 'Codice azienda'),
    { name: 'name', type: 'text', label: 'Ragione sociale', required: true },
    parentField('contract', 'contracts', 'Contratto applicato'),
    copiedCodeField('contractCode', 'Codice contratto'),
    labelField,
  ],
})
