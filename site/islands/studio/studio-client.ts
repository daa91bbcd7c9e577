/** Browser side of the Studio islands: form schemas with the server's rules and messages. */
import { z } from '../zod.ts'
import { accounts, studio } from '#modules/i18n'

const t = studio

/** A linked account as `linkedto` answers it. */
export type LinkedAccountView = {
  email: string
  isActive: boolean
  invitedAt: string
  activatedAt: string | null
  inviteExpiresAt: string | null
}

/** The invite form: e-mail required, lower-cased. */
export const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, t.emailRequired)
    .max(254, t.emailInvalid)
    .pipe(z.email({ message: t.emailInvalid }))
    .transform((value) => value.toLowerCase()),
})

/** The invitation page's sign-up: name, password (8–20, no spaces) twice, terms. */
export const inviteSignupFormSchema = z
  .object({
    name: z.string().trim().min(1, t.invitation.nameRequired).max(200, accounts.fields.tooLong),
    password: z
      .string()
      .min(8, accounts.password.tooShort)
      .max(20, accounts.password.tooLong)
      .refine((value) => !/\s/.test(value), accounts.password.noSpaces),
    confirmPassword: z.string(),
    // Accepted terms are `true` for the API's schema too.
    terms: z
      .boolean()
      .refine((value) => value, t.invitation.termsRequired)
      .transform((): true => true),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: t.invitation.mismatch,
    path: ['confirmPassword'],
  })

/** The login in the invitation page's modal. */
export const inviteLoginSchema = z.object({
  password: z.string().min(1, accounts.login.passwordRequired),
})
