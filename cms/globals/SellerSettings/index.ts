import type { Field, GlobalConfig, Validate } from 'payload'
import {
  sellerFieldProblem,
  taxRegimeCodes,
  type SellerData,
  type SellerField,
} from '../../../modules/italian-identifiers/index.ts'
import { it } from '../../../modules/i18n/index.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isEditor } from '../../access/isEditor.ts'

const t = it.invoices.seller

/** A field's check: required unless optional, then the shared rule (checksums, CAP, province, PEC). */
const check =
  (field: SellerField, required: boolean): Validate =>
  (value, { data }) => {
    const text = typeof value === 'string' ? value.trim() : ''
    if (!text) return required ? t.required : true
    const country = (data as SellerData | undefined)?.country ?? ''
    return sellerFieldProblem(field, text, country) ?? true
  }

const text = (name: SellerField, options: { required?: boolean; description?: string } = {}): Field => ({
  name,
  type: 'text',
  label: t.fields[name],
  validate: check(name, options.required ?? true),
  admin: options.description ? { description: options.description } : {},
})

/**
 * The seller's fiscal data shown on every invoice (modules/billing reads them
 * with `readSeller`). Administrators edit them, every editor reads them; until
 * they are complete the invoice download answers 503 and the form says what is
 * missing (cms/components/SellerProblems.tsx).
 */
export const SellerSettings: GlobalConfig = {
  slug: 'seller-settings',
  label: t.title,
  admin: { group: 'Impostazioni del sito', description: t.description },
  access: { read: isEditor, update: isAdmin },
  fields: [
    {
      name: 'problems',
      type: 'ui',
      admin: { components: { Field: '/cms/components/SellerProblems.tsx#SellerProblems' } },
    },
    text('companyName'),
    {
      type: 'row',
      fields: [text('vatNumber'), text('fiscalCode', { description: t.hints.fiscalCode })],
    },
    {
      type: 'collapsible',
      label: t.address,
      fields: [
        text('street'),
        { type: 'row', fields: [text('postalCode'), text('city'), text('province')] },
        text('country', { description: t.hints.country }),
      ],
    },
    text('pec'),
    {
      type: 'row',
      fields: [
        text('reaNumber', { description: t.hints.reaNumber }),
        text('shareCapital', { required: false, description: t.hints.shareCapital }),
      ],
    },
    {
      name: 'taxRegime',
      type: 'select',
      label: t.fields.taxRegime,
      options: taxRegimeCodes.map((code) => ({ value: code, label: t.taxRegimes[code] })),
      validate: check('taxRegime', true),
    },
  ],
}
