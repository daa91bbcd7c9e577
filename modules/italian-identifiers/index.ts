/**
 * The Italian identifiers and addresses of §5's billing data, checked alike
 * by the server's schemas and the browser's billing form: the codice fiscale or partita IVA with its checksum,
 * the ISTAT provinces, the five-digit CAP, phone, PEC, codice univoco, and the
 * country-dependent checks (Italy: checksum, province from the list, CAP;
 * elsewhere: a VAT number and a free province), the country from the ISO
 * 3166-1 list. Small on purpose: the browser bundles it (two `stdnum`
 * validators, the province and country lists, no more).
 */
import { validate as validateCodiceFiscale } from 'stdnum/lib/cjs/it/codicefiscale.js'
import { validate as validatePartitaIva } from 'stdnum/lib/cjs/it/iva.js'
import iso from '../../data/iso/countries-it.json' with { type: 'json' }
import istat from '../../data/istat/province.json' with { type: 'json' }
import { billing, invoices } from '../i18n/index.ts'

const t = billing.errors

/** Italy's ISO code: the country of the billing form by default. */
export const ITALY = 'IT'

/** A province of the ISTAT list: its sigla and name. */
export type Province = { code: string; name: string }

/** The ISTAT provinces (and metropolitan cities), sorted by name. */
export const provinces: readonly Province[] = istat.regions
  .flatMap((region) => region.provinces.map((p) => ({ code: p.code.toUpperCase(), name: p.name })))
  .sort((a, b) => a.name.localeCompare(b.name, 'it'))

const provinceCodes = new Set(provinces.map((p) => p.code))

/** Whether `code` is the sigla of an ISTAT province (case-insensitive). */
export function isItalianProvince(code: string): boolean {
  return provinceCodes.has(code.trim().toUpperCase())
}

/** A country of ISO 3166-1: its two-letter code and its Italian name. */
export type Country = { code: string; name: string }

/** The ISO 3166-1 countries with their Italian names (`data/iso/countries-it.json`), sorted by name. */
export const countries: readonly Country[] = iso.countries.map(({ code, name }) => ({ code, name }))

const countryCodes = new Set(countries.map((country) => country.code))

/** A name as compared: lower case, without accents, apostrophes or extra spaces. */
const nameKey = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’'`.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** Every Italian name (and alias) of a country, and Italy's usual spellings, to its code. */
const countryByName = new Map<string, string>([
  ...iso.countries.flatMap((country) =>
    [country.name, ...(('aliases' in country ? country.aliases : undefined) ?? [])].map(
      (name) => [nameKey(name), country.code] as [string, string],
    ),
  ),
  ['ita', ITALY],
  ['italy', ITALY],
])

/** Whether `code` is an ISO 3166-1 country code (two letters, case-insensitive). */
export function isCountryCode(code: string): boolean {
  return countryCodes.has(code.trim().toUpperCase())
}

/** The Italian name of a country code, or the code itself when it is not one. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase()
  return countries.find((country) => country.code === upper)?.name ?? code
}

/**
 * The country as an ISO 3166-1 code: a code (any case) or an Italian name
 * ('Germania' → 'DE', 'Italia'/'Italy' → 'IT'); anything else as typed,
 * which `isCountryCode` then refuses.
 */
export function normalizeCountry(value: string): string {
  const trimmed = value.trim()
  if (isCountryCode(trimmed)) return trimmed.toUpperCase()
  return countryByName.get(nameKey(trimmed)) ?? trimmed
}

