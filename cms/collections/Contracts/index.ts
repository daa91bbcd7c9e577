import { codedLabel, confederations } from '../../../modules/content/index.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { codeField, copiedCodeField, htmlField, labelField, parentField, sourceEditor } from '../fields.ts'
import { importedCollection } from '../imported.ts'
import { searchHooks } from '../../../modules/search/index.ts'

/** Collective agreements (CCNL), each in one sector. */
export const Contracts = importedCollection({
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
  hooks: {
    afterChange: [searchHooks.contracts.afterChange, invalidateReadCache],
    afterDelete: [searchHooks.contracts.afterDelete, invalidateReadCache],
  },
  referencedBy: [
    { collection: 'categories', field: 'contract', label: 'categorie' },
    { collection: 'contract-texts', field: 'contract', label: 'testi contrattuali' },
    { collection: 'companies', field: 'contract', label: 'aziende' },
    { collection: 'contract-mappings', field: 'contract', label: 'righe del raccordo' },
    { collection: 'contract-terms', field: 'contract', label: 'condizioni essenziali' },
  ],
  html: ['noteHtml'],
  correctable: [
    'employerSignatories',
    'unionSignatories',
    'firstFiledOn',
    'expiresOn',
    'representativeness.representedAtCnel',
    'representativeness.employerSideAtCnel',
    'representativeness.unionSideAtCnel',
    ...confederations.map((name) => `representativeness.confederations.${name}`),
  ],
  copies: [{ relation: 'sector', collection: 'sectors', fields: { sectorCode: 'code' } }],
  derive: (record) => ({ label: codedLabel(record.code as number, String(record.title ?? '')) }),
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
    {
      name: 'employerSignatories',
      type: 'textarea',
      label: 'Firmatari datoriali',
      admin: { description: 'Una organizzazione per riga.' },
    },
    {
      name: 'unionSignatories',
      type: 'textarea',
      label: 'Firmatari sindacali',
      admin: { description: 'Una organizzazione per riga.' },
    },
    {
      name: 'representativeness',
      type: 'group',
      label: 'Rappresentatività',
      admin: {
        description:
          "Gli indicatori dell'archivio CNEL. Con CGIL-CISL-UIL e la parte datoriale rappresentata al CNEL il contratto mostra il distintivo «Firmatari più rappresentativi (CNEL)», con la nota che dice su cosa si basa.",
      },
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'representedAtCnel',
              type: 'checkbox',
              label: 'Rappresentato al CNEL',
              defaultValue: false,
            },
            {
              name: 'employerSideAtCnel',
              type: 'checkbox',
              label: 'Parte datoriale rappresentata al CNEL',
              defaultValue: false,
            },
            {
              name: 'unionSideAtCnel',
              type: 'checkbox',
              label: 'Parte sindacale rappresentata al CNEL',
              defaultValue: false,
            },
          ],
        },
        {
          name: 'confederations',
          type: 'group',
          label: 'Confederazioni firmatarie',
          fields: [
            {
              type: 'row',
              fields: (
                [
                  ['cgilCislUil', 'CGIL-CISL-UIL'],
                  ['confindustria', 'Confindustria'],
                  ['confcommercio', 'Confcommercio'],
                  ['ugl', 'UGL'],
                  ['confsal', 'Confsal'],
                  ['cisal', 'CISAL'],
                ] as const
              ).map(([name, label]) => ({ name, type: 'checkbox' as const, label, defaultValue: false })),
            },
          ],
        },
      ],
    },
    {
      name: 'application',
      type: 'group',
      label: 'Applicazione',
      admin: {
        description:
          'Quante aziende e quanti dipendenti applicano il contratto (dati CNEL-INPS dei flussi Uniemens). «Che contratto applico?» indica «Il più applicato» solo dove tutti i contratti proposti per un codice hanno questi dati.',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'employers', type: 'number', label: 'Aziende', min: 0 },
            { name: 'employees', type: 'number', label: 'Dipendenti', min: 0 },
          ],
        },
        {
          name: 'source',
          type: 'text',
          label: 'Fonte',
          admin: { description: 'Es. «CNEL-INPS, Uniemens 2023».' },
        },
      ],
    },
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
    {
      name: 'handEdited',
      type: 'json',
      label: 'Corretti a mano',
      admin: {
        readOnly: true,
        components: { Field: '/cms/components/HandEditedField.tsx#HandEditedField' },
        description: "I campi corretti da un redattore: l'importazione successiva non li sovrascrive.",
      },
    },
    labelField,
  ],
})
