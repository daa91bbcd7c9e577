/**
 * The billing data rules of §5 that the server's schemas and the browser's
 * billing form share: the codice fiscale or partita IVA with its checksum,
 * the ISTAT provinces, the five-digit CAP, phone, PEC, codice univoco, and the
 * country-dependent checks (Italy: checksum, province from the list, CAP;
 * elsewhere: a VAT number and a free province). Small on purpose: the browser
 * bundles it (two `stdnum` validators and the province list, no more).
 */
import { validate as validateCodiceFiscale } from 'stdnum/lib/cjs/it/codicefiscale.js'
import { validate as validatePartitaIva } from 'stdnum/lib/cjs/it/iva.js'
import istat from '../../data/istat/province.json' with { type: 'json' }
import { it } from '../i18n/index.ts'

const t = it.billing.errors

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

/** The country as an ISO code: 'IT' for Italia/Italy, two letters upper-cased, anything else as typed. */
export function normalizeCountry(value: string): string {
  const trimmed = value.trim()
  if (/^(it|ita|italia|italy)$/i.test(trimmed)) return ITALY
  return trimmed.length === 2 ? trimmed.toUpperCase() : trimmed
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

export type AddressProblem = { field: 'zipCode' | 'province' | 'fiscalCode'; message: string }

/** §5's checks that depend on the country; `state` is the country (ISO code or name). */
export function addressProblems(value: {
  state: string
  province: string
  zipCode: string
  fiscalCode: string
}): AddressProblem[] {
  const problems: AddressProblem[] = []
  if (normalizeCountry(value.state) === ITALY) {
    if (!patterns.zipCode.test(value.zipCode.trim())) problems.push({ field: 'zipCode', message: t.zipCode })
    if (!isItalianProvince(value.province)) problems.push({ field: 'province', message: t.province })
    if (!italianTaxIdKind(value.fiscalCode)) problems.push({ field: 'fiscalCode', message: t.fiscalCode })
  } else if (!patterns.foreignVat.test(value.fiscalCode.trim())) {
    problems.push({ field: 'fiscalCode', message: t.vatNumber })
  }
  return problems
}
