/** Input schemas of the accounts use cases and API routes, with Italian messages. */
import { z } from 'zod'
import { it } from '../i18n/index.ts'
import { PROFESSION_PLACEHOLDER, professionSchema, trialProfessions } from './professions.ts'

const t = it.accounts.fields

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ message: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(254, t.tooLong)
  .pipe(z.email({ message: t.emailInvalid }))
  .transform((value) => value.toLowerCase())

const personName = (required: string) =>
  z.string({ message: required }).trim().min(1, required).max(100, t.tooLong)

/** The drop-down's placeholder (or nothing) means no profession was chosen. */
const optionalProfession = <S extends z.ZodType>(schema: S) =>
  z
    .union([z.literal(PROFESSION_PLACEHOLDER), z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === PROFESSION_PLACEHOLDER || value === '' || value == null ? null : value))

const trialProfession = z.enum(trialProfessions, { message: it.accounts.profession.invalid })

/** The trial sign-up: first name, last name, e-mail and, optionally, a profession of the trial list. */
export const trialSignupSchema = z.object({
  firstName: personName(t.firstNameRequired),
  lastName: personName(t.lastNameRequired),
  email: emailSchema,
  profession: optionalProfession(trialProfession),
})
export type TrialSignupInput = z.input<typeof trialSignupSchema>

/** `POST /contacts/create-hs-contact`: e-mail, name, product and optionally the profession. */
export const createContactSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(200, t.tooLong).optional(),
  product: z.string().trim().max(200, t.tooLong).optional(),
  professione: optionalProfession(professionSchema),
})

/** `POST /contacts/update-hs-profession`: e-mail and profession. */
export const updateProfessionSchema = z.object({
  email: emailSchema,
  professione: professionSchema,
})

/** `POST /user/trial-signup`: the sign-up form's fields with the names of the specification. */
export const trialSignupBodySchema = z.object({
  nome: personName(t.firstNameRequired),
  cognome: personName(t.lastNameRequired),
  email: emailSchema,
  professione: optionalProfession(trialProfession),
})
