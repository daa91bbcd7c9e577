import { summaryKey, summaryTypes, type SummaryType } from '../../../modules/content/index.ts'
import { copiedCodeField, htmlField, keyField, navField, parentField } from '../fields.ts'
import { categoryCodes, importedCollection } from '../imported.ts'

/** Italian names of the summary document types. */
export const summaryTypeLabels: Record<SummaryType, string> = {
  schedesintetiche: 'Scheda sintetica',
  istituticontrattuali: 'Istituti contrattuali',
  mansionari: 'Mansionario',
  apprendistati: 'Apprendistato',
  sfere: 'Sfere di applicazione',
  normetfr: 'TFR',
  normedisciplinari: 'Norme disciplinari',
}

/** Summary documents of a category (7 types), with index tree and optional PDF. */
export const Summaries = importedCollection({
  slug: 'summaries',
  labels: { singular: 'Sintesi', plural: 'Sintesi' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'title',
    defaultColumns: ['title', 'type', 'category', 'demo', 'updatedAt'],
    listSearchableFields: ['title', 'key'],
    description:
      'Schede sintetiche, istituti, mansionari, apprendistato, sfere di applicazione, TFR e norme disciplinari.',
  },
  defaultSort: 'categoryCode',
  indexes: [{ fields: ['category', 'type'], unique: true }],
  html: ['html'],
  copies: [categoryCodes],
  derive: (record) => ({ key: summaryKey(Number(record.categoryCode), record.type as SummaryType) }),
  fields: [
    { name: 'title', type: 'text', label: 'Titolo', required: true },
    {
      type: 'row',
      fields: [
        {
          name: 'type',
          type: 'select',
          label: 'Tipo di documento',
          required: true,
          index: true,
          options: summaryTypes.map((value) => ({ value, label: summaryTypeLabels[value] })),
          admin: { width: '50%' },
        },
        {
          name: 'demo',
          type: 'checkbox',
          label: 'Sintesi dimostrativa',
          defaultValue: false,
          index: true,
          admin: {
            width: '50%',
            description: 'La sintesi che i visitatori senza abbonamento possono leggere.',
          },
        },
      ],
    },
    parentField('category', 'categories', 'Categoria'),
    htmlField('html', 'Testo (HTML)', true),
    navField,
    {
      name: 'pdf',
      type: 'upload',
      relationTo: 'media',
      label: 'PDF completo',
      filterOptions: { mimeType: { equals: 'application/pdf' } },
    },
    keyField('Codice categoria e tipo di documento.'),
    copiedCodeField('categoryCode', 'Codice categoria'),
    copiedCodeField('contractCode', 'Codice contratto'),
  ],
})
