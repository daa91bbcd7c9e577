import { describe, expect, it } from 'vitest'
import { it as strings } from '../i18n/index.ts'
import {
  changeEmailSchema,
  changePasswordSchema,
  displayNameSchema,
  undoCodeSchema,
} from './profile-schemas.ts'

const messages = (result: {
  success: boolean
  error?: { issues: { message: string; path: PropertyKey[] }[] }
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'Vecchia2026', newPassword: 'Nuova2026!', confirmPassword: 'Nuova2026!' }

  it('accepts a new password of 8 to 20 characters without spaces that matches its confirmation', () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true)
    expect(
      changePasswordSchema.safeParse({
        ...valid,
        newPassword: 'a'.repeat(20),
        confirmPassword: 'a'.repeat(20),
      }).success,
    ).toBe(true)
    expect(
      changePasswordSchema.safeParse({ ...valid, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })
        .success,
    ).toBe(true)
  })

  it('refuses a new password that is too short, too long or has spaces, with the Italian rule', () => {
    const t = strings.accounts.password
    expect(
      messages(
        changePasswordSchema.safeParse({ ...valid, newPassword: 'abc1234', confirmPassword: 'abc1234' }),
      ),
    ).toContain(`newPassword: ${t.tooShort}`)
    expect(
      messages(
        changePasswordSchema.safeParse({
          ...valid,
          newPassword: 'a'.repeat(21),
          confirmPassword: 'a'.repeat(21),
        }),
      ),
    ).toContain(`newPassword: ${t.tooLong}`)
    expect(
      messages(
        changePasswordSchema.safeParse({
          ...valid,
          newPassword: 'nuova 2026',
          confirmPassword: 'nuova 2026',
        }),
      ),
    ).toContain(`newPassword: ${t.noSpaces}`)
  })

  it('refuses a confirmation that differs, on the confirmation field, with the specified text', () => {
    expect(messages(changePasswordSchema.safeParse({ ...valid, confirmPassword: 'Nuova2026?' }))).toEqual([
      'confirmPassword: Assicurati che le due password corrispondano',
    ])
  })

  it('requires the old password', () => {
    expect(messages(changePasswordSchema.safeParse({ ...valid, currentPassword: '' }))).toEqual([
      `currentPassword: ${strings.accounts.password.required}`,
    ])
  })
})

describe('displayNameSchema', () => {
  it('trims the name and refuses an empty or overlong one', () => {
    expect(displayNameSchema.parse({ displayName: '  Maria Verdi ' })).toEqual({ displayName: 'Maria Verdi' })
    expect(displayNameSchema.safeParse({ displayName: '   ' }).success).toBe(false)
    expect(displayNameSchema.safeParse({ displayName: 'a'.repeat(101) }).success).toBe(false)
    expect(displayNameSchema.safeParse({ displayName: 'Maria\u0000' }).success).toBe(false)
  })
})

describe('changeEmailSchema', () => {
  it('lower-cases and trims the new address and requires the password', () => {
    expect(changeEmailSchema.parse({ email: ' Nuovo@Esempio.IT ', password: 'x' })).toEqual({
      email: 'nuovo@esempio.it',
      password: 'x',
    })
    expect(messages(changeEmailSchema.safeParse({ email: 'nuovo@esempio.it', password: '' }))).toEqual([
      `password: ${strings.accounts.emailChange.passwordRequired}`,
    ])
    expect(messages(changeEmailSchema.safeParse({ email: 'non-una-mail', password: 'x' }))).toEqual([
      `email: ${strings.accounts.fields.emailInvalid}`,
    ])
  })
})

describe('undoCodeSchema', () => {
  it('accepts the generated codes only', () => {
    expect(undoCodeSchema.safeParse('A'.repeat(43)).success).toBe(true)
    expect(undoCodeSchema.safeParse('corto').success).toBe(false)
    expect(undoCodeSchema.safeParse(`${'A'.repeat(30)}%27`).success).toBe(false)
  })
})
