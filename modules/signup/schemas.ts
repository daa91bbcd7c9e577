/** Input schemas of the sign-up use cases and API routes, with Italian messages. */
import { z } from 'zod'
import { emailSchema, optionalProfession, personNameSchema, trialProfessions } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'

const t = it.accounts.fields

const trialProfession = z.enum(trialProfessions, { message: it.accounts.profession.invalid })

/** The trial sign-up: first name, last name, e-mail and, optionally, a profession of the trial list. */
export const trialSignupSchema = z.object({
  firstName: personNameSchema(t.firstNameRequired),
  lastName: personNameSchema(t.lastNameRequired),
  email: emailSchema,
  profession: optionalProfession(trialProfession),
})
export type TrialSignupInput = z.input<typeof trialSignupSchema>

/** `POST /user/trial-signup`: the sign-up form's fields with the names of the specification. */
export const trialSignupBodySchema = z.object({
  nome: personNameSchema(t.firstNameRequired),
  cognome: personNameSchema(t.lastNameRequired),
  email: emailSchema,
  professione: optionalProfession(trialProfession),
})

/** The profession of the social set-up form: one of the trial list (the placeholder is refused). */
export const socialSetupSchema = z.object({
  profession: z.enum(trialProfessions, { message: it.accounts.socialSetup.professionRequired }),
})
