import { ValidationError, type CollectionBeforeChangeHook } from 'payload'
import { codeField, copiedCodeField, htmlField, navField, parentField } from '../fields.ts'
import { categoryCodes, companyCodes, provinceCodes, importedCollection } from '../imported.ts'

/** A territorial table belongs to exactly one province or one company. */
const checkProvinceOrCompany: CollectionBeforeChangeHook = ({ data, originalDoc, req, collection }) => {
  const record = { ...(originalDoc as Record<string, unknown> | undefined), ...data }
  const hasProvince = record.province !== null && record.province !== undefined
  const hasCompany = record.company !== null && record.company !== undefined
  if (hasProvince === hasCompany) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'province', message: "Indica una provincia oppure un'azienda (una sola delle due)." }],
      req,
    })
  }
  return data
}

/** Territorial and company pay tables (decentralised bargaining). */
export const TerritorialPayTables = importedCollection({
  slug: 'territorial-pay-tables',
  labels: { singular: 'Tabella territoriale', plural: 'Tabelle territoriali' },
  admin: {
    group: 'Territori',
    useAsTitle: 'title',
    defaultColumns: ['code', 'title', 'category', 'province', 'company', 'effectiveDate'],
    listSearchableFields: ['title', 'code'],
    description: 'Tabelle della contrattazione territoriale (per provincia) e aziendale (per azienda).',
  },
  defaultSort: '-effectiveDate',
  checks: [checkProvinceOrCompany],
  html: ['html'],
  copies: [categoryCodes, provinceCodes, companyCodes],
  fields: [
    codeField('text', 'Codice tabella'),
    { name: 'title', type: 'text', label: 'Titolo', required: true },
    parentField('category', 'categories', 'Categoria'),
    {
      type: 'row',
      fields: [
        {
          name: 'province',
          type: 'relationship',
          relationTo: 'provinces',
          label: 'Provincia',
          index: true,
          admin: { width: '50%' },
        },
        {
          name: 'company',
          type: 'relationship',
          relationTo: 'companies',
          label: 'Azienda',
          index: true,
          admin: { width: '50%' },
        },
      ],
    },
    {
      name: 'effectiveDate',
      type: 'date',
      label: 'Decorrenza',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayOnly', displayFormat: 'dd/MM/yyyy' } },
    },
    htmlField('html', 'Tabella (HTML)', true),
    navField,
    copiedCodeField('categoryCode', 'Codice categoria'),
    copiedCodeField('contractCode', 'Codice contratto'),
    copiedCodeField('provinceCode', 'Sigla provincia', 'text'),
    copiedCodeField('companyCode', 'Codice azienda'),
  ],
})
