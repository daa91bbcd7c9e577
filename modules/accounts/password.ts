/**
 * Passwords: the generated password of an e-mail sign-up and the rules a
 * password chosen by the user must follow.
 */
import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { it } from '../i18n/index.ts'

/** Length of the password generated at e-mail sign-up. */
export const GENERATED_PASSWORD_LENGTH = 8
/** Digits the generated password always contains. */
export const GENERATED_PASSWORD_MIN_DIGITS = 2
/** Limits of a password chosen by the user. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 20

// Letters and digits that cannot be mistaken for each other when read from an e-mail (no 0/O, 1/l/I).
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'

/**
 * An 8-character password of letters and digits, with at least two digits and
 * at least one letter, drawn from the operating system's secure random source.
 */
export function generatePassword(): string {
  const digitCount = randomInt(GENERATED_PASSWORD_MIN_DIGITS, GENERATED_PASSWORD_LENGTH)
  const characters: string[] = []
  for (let index = 0; index < GENERATED_PASSWORD_LENGTH; index += 1) {
    const pool = index < digitCount ? DIGITS : LETTERS
    characters.push(pool.charAt(randomInt(pool.length)))
  }
  // Fisher-Yates shuffle, so the digits are not always at the start.
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1)
    const swap = characters[index] as string
    characters[index] = characters[other] as string
    characters[other] = swap
  }
  return characters.join('')
}

/** A password chosen by the user: 8 to 20 characters, no spaces. */
export const passwordSchema = z
  .string({ message: it.accounts.password.required })
  .min(PASSWORD_MIN_LENGTH, it.accounts.password.tooShort)
  .max(PASSWORD_MAX_LENGTH, it.accounts.password.tooLong)
  .refine((value) => !/\s/.test(value), it.accounts.password.noSpaces)

/** The first rule a chosen password breaks, or undefined when it is acceptable. */
export function passwordProblem(value: string): string | undefined {
  const result = passwordSchema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}
