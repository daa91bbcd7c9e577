import { topicSchema } from '../../../modules/content/index.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { zodValidate } from '../../hooks/zodValidate.ts'
import { codeField, copiedCodeField, htmlField, navField, parentField, sourceEditor } from '../fields.ts'
import { companyCodes, contractCodes, provinceCodes, importedCollection } from '../imported.ts'
import { checkScope } from './hooks/checkScope.ts'
import { queueEditionAlert } from './hooks/queueEditionAlert.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Contract texts: national (consolidated or archive), territorial (region, province) and company texts. */
export const ContractTexts = importedCollection({
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
  hooks: {
    afterChange: [searchHooks.contractTexts.afterChange, invalidateReadCache, queueEditionAlert],
    afterDelete: [searchHooks.contractTexts.afterDelete, invalidateReadCache],
  },
  checks: [checkScope],
  html: ['html'],
  copies: [
    contractCodes,
    { relation: 'textType', collection: 'text-types', fields: { typeCode: 'code' } },
    { relation: 'region', collection: 'regions', fields: { regionCode: 'code' } },
    provinceCodes,
    companyCodes,
  ],
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
    {
      name: 'effectiveDate',
      type: 'date',
      label: 'Decorrenza',
      admin: {
        date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' },
        description:
          'Il giorno da cui il testo si applica, se diverso dalla data del testo (ad esempio un rinnovo firmato il 22/03/2024 con decorrenza 01/04/2023). «Il testo in vigore al» sceglie l’edizione in base a questa data; vuota, in base alla data del testo.',
      },
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
  ],
})
