import type { CollectionConfig } from 'payload'
import { topicSchema } from '../../../modules/content/index.ts'
import { clearImportHash } from '../../hooks/clearImportHash.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { copyCodes } from '../../hooks/copyCodes.ts'
import { sanitizeHtmlFields } from '../../hooks/sanitizeHtmlFields.ts'
import { zodValidate } from '../../hooks/zodValidate.ts'
import { databaseAccess } from '../access.ts'
import {
  codeField,
  copiedCodeField,
  htmlField,
  importHashField,
  navField,
  parentField,
  sourceEditor,
} from '../fields.ts'
import { checkScope } from './hooks/checkScope.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Contract texts: national (consolidated or archive), territorial (region, province) and company texts. */
export const ContractTexts: CollectionConfig = {
  slug: 'contract-texts',
  labels: { singular: 'Testo contrattuale', plural: 'Testi contrattuali' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'title',
    defaultColumns: ['code', 'title', 'contract', 'scope', 'edition', 'textType', 'date'],
    listSearchableFields: ['title'],
    description:
      'Testi integrali: nazionali (consolidato e archivio), territoriali e aziendali, con indice e argomenti.',
  },
  defaultSort: '-date',
  access: databaseAccess,
  hooks: {
    afterChange: [searchHooks.contractTexts.afterChange, invalidateReadCache],
    afterDelete: [searchHooks.contractTexts.afterDelete, invalidateReadCache],
    beforeChange: [
      clearImportHash,
      checkScope,
      sanitizeHtmlFields(['html']),
      copyCodes([
        {
          relation: 'contract',
          collection: 'contracts',
          fields: { contractCode: 'code', sectorCode: 'sectorCode' },
        },
        { relation: 'textType', collection: 'text-types', fields: { typeCode: 'code' } },
        { relation: 'region', collection: 'regions', fields: { regionCode: 'code' } },
        { relation: 'province', collection: 'provinces', fields: { provinceCode: 'code' } },
        { relation: 'company', collection: 'companies', fields: { companyCode: 'code' } },
      ]),
    ],
  },
  fields: [
    codeField('number', 'Codice testo'),
    { name: 'title', type: 'text', label: 'Titolo', required: true },
    {
      type: 'row',
      fields: [
        {
          name: 'scope',
          type: 'select',
          label: 'Ambito',
          required: true,
          index: true,
          defaultValue: 'national',
          options: [
            { label: 'Nazionale', value: 'national' },
            { label: 'Territoriale', value: 'territorial' },
            { label: 'Aziendale', value: 'company' },
          ],
          admin: { width: '33%' },
        },
        {
          name: 'edition',
          type: 'select',
          label: 'Edizione',
          index: true,
          options: [
            { label: 'Consolidato (vigente)', value: 'consolidated' },
            { label: 'Archivio storico', value: 'archive' },
          ],
          admin: { width: '33%', condition: (data) => data?.scope === 'national' },
        },
        {
          name: 'date',
          type: 'date',
          label: 'Data',
          required: true,
          index: true,
          admin: { width: '33%', date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
        },
      ],
    },
    parentField('contract', 'contracts', 'Contratto'),
    parentField('textType', 'text-types', 'Tipo di testo'),
    {
      type: 'row',
      fields: [
        {
          name: 'region',
          type: 'relationship',
          relationTo: 'regions',
          label: 'Regione',
          index: true,
          admin: { width: '33%', condition: (data) => data?.scope === 'territorial' },
        },
        {
          name: 'province',
          type: 'relationship',
          relationTo: 'provinces',
          label: 'Provincia',
          index: true,
          admin: { width: '33%', condition: (data) => data?.scope === 'territorial' },
        },
        {
          name: 'company',
          type: 'relationship',
          relationTo: 'companies',
          label: 'Azienda',
          index: true,
          admin: { width: '33%', condition: (data) => data?.scope === 'company' },
        },
      ],
    },
    htmlField('html', 'Testo integrale (HTML)', true),
    navField,
    {
      name: 'topics',
      type: 'json',
      label: 'Argomenti',
      validate: zodValidate(topicSchema.array()),
      admin: {
        components: sourceEditor,
        description: 'Albero degli argomenti: [{ "id", "name", "nodes": [{ "node" (ancora), "text" }] }].',
      },
    },
    copiedCodeField('contractCode', 'Codice contratto'),
    copiedCodeField('sectorCode', 'Codice settore'),
    copiedCodeField('typeCode', 'Codice tipo', 'text'),
    copiedCodeField('regionCode', 'Codice regione', 'text'),
    copiedCodeField('provinceCode', 'Sigla provincia', 'text'),
    copiedCodeField('companyCode', 'Codice azienda'),
    importHashField,
  ],
}
