/** Input schemas shared by the accounts, sign-up and contact calls, with Italian messages. */
import { z } from 'zod'
import { it } from '../i18n/index.ts'
import { PROFESSION_PLACEHOLDER } from './professions.ts'

const t = it.accounts.fields

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ message: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(254, t.tooLong)
  .pipe(z.email({ message: t.emailInvalid }))
  .transform((value) => value.toLowerCase())

/** A first or last name: trimmed, required, at most 100 characters. */
export const personNameSchema = (required: string) =>
  z.string({ message: required }).trim().min(1, required).max(100, t.tooLong)

/** The drop-down's placeholder (or nothing) means no profession was chosen. */
export const optionalProfession = <S extends z.ZodType>(schema: S) =>
  z
    .union([z.literal(PROFESSION_PLACEHOLDER), z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === PROFESSION_PLACEHOLDER || value === '' || value == null ? null : value))
