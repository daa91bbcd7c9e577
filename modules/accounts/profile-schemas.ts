/** Input schemas of the profile calls (password change, display name, e-mail change), with Italian messages. */
import { z } from 'zod'
import { it } from '../i18n/index.ts'
import { passwordSchema } from './password.ts'
import { emailSchema } from './schemas.ts'

const t = it.accounts

/** The current password as typed: required, never trimmed, bounded. */
const currentPassword = (required: string) => z.string({ message: required }).min(1, required).max(128)

/**
 * `POST /user/change-password`: the old password, the new one (8 to 20
 * characters, no spaces) and its confirmation, which must match.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPassword(t.password.required),
    newPassword: passwordSchema,
    confirmPassword: z.string({ message: t.passwordChange.mismatch }).max(128),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: t.passwordChange.mismatch,
    path: ['confirmPassword'],
  })
export type ChangePasswordInput = z.input<typeof changePasswordSchema>

/** `PATCH /user/profile`: the display name. */
export const displayNameSchema = z.object({
  displayName: z
    .string({ message: t.displayName.required })
    .trim()
    .min(1, t.displayName.required)
    .max(100, t.fields.tooLong)
    .refine((value) => !/[\p{Cc}]/u.test(value), t.fields.tooLong),
})

/** `POST /user/change-email`: the new address and the current password. */
export const changeEmailSchema = z.object({
  email: emailSchema,
  password: currentPassword(t.emailChange.passwordRequired),
})
export type ChangeEmailInput = z.input<typeof changeEmailSchema>

/** The code of an e-mail change's undo link. */
export const undoCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)
