import type { CollectionConfig } from 'payload'
import { codedLabel } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import { codeField, copiedCodeField, importHashField, labelField, parentField } from '../fields.ts'

/** Companies with their own (company-level) agreements. */
export const Companies: CollectionConfig = {
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
  access: databaseAccess,
  hooks: {
    beforeDelete: [
      preventReferencedDelete([
        { collection: 'contract-texts', field: 'company', label: 'testi aziendali' },
        { collection: 'territorial-pay-tables', field: 'company', label: 'tabelle aziendali' },
      ]),
    ],
    beforeChange: [
      clearImportHash,
      copyCodes([{ relation: 'contract', collection: 'contracts', fields: { contractCode: 'code' } }]),
      setDerivedFields((record) => ({ label: codedLabel(record.code as number, String(record.name ?? '')) })),
    ],
  },
  fields: [
    codeField('number', 'Codice azienda'),
    { name: 'name', type: 'text', label: 'Ragione sociale', required: true },
    parentField('contract', 'contracts', 'Contratto applicato'),
    copiedCodeField('contractCode', 'Codice contratto'),
    labelField,
    importHashField,
  ],
}
