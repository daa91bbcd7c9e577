import {
  calendarDay,
  contributionRatesKey,
  contributionRatesSchema,
  inpsClassifications,
  sizeBands,
} from '../../../modules/content/index.ts'
import { labourCost } from '../../../modules/i18n/index.ts'
import { zodValidate } from '../../hooks/zodValidate.ts'
import { keyField, sourceEditor } from '../fields.ts'
import { importedCollection } from '../imported.ts'

const dayOnly = { date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } } as const

/**
 * 'Aliquote contributive': the employer's INPS contributions by INPS
 * classification and company size band, from a day on (until `validTo`, or
 * until a record with a later first day), each rate with its source. The
 * cost of labour reads them; a case without a record is refused in Italian,
 * never estimated.
 */
export const ContributionRates = importedCollection({
  slug: 'contribution-rates',
  labels: { singular: 'Aliquote contributive', plural: 'Aliquote contributive' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'key',
    defaultColumns: ['classification', 'sizeBand', 'validFrom', 'validTo', 'updatedAt'],
    listSearchableFields: ['key'],
    description:
      'Le aliquote contributive a carico del datore di lavoro per classificazione INPS e dimensione dell’azienda, con la validità e la fonte di ciascuna (circolare INPS o legge). Il costo del lavoro non stima mai un’aliquota mancante.',
  },
  defaultSort: '-validFrom',
  derive: (record) => ({
    key: contributionRatesKey({
      classification: String(record.classification ?? ''),
      sizeBand: String(record.sizeBand ?? ''),
      validFrom: record.validFrom ? calendarDay(record.validFrom as string) : '',
    }),
  }),
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'classification',
          type: 'select',
          label: 'Classificazione INPS',
          required: true,
          index: true,
          options: inpsClassifications.map((value) => ({
            value,
            label: labourCost.classifications[value],
          })),
          admin: { width: '50%' },
        },
        {
          name: 'sizeBand',
          type: 'select',
          label: 'Dimensione dell’azienda',
          required: true,
          options: sizeBands.map((value) => ({ value, label: labourCost.sizeBands[value] })),
          admin: { width: '50%' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'validFrom',
          type: 'date',
          label: 'In vigore dal',
          required: true,
          admin: { ...dayOnly, width: '50%' },
        },
        {
          name: 'validTo',
          type: 'date',
          label: 'Fino al (facoltativo)',
          admin: {
            ...dayOnly,
            width: '50%',
            description: 'Vuoto: fino alle aliquote con una data di inizio successiva.',
          },
        },
      ],
    },
    {
      name: 'rates',
      type: 'json',
      label: 'Aliquote',
      required: true,
      validate: zodValidate(contributionRatesSchema, { required: true }),
      admin: {
        components: sourceEditor,
        description:
          'Elenco: [{ "code": "ivs", "label": "IVS", "rate": 23.81 (per cento, quota del datore di lavoro), "who": "tutti" | "operai" | "impiegati", "regime": "ordinario" | "apprendisti" | "entrambi", "apprenticeYear"?: 1 | 2 | 3 (3: dal terzo anno), "minEmployees"?, "maxEmployees"?, "source": "circolare INPS o legge" }]. Il codice ivs è obbligatorio, apprendisti per gli apprendisti.',
      },
    },
    {
      name: 'apprenticesIncludeInail',
      type: 'checkbox',
      label: 'La contribuzione degli apprendisti comprende l’INAIL',
      defaultValue: false,
    },
    { name: 'note', type: 'textarea', label: 'Nota', maxLength: 2000 },
    keyField('Classificazione, dimensione e inizio della validità (es. industria:fino-15:2026-01-01).'),
  ],
})
