import {
  calendarDay,
  payLevelsSchema,
  payTableKey,
  unaTantumListSchema,
} from '../../../modules/content/index.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { zodValidate } from '../../hooks/zodValidate.ts'
import { copiedCodeField, htmlField, keyField, parentField, sourceEditor } from '../fields.ts'
import { categoryCodes, importedCollection } from '../imported.ts'
import { queueRenewalAlert } from './hooks/queueRenewalAlert.ts'
import { previewDelta } from './previewDelta.ts'

/** Pay tables: one version per category and effective date (decorrenza), with its levels and note. */
export const PayTables = importedCollection({
  slug: 'pay-tables',
  labels: { singular: 'Tabella retributiva', plural: 'Tabelle retributive' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'key',
    defaultColumns: ['category', 'effectiveDate', 'contractCode', 'updatedAt'],
    listSearchableFields: ['key'],
    description:
      'Una versione per categoria e decorrenza: livelli (paga base, contingenza, terzo elemento, altri elementi, scatto, divisori) e nota.',
  },
  defaultSort: '-effectiveDate',
  endpoints: [previewDelta],
  indexes: [{ fields: ['category', 'effectiveDate'], unique: true }],
  hooks: {
    afterChange: [invalidateReadCache, queueRenewalAlert],
    afterDelete: [invalidateReadCache],
  },
  html: ['noteHtml'],
  copies: [categoryCodes],
  derive: (record) => ({
    key: payTableKey(Number(record.categoryCode), calendarDay(record.effectiveDate as string)),
    // Valid levels get the format's defaults; invalid ones are left for the field validation to report.
    levels: payLevelsSchema.safeParse(record.levels).data ?? record.levels,
  }),
  fields: [
    parentField('category', 'categories', 'Categoria'),
    {
      name: 'effectiveDate',
      type: 'date',
      label: 'Decorrenza',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
    },
    {
      name: 'levels',
      type: 'json',
      label: 'Livelli',
      required: true,
      validate: zodValidate(payLevelsSchema, { required: true }),
      admin: {
        components: sourceEditor,
        description:
          'Elenco dei livelli: [{ "code", "description", "basePay", "costOfLiving", "thirdElement", "otherElements": [{ "name", "amount" }] (altri elementi della retribuzione mensile del livello, es. EDR o indennità di funzione), "seniorityStep", "hourlyDivisor", "dailyDivisor", "hoursPerDay" (ore di una giornata per chi è retribuito a ore: paga giornaliera = ore × paga oraria) }]. I livelli con "appr" nella descrizione sono apprendisti.',
      },
    },
    {
      name: 'deltaPreview',
      type: 'ui',
      admin: { components: { Field: '/cms/components/PayTableDeltaPreview.tsx#PayTableDeltaPreview' } },
    },
    {
      name: 'unaTantum',
      type: 'json',
      label: 'Una tantum',
      validate: zodValidate(unaTantumListSchema),
      admin: {
        components: { Field: '/cms/components/UnaTantumField.tsx#UnaTantumField' },
        description:
          'Gli importi una tantum del rinnovo, per un dipendente a tempo pieno con servizio intero nel periodo di riferimento. Il calcolo arretrati li riduce per il part-time e per i mesi di servizio quando indicato; solo chi è in forza alla data indicata ne ha diritto.',
      },
    },
    htmlField('noteHtml', 'Nota (HTML)'),
    keyField('Codice categoria e decorrenza (es. 1001_2024-01-01).'),
    copiedCodeField('categoryCode', 'Codice categoria'),
    copiedCodeField('contractCode', 'Codice contratto'),
  ],
})
