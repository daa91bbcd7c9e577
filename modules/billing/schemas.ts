/**
 * Input of the billing calls (zod), with §5's rules: the Italian codice
 * fiscale or partita IVA with its checksum (upper-cased), the province from
 * the ISTAT list and a five-digit CAP when the country is Italy; a VAT number
 * and a free province elsewhere; optional PEC and codice univoco.
 */
import { z } from '@hono/zod-openapi'
import { checkoutProfessions, PROFESSION_PLACEHOLDER } from '../accounts/index.ts'
import {
  addressProblems,
  compactTaxId,
  italianTaxIdKind,
  limits,
  normalizeCountry,
  patterns,
  provinces,
} from '../italian-identifiers/index.ts'
import { it } from '../i18n/index.ts'

const t = it.billing.errors

let provinceCodes: Set<string> | null = null
/** The ISTAT province codes (sigle). */
export function italianProvinces(): Set<string> {
  provinceCodes ??= new Set(provinces.map((province) => province.code))
  return provinceCodes
}

export { italianTaxIdKind }

const text = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined))

/** The country: ISO code, 'IT' when it reads Italia. */
const country = z.string().trim().min(2).max(limits.country).transform(normalizeCountry)

const phone = z.string().trim().regex(patterns.phone, t.phone)

const pec = z
  .string()
  .trim()
  .max(254)
  .optional()
  .transform((value) => (value ? value.toLowerCase() : undefined))
  .pipe(z.email(t.pec).optional())

const uniqueCode = z
  .string()
  .trim()
  .max(7)
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined))
  .pipe(z.string().regex(patterns.uniqueCode, t.uniqueCode).optional())

type Address = { state: string; province: string; zipCode: string; fiscalCode: string }

/** §5's checks that depend on the country. */
function checkAddress(value: Address, ctx: z.RefinementCtx, fiscalField: string) {
  for (const problem of addressProblems(value))
    ctx.addIssue({
      code: 'custom',
      path: [problem.field === 'fiscalCode' ? fiscalField : problem.field],
      message: problem.message,
    })
}

const professionCodes = checkoutProfessions as readonly string[]

/** POST stripe/customer/create: the checkout's billing form. */
export const customerCreateSchema = z
  .object({
    email: z.email().optional(),
    name: text(120).openapi({ description: 'Intestatario della fattura' }),
    phone,
    city: text(80),
    address: text(160),
    zipCode: z.string().trim().min(1).max(12),
    state: country.default('IT').openapi({ description: 'Stato (codice ISO, IT per l’Italia)' }),
    province: z.string().trim().min(1).max(40),
    fiscalcode: z.string().trim().min(1).max(20).transform(compactTaxId),
    pec,
    uniquecode: uniqueCode,
    termsCheck: z.boolean().optional(),
    additionalTermsCheck: z.boolean().optional(),
    professione: z
      .string()
      .optional()
      .refine(
        (value) =>
          value === undefined || (value !== PROFESSION_PLACEHOLDER && professionCodes.includes(value)),
        {
          message: t.profession,
        },
      ),
  })
  .superRefine((value, ctx) => {
    checkAddress(
      { state: value.state, province: value.province, zipCode: value.zipCode, fiscalCode: value.fiscalcode },
      ctx,
      'fiscalcode',
    )
    if (value.termsCheck === false || value.additionalTermsCheck === false)
      ctx.addIssue({ code: 'custom', path: ['termsCheck'], message: t.terms })
  })
  .openapi('DatiFatturazione')

/** PATCH stripe/customer/update-customer-address/{id}: the billing update payload. */
export const customerAddressSchema = z
  .object({
    name: text(120),
    address: text(160),
    province: z.string().trim().min(1).max(40),
    zipCode: z.string().trim().min(1).max(12),
    phone,
    city: text(80),
    state: country.default('IT'),
    fiscalCode: z.string().trim().min(1).max(20).transform(compactTaxId),
    pec,
    uniqueCode,
  })
  .superRefine((value, ctx) =>
    checkAddress(
      { state: value.state, province: value.province, zipCode: value.zipCode, fiscalCode: value.fiscalCode },
      ctx,
      'fiscalCode',
    ),
  )
  .openapi('AggiornamentoFatturazione')

export const createSubscriptionSchema = z
  .object({ priceId: z.string().trim().min(1).max(255), customerId: z.string().trim().min(1).max(255) })
  .openapi('NuovoAbbonamento')

export const setDefaultPaymentMethodSchema = z
  .object({ paymentMethodId: z.string().trim().min(1).max(255) })
  .openapi('MetodoPredefinito')

export const subscriptionEmailSchema = z
  .object({
    email: z.string().optional(),
    nome: z.string().max(200).optional(),
    abbonamento: z.string().max(200).optional(),
  })
  .openapi('EmailAbbonamento')

export const notEligibleSchema = z
  .object({
    nome: text(120),
    ragioneSociale: optionalText(160),
    email: z.string().optional(),
    citta: optionalText(80),
    cap: optionalText(12),
    provincia: optionalText(40),
    indirizzo: optionalText(160),
    telefono: optionalText(30),
    codiceFiscale: optionalText(20),
    professione: optionalText(60),
    codiceUnivoco: optionalText(7),
    pec: optionalText(254),
    /** The price chosen at the checkout: the plan sales is told about. */
    priceId: optionalText(255),
  })
  .openapi('RichiestaNonIdonea')

/** POST user/purchase-signup: the sign-up form before purchase and the plan chosen. */
export const purchaseSignupSchema = z
  .object({
    nome: z.string().max(200),
    cognome: z.string().max(200),
    email: z.string().max(254),
    professione: z.string().max(100).nullable().optional(),
    productId: z.string().trim().min(1).max(255),
    priceId: z.string().trim().min(1).max(255),
  })
  .openapi('RegistrazioneAcquisto')

/** Customer metadata keys of §3. */
export const metadataKeys = {
  codiceFiscale: 'Codice Fiscale',
  partitaIva: 'Partita IVA',
  pec: 'PEC',
  uniqueCode: 'Codice Univoco',
} as const
