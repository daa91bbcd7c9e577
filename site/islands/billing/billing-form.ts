/**
 * Browser side of the billing data: the form's schema (the server's §5 rules
 * from `modules/italian-identifiers`, with the same Italian messages), the list of
 * countries, and the mapping between the form, the API bodies of
 * `stripe/customer/create` and `stripe/customer/update-customer-address`, and
 * the customer the API returns.
 */
import { z } from '../zod.ts'
import {
  ITALY,
  addressProblems,
  compactTaxId,
  countries,
  limits,
  normalizeCountry,
  patterns,
  provinces,
  type Country,
} from '#modules/italian-identifiers'
import { billing } from '#modules/i18n'

const t = billing.form
const errors = billing.errors

const required = (message: string, max: number) => z.string().trim().min(1, message).max(max, t.tooLong)

/** The province as sent: the sigla for Italy (a typed name is turned into it), as typed elsewhere. */
export function provinceCode(value: string, country: string): string {
  const trimmed = value.trim()
  if (normalizeCountry(country) !== ITALY) return trimmed
  const byName = provinces.find((p) => p.name.localeCompare(trimmed, 'it', { sensitivity: 'base' }) === 0)
  return byName ? byName.code : trimmed.toUpperCase()
}

/** The billing data fields, checked as the server checks them. */
export const billingFormSchema = z
  .object({
    name: required(t.required.name, limits.name),
    phone: z.string().trim().min(1, t.required.phone).regex(patterns.phone, errors.phone),
    address: required(t.required.address, limits.address),
    city: required(t.required.city, limits.city),
    zipCode: required(t.required.zipCode, limits.zipCode),
    province: required(t.required.province, limits.province),
    state: required(t.required.country, limits.country),
    fiscalCode: required(t.required.fiscalCode, limits.taxId),
    pec: z
      .string()
      .trim()
      .max(limits.pec, t.tooLong)
      .refine((value) => value === '' || z.email().safeParse(value).success, errors.pec),
    uniqueCode: z
      .string()
      .trim()
      .refine((value) => value === '' || patterns.uniqueCode.test(value.toUpperCase()), errors.uniqueCode),
  })
  .superRefine((value, ctx) => {
    const province = provinceCode(value.province, value.state)
    for (const problem of addressProblems({ ...value, province }))
      if (value[problem.field].trim())
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
  })

export type BillingFormValues = z.input<typeof billingFormSchema>
export type BillingField = keyof BillingFormValues

/** An empty form: Italy, every field blank. */
export const emptyBillingForm: BillingFormValues = {
  name: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  province: '',
  state: ITALY,
  fiscalCode: '',
  pec: '',
  uniqueCode: '',
}

/** The billing data as the API takes them (country code, province sigla, upper-cased tax id and code). */
export function normalizeBilling(values: BillingFormValues) {
  const state = normalizeCountry(values.state)
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    zipCode: values.zipCode.trim(),
    province: provinceCode(values.province, state),
    state,
    fiscalCode: compactTaxId(values.fiscalCode),
    pec: values.pec.trim() ? values.pec.trim().toLowerCase() : undefined,
    uniqueCode: values.uniqueCode.trim() ? values.uniqueCode.trim().toUpperCase() : undefined,
  }
}

/** Body of `PATCH stripe/customer/update-customer-address/{id}`. */
export function addressUpdateBody(values: BillingFormValues) {
  return normalizeBilling(values)
}

/** Body of `POST stripe/customer/create` (the checkout adds profession and the two acceptances). */
export function customerCreateBody(
  values: BillingFormValues,
  checkout: { profession: string; termsCheck: boolean; additionalTermsCheck: boolean },
) {
  const { fiscalCode, uniqueCode, ...rest } = normalizeBilling(values)
  return {
    ...rest,
    fiscalcode: fiscalCode,
    uniquecode: uniqueCode,
    professione: checkout.profession,
    termsCheck: checkout.termsCheck,
    additionalTermsCheck: checkout.additionalTermsCheck,
  }
}

/** The customer as `GET stripe/customer/{id}` (or byEmail) returns it. */
export type ApiCustomer = {
  id: string
  name: string | null
  phone: string | null
  address: {
    city: string | null
    line1: string | null
    postalCode: string | null
    country: string | null
    state: string | null
  }
  metadata: Record<string, string>
}

/** The form's initial values from a customer. */
export function billingFormFromCustomer(customer: ApiCustomer | null): BillingFormValues {
  if (!customer) return { ...emptyBillingForm }
  const meta = customer.metadata
  return {
    name: customer.name ?? '',
    phone: customer.phone ?? '',
    address: customer.address.line1 ?? '',
    city: customer.address.city ?? '',
    zipCode: customer.address.postalCode ?? '',
    province: customer.address.state ?? '',
    // A country stored by name ('Germania') is shown as its code in the list.
    state: normalizeCountry(customer.address.country ?? ITALY),
    fiscalCode: meta['Codice Fiscale'] || meta['Partita IVA'] || '',
    pec: meta.PEC ?? '',
    uniqueCode: meta['Codice Univoco'] ?? '',
  }
}

/** The form field an API error names (the two bodies spell some fields differently). */
export function formFieldOf(apiField: string | undefined): BillingField | null {
  if (!apiField) return null
  const field = apiField === 'fiscalcode' ? 'fiscalCode' : apiField === 'uniquecode' ? 'uniqueCode' : apiField
  return field in emptyBillingForm ? (field as BillingField) : null
}

/** Italy first, then every country of ISO 3166-1 by its Italian name (the list of `modules/italian-identifiers`). */
export function countryOptions(): readonly Country[] {
  const italy = countries.find((country) => country.code === ITALY)
  return [...(italy ? [italy] : []), ...countries.filter((country) => country.code !== ITALY)]
}
