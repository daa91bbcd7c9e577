/** Input schemas of the marketing-contact calls, with Italian messages. */
import { z } from 'zod'
import { emailSchema, optionalProfession, professionSchema } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'

const t = it.accounts.fields

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
