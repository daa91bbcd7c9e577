import type { CollectionConfig } from 'payload'
import { codedLabel } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import { codeField, importHashField, labelField } from '../fields.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Contract sectors (settori): the first level of the database tree. */
export const Sectors: CollectionConfig = {
  slug: 'sectors',
  labels: { singular: 'Settore', plural: 'Settori' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'label',
    defaultColumns: ['code', 'name', 'cnelName', 'updatedAt'],
    listSearchableFields: ['label', 'name', 'cnelName'],
    description: 'I settori contrattuali (codiceSettore, descrizioneSettore).',
  },
  defaultSort: 'code',
  access: databaseAccess,
  hooks: {
    afterChange: [searchHooks.sectors.afterChange, invalidateReadCache],
    afterDelete: [searchHooks.sectors.afterDelete, invalidateReadCache],
    beforeDelete: [
      preventReferencedDelete([{ collection: 'contracts', field: 'sector', label: 'contratti' }]),
    ],
    beforeChange: [
      clearImportHash,
      setDerivedFields((record) => ({ label: codedLabel(record.code as number, String(record.name ?? '')) })),
    ],
  },
  fields: [
    codeField('number', 'Codice settore'),
    { name: 'name', type: 'text', label: 'Descrizione', required: true },
    {
      name: 'cnelName',
      type: 'text',
      label: 'Nome CNEL',
      index: true,
      admin: { description: "Il nome del settore nell'archivio nazionale CNEL (es. TERZIARIO E SERVIZI)." },
    },
    labelField,
    importHashField,
  ],
}
