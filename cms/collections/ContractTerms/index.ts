import {
  cassaEdileSchema,
  labourCostTermsSchema,
  noticeSchema,
  probationSchema,
} from '../../../modules/content/index.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { zodValidate } from '../../hooks/zodValidate.ts'
import { labelField, parentField, sourceEditor } from '../fields.ts'
import { importedCollection } from '../imported.ts'

/**
 * The key terms of a contract that the comparison and the arrears calculator
 * use: hours, monthly payments and the month of the 14th, the reference level,
 * the Cassa Edile of construction workers, probation, notice.
 */
export const ContractTerms = importedCollection({
  slug: 'contract-terms',
  labels: { singular: 'Condizioni essenziali', plural: 'Condizioni essenziali' },
  admin: {
    group: 'Banca dati',
    useAsTitle: 'label',
    defaultColumns: ['contract', 'weeklyHours', 'monthlyPayments', 'updatedAt'],
    listSearchableFields: ['label'],
    description:
      'Una scheda per contratto con i dati del confronto: orario settimanale, mensilità, periodo di prova e preavviso.',
  },
  defaultSort: 'contractCode',
  hooks: {
    afterChange: [invalidateReadCache],
    afterDelete: [invalidateReadCache],
  },
  copies: [{ relation: 'contract', collection: 'contracts', fields: { contractCode: 'code' } }],
  derive: (record) => ({ label: `Contratto ${String(record.contractCode ?? '')}` }),
  fields: [
    parentField('contract', 'contracts', 'Contratto'),
    {
      name: 'contractCode',
      type: 'number',
      label: 'Codice contratto',
      unique: true,
      index: true,
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'Compilato automaticamente dal contratto.',
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'weeklyHours',
          type: 'number',
          label: 'Orario settimanale (ore)',
          min: 1,
          max: 80,
          admin: { width: '33%' },
        },
        {
          name: 'monthlyPayments',
          type: 'number',
          label: 'Mensilità',
          min: 12,
          max: 16,
          admin: { width: '33%', step: 1, description: '13, o 14 con la quattordicesima.' },
        },
        {
          name: 'referenceLevel',
          type: 'text',
          label: 'Livello di riferimento',
          maxLength: 64,
          admin: { width: '33%', description: 'Il livello proposto dal confronto (es. 4).' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'fourteenthMonth',
          type: 'number',
          label: 'Mese della quattordicesima',
          min: 1,
          max: 12,
          admin: {
            width: '33%',
            step: 1,
            description: 'Il mese (1-12) con la cui retribuzione è pagata la 14ª; vuoto: luglio.',
          },
        },
        {
          name: 'cassaEdile',
          type: 'json',
          label: 'Cassa Edile',
          validate: zodValidate(cassaEdileSchema),
          admin: {
            width: '66%',
            components: sourceEditor,
            description:
              'Per gli operai edili: { "percent": 18.5, "categoryCodes": [23] }. Gratifica natalizia e ferie sono accantonate alla Cassa Edile con questa percentuale, senza 13ª pagata dal datore.',
          },
        },
      ],
    },
    {
      name: 'probation',
      type: 'json',
      label: 'Periodo di prova',
      validate: zodValidate(probationSchema),
      admin: {
        components: sourceEditor,
        description: 'Righe [{ "who": "Impiegati di concetto", "duration": "3 mesi" }].',
      },
    },
    {
      name: 'notice',
      type: 'json',
      label: 'Preavviso',
      validate: zodValidate(noticeSchema),
      admin: {
        components: sourceEditor,
        description:
          '{ "heads": ["Livelli", "Fino a 5 anni di servizio", …], "rows": [{ "who": "Quadri", "durations": ["2 mesi", …] }] }: una durata per fascia di anzianità.',
      },
    },
    {
      name: 'labourCost',
      type: 'json',
      label: 'Costo del lavoro',
      validate: zodValidate(labourCostTermsSchema),
      admin: {
        components: sourceEditor,
        description:
          '{ "inpsClassification", "inail": { "perMille", "source" }, "hours": { "holidays", "festivities", "leave", "absences": [{ "label", "hours" }], "source" } (ore annue non lavorate a tempo pieno), "hourlyPaid": ["operai"], "payElements": [...], "charges": [{ "code", "label", "block": "B" | "C" | "D", "rate" | "hours" | "days" | "monthly" | "hourly" | "yearly", "source" }], "apprenticeship": { "payPercentByYear": [..], "source" } }: vedi docs/data-format.md.',
      },
    },
    { name: 'sourceNote', type: 'textarea', label: 'Fonte', maxLength: 2000 },
    labelField,
  ],
})
