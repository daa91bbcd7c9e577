import type { CollectionConfig } from 'payload'
import { codedLabel } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { preventReferencedDelete } from '../../hooks/preventReferencedDelete.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { sanitizeHtmlFields } from '../../hooks/sanitizeHtmlFields.ts'
import { setDerivedFields } from '../../hooks/setDerivedFields.ts'
import { databaseAccess } from '../access.ts'
import {
  codeField,
  copiedCodeField,
  htmlField,
  importHashField,
  labelField,
  parentField,
  sourceEditor,
} from '../fields.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Collective agreements (CCNL), each in one sector. */
export const Contracts: CollectionConfig = {
  slug: 'contracts',
  labels: { singular: 'Contratto', plural: 'Contratti' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'label',
    defaultColumns: ['code', 'title', 'sector', 'cnelCode', 'expiresOn', 'updatedAt'],
    listSearchableFields: ['label', 'title', 'cnelCode'],
    description: 'I CCNL (codiceContratto, descrizione, nota pubblicata).',
  },
  defaultSort: 'code',
  access: databaseAccess,
  hooks: {
    afterChange: [searchHooks.contracts.afterChange, invalidateReadCache],
    afterDelete: [searchHooks.contracts.afterDelete, invalidateReadCache],
    beforeDelete: [
      preventReferencedDelete([
        { collection: 'categories', field: 'contract', label: 'categorie' },
        { collection: 'contract-texts', field: 'contract', label: 'testi contrattuali' },
        { collection: 'companies', field: 'contract', label: 'aziende' },
        { collection: 'contract-mappings', field: 'contract', label: 'righe del raccordo' },
      ]),
    ],
    beforeChange: [
      clearImportHash,
      sanitizeHtmlFields(['noteHtml']),
      copyCodes([{ relation: 'sector', collection: 'sectors', fields: { sectorCode: 'code' } }]),
      setDerivedFields((record) => ({
        label: codedLabel(record.code as number, String(record.title ?? '')),
      })),
    ],
  },
  fields: [
    codeField('number', 'Codice contratto'),
    { name: 'title', type: 'text', label: 'Titolo', required: true },
    { name: 'shortTitle', type: 'text', label: 'Titolo breve' },
    parentField('sector', 'sectors', 'Settore'),
    copiedCodeField('sectorCode', 'Codice settore'),
    {
      type: 'row',
      fields: [
        {
          name: 'cnelCode',
          type: 'text',
          label: 'Codice CNEL',
          unique: true,
          index: true,
          admin: { width: '33%' },
        },
        {
          name: 'firstFiledOn',
          type: 'date',
          label: 'Primo deposito',
          admin: { width: '33%', date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
        },
        {
          name: 'expiresOn',
          type: 'date',
          label: 'Scadenza',
          index: true,
          admin: { width: '33%', date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
        },
      ],
    },
    { name: 'employerSignatories', type: 'textarea', label: 'Firmatari datoriali' },
    { name: 'unionSignatories', type: 'textarea', label: 'Firmatari sindacali' },
    htmlField('noteHtml', 'Nota pubblicata'),
    { name: 'image', type: 'upload', relationTo: 'media', label: 'Immagine' },
    {
      name: 'cnelFlags',
      type: 'json',
      label: 'Indicatori CNEL',
      admin: {
        readOnly: true,
        components: sourceEditor,
        description: "Gli indicatori booleani dell'archivio CNEL, come ricevuti.",
      },
    },
    labelField,
    importHashField,
  ],
}