/** A tax id as stored: no spaces, upper case. */
export function compactTaxId(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

/** A codice fiscale (16 characters, omocodic ones too) or an 11-digit partita IVA with a valid checksum; null otherwise. */
export function italianTaxIdKind(value: string): 'codiceFiscale' | 'partitaIva' | null {
  const compact = compactTaxId(value).replace(/^IT(?=\d{11}$)/, '')
  if (/^\d{11}$/.test(compact)) return validatePartitaIva(compact).isValid ? 'partitaIva' : null
  if (/^[A-Z0-9]{16}$/.test(compact)) return validateCodiceFiscale(compact).isValid ? 'codiceFiscale' : null
  return null
}

/** Patterns of the single fields. */
export const patterns = {
  /** Italian CAP. */
  zipCode: /^\d{5}$/,
  phone: /^\+?[0-9 ()./-]{6,20}$/,
  /** Codice univoco (SDI): 7 characters, 6 for the public administration; upper case. */
  uniqueCode: /^[A-Z0-9]{6,7}$/,
  /** A VAT number of another country. */
  foreignVat: /^[A-Z0-9.\- ]{5,20}$/i,
} as const

/** Field lengths, the same on both sides. */
export const limits = {
  name: 120,
  city: 80,
  address: 160,
  zipCode: 12,
  province: 40,
  taxId: 20,
  pec: 254,
  country: 56,
} as const

export type AddressProblem = { field: 'state' | 'zipCode' | 'province' | 'fiscalCode'; message: string }

/** §5's checks that depend on the country; `state` is the country (ISO code or Italian name, from the list). */
export function addressProblems(value: {
  state: string
  province: string
  zipCode: string
  fiscalCode: string
}): AddressProblem[] {
  const problems: AddressProblem[] = []
  const country = normalizeCountry(value.state)
  if (!isCountryCode(country)) {
    problems.push({ field: 'state', message: t.country })
  } else if (country === ITALY) {
    if (!patterns.zipCode.test(value.zipCode.trim())) problems.push({ field: 'zipCode', message: t.zipCode })
    if (!isItalianProvince(value.province)) problems.push({ field: 'province', message: t.province })
    if (!italianTaxIdKind(value.fiscalCode)) problems.push({ field: 'fiscalCode', message: t.fiscalCode })
  } else if (!patterns.foreignVat.test(value.fiscalCode.trim())) {
    problems.push({ field: 'fiscalCode', message: t.vatNumber })
  }
  return problems
}

/*
 * The seller's data an invoice needs (art. 21 DPR 633/72): which are required,
 * which are checked (partita IVA and codice fiscale with their checksums, CAP,
 * province, PEC). The admin's form and the invoice download ask the same
 * function, so the admin shows exactly what keeps invoices from being issued.
 */

const ts = invoices.seller

/** The seller's data as the admin stores them (every field may still be empty). */
export type SellerData = {
  companyName?: string | null
  vatNumber?: string | null
  fiscalCode?: string | null
  street?: string | null
  postalCode?: string | null
  city?: string | null
  province?: string | null
  country?: string | null
  pec?: string | null
  reaNumber?: string | null
  shareCapital?: string | null
  taxRegime?: string | null
}

export type SellerField = keyof SellerData

/** The seller's data once complete and valid. */
export type Seller = { [K in Exclude<SellerField, 'shareCapital'>]: string } & { shareCapital: string | null }

/** The fields in the order the admin and the PDF show them; all but the share capital are required. */
export const sellerFields: readonly SellerField[] = [
  'companyName',
  'vatNumber',
  'fiscalCode',
  'street',
  'postalCode',
  'city',
  'province',
  'country',
  'pec',
  'reaNumber',
  'shareCapital',
  'taxRegime',
]

const optional = new Set<SellerField>(['shareCapital'])

/** The FatturaPA codes of the tax regimes offered in the admin. */
export const taxRegimeCodes = Object.keys(ts.taxRegimes) as (keyof typeof ts.taxRegimes)[]

const pecPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What is wrong with one field's value (null when it is fine); `country` decides the Italian checks. */
export function sellerFieldProblem(field: SellerField, value: string, country: string): string | null {
  const italian = normalizeCountry(country || ITALY) === ITALY
  switch (field) {
    case 'vatNumber':
      return italianTaxIdKind(value) === 'partitaIva' ? null : ts.invalid.vatNumber
    case 'fiscalCode':
      return italianTaxIdKind(value) ? null : ts.invalid.fiscalCode
    case 'postalCode':
      return !italian || patterns.zipCode.test(value) ? null : ts.invalid.postalCode
    case 'province':
      return !italian || isItalianProvince(value) ? null : ts.invalid.province
    case 'country':
      return isCountryCode(value) ? null : ts.invalid.country
    case 'pec':
      return pecPattern.test(value) ? null : ts.invalid.pec
    case 'taxRegime':
      return (taxRegimeCodes as string[]).includes(value) ? null : ts.invalid.taxRegime
    default:
      return null
  }
}

/** A field that is missing, or one whose value is wrong (its message names the field). */
export type SellerProblem = { field: SellerField; label: string; missing: boolean; message: string }

/** Every required field that is empty and every field whose value is not valid, in the form's order. */
export function sellerProblems(data: SellerData | null | undefined): SellerProblem[] {
  const problems: SellerProblem[] = []
  const country = (data?.country ?? '').trim()
  for (const field of sellerFields) {
    const value = (data?.[field] ?? '').trim()
    const label = ts.fields[field]
    if (!value) {
      if (!optional.has(field)) problems.push({ field, label, missing: true, message: ts.required })
      continue
    }
    const message = sellerFieldProblem(field, value, country)
    if (message) problems.push({ field, label, missing: false, message })
  }
  return problems
}

/** The seller's data, trimmed, when nothing is missing or wrong; null otherwise. */
export function completeSeller(data: SellerData | null | undefined): Seller | null {
  if (!data || sellerProblems(data).length > 0) return null
  const value = (field: SellerField) => (data[field] ?? '').trim()
  return {
    companyName: value('companyName'),
    vatNumber: value('vatNumber').replace(/\s+/g, ''),
    fiscalCode: value('fiscalCode').replace(/\s+/g, '').toUpperCase(),
    street: value('street'),
    postalCode: value('postalCode'),
    city: value('city'),
    province: value('province').toUpperCase(),
    country: value('country').toUpperCase(),
    pec: value('pec').toLowerCase(),
    reaNumber: value('reaNumber'),
    shareCapital: value('shareCapital') || null,
    taxRegime: value('taxRegime'),
  }
}
