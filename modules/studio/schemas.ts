/** Input schemas of the Studio calls (the same rules the islands apply, the same Italian messages). */
import { z } from 'zod'
import { passwordSchema } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'

const t = it.studio

/** The address to invite: required, lower-cased. */
export const inviteEmailSchema = z
  .string({ error: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(254, t.emailInvalid)
  .pipe(z.email({ message: t.emailInvalid }))
  .transform((value) => value.toLowerCase())

/** `POST linkedstudioaccounts/linkto/{mail}`: the seed's body; the subscription is read from the session. */
export const linkToSchema = z.object({
  accountEmail: inviteEmailSchema,
  subscriptionName: z.string().max(200).optional(),
  subscriptionId: z.string().max(255).optional(),
})

/** An invitation code as it appears in the link (URL-safe base64). */
export const inviteCodeSchema = z.string().trim().min(1).max(100)

/** The invitation page's sign-up: name, password twice, terms. */
export const inviteSignupSchema = z
  .object({
    name: z.string({ error: t.invitation.nameRequired }).trim().min(1, t.invitation.nameRequired).max(200),
    password: passwordSchema,
    confirmPassword: z.string().max(100),
    terms: z.literal(true, { error: t.invitation.termsRequired }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: t.invitation.mismatch,
    path: ['confirmPassword'],
  })

export type InviteSignupInput = z.input<typeof inviteSignupSchema>
