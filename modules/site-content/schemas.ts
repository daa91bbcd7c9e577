/** The public forms' input, with the Italian messages shown under each field. */
import { z } from 'zod'
import { it } from '../i18n/index.ts'
import { productSlugs } from './slugs.ts'

const t = it.publicSite.forms

const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, t.tooLong(max))

const optionalText = (max: number) => z.string().trim().max(max, t.tooLong(max)).default('')

const email = z
  .string({ message: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(254, t.tooLong(254))
  .pipe(z.email({ message: t.emailInvalid }))

const phone = z
  .string()
  .trim()
  .max(30, t.tooLong(30))
  .refine((value) => value === '' || /^\+?[0-9 ()./-]{6,}$/.test(value), t.phoneInvalid)
  .default('')

/** A checkbox sent by a browser form: 'on' when ticked, missing otherwise. */
const consent = z
  .union([z.literal('on'), z.literal('true'), z.literal(true)], { message: t.privacyRequired })
  .transform(() => true as const)

/** The information request of a product page (anchor #contattaci). */
export const productEnquirySchema = z.object({
  product: z.enum(productSlugs),
  nome: requiredText(t.nameRequired, 120),
  email,
  telefono: phone,
  azienda: optionalText(160),
  messaggio: requiredText(t.messageRequired, 3000),
  privacy: consent,
})

/** The Enterprise request of /richiedi-enterprise. */
export const enterpriseEnquirySchema = z.object({
  azienda: requiredText(t.companyRequired, 160),
  nome: requiredText(t.nameRequired, 120),
  email,
  telefono: requiredText(t.phoneRequired, 30).pipe(z.string().regex(/^\+?[0-9 ()./-]{6,}$/, t.phoneInvalid)),
  postazioni: z.coerce
    .number({ message: t.seatsInvalid })
    .int(t.seatsInvalid)
    .min(1, t.seatsInvalid)
    .max(10_000, t.seatsInvalid),
  messaggio: optionalText(3000),
  privacy: consent,
})

export type ProductEnquiry = z.output<typeof productEnquirySchema>
export type EnterpriseEnquiry = z.output<typeof enterpriseEnquirySchema>

/** Field name -> first message, for re-rendering a form with its errors. */
export type FieldErrors = Partial<Record<string, string>>

/** Parses a submitted form; on failure, one message per field. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** The cookie choice the banner records. */
export const cookieConsentSchema = z.object({
  consentId: z.uuid(),
  categories: z
    .array(z.enum(['necessary', 'analytics']))
    .min(1)
    .max(2),
  action: z.enum(['accept_all', 'reject_all', 'custom']),
})
export type CookieConsent = z.output<typeof cookieConsentSchema>
