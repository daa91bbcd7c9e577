/**
 * Browser side of the account pages: the form schemas (the same rules the
 * server applies, with the same Italian messages) and the password rules.
 */
import { accounts, errors } from '#modules/i18n'
import { z } from './zod.ts'

const t = accounts

const email = z
  .string()
  .trim()
  .min(1, t.fields.emailRequired)
  .max(254, t.fields.tooLong)
  .pipe(z.email({ message: t.fields.emailInvalid }))

const chosenPassword = z
  .string()
  .min(8, t.password.tooShort)
  .max(20, t.password.tooLong)
  .refine((value) => !/\s/.test(value), t.password.noSpaces)

/** The trial sign-up form. */
export const signupFormSchema = z.object({
  nome: z.string().trim().min(1, t.fields.firstNameRequired).max(100, t.fields.tooLong),
  cognome: z.string().trim().min(1, t.fields.lastNameRequired).max(100, t.fields.tooLong),
  email,
  professione: z.string(),
  termini: z.boolean().refine((value) => value, t.signup.termsRequired),
})

/** The login form. */
export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, t.login.passwordRequired),
  ricordami: z.boolean(),
})

/** The password-recovery request. */
export const resetRequestSchema = z.object({ email })

/** The new password and its confirmation. */
export const newPasswordSchema = z
  .object({ password: chosenPassword, conferma: z.string() })
  .refine((value) => value.password === value.conferma, { message: t.password.mismatch, path: ['conferma'] })

/** The password change: old password, new password (8 to 20 characters, no spaces) and its confirmation. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, t.password.required),
    newPassword: chosenPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: t.passwordChange.mismatch,
    path: ['confirmPassword'],
  })

/**
 * Whether the password-change form may be saved: the old and the new password
 * have at least 8 characters and the confirmation matches the new one.
 */
export function passwordChangeSavable(values: {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}): boolean {
  return (
    values.currentPassword.length >= 8 &&
    values.newPassword.length >= 8 &&
    values.newPassword === values.confirmPassword
  )
}

/** The live hint under the new password turns green at 8 characters or more (at most 20, no spaces). */
export function passwordHintMet(value: string): boolean {
  return value.length >= 8 && value.length <= 20 && !/\s/.test(value)
}

/** The display name. */
export const displayNameFormSchema = z.object({
  displayName: z.string().trim().min(1, t.displayName.required).max(100, t.fields.tooLong),
})

/** The e-mail change: the new address and the current password. */
export const emailChangeFormSchema = z.object({
  email,
  password: z.string().min(1, t.emailChange.passwordRequired),
})

/** The sign-up form's field for a field the server names after its use case (firstName, lastName, email). */
export function signupFieldOf(field: string | undefined): 'nome' | 'cognome' | 'email' | undefined {
  if (field === 'firstName' || field === 'nome') return 'nome'
  if (field === 'lastName' || field === 'cognome') return 'cognome'
  if (field === 'email') return 'email'
  return undefined
}

/**
 * What a failed sign-in tells the visitor: a refused page origin or a
 * suspended address in the server's own words, a wrong e-mail or password
 * with `wrongCredentials` (each form has its catalogue text), anything else
 * as a generic failure.
 */
export function signInFailureMessage(
  result: { status: number; message?: string },
  wrongCredentials: string,
): string {
  if (result.status === 429) return result.message ?? t.login.tooManyAttempts
  if (result.status === 403) return result.message ?? errors.crossOrigin
  if (result.status === 401 || result.status === 400) return wrongCredentials
  return t.genericFailure
}
