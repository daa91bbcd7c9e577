import { describe, expect, it } from 'vitest'
import { passwordChangeSavable, passwordChangeSchema, passwordHintMet } from '../account-client.ts'
import { pictureProblem } from './ProfilePictureForm.tsx'

describe('password change form rules', () => {
  it('turns the hint green at 8 characters, not with spaces or beyond 20', () => {
    expect(passwordHintMet('')).toBe(false)
    expect(passwordHintMet('abcdefg')).toBe(false)
    expect(passwordHintMet('abcdefgh')).toBe(true)
    expect(passwordHintMet('a'.repeat(20))).toBe(true)
    expect(passwordHintMet('a'.repeat(21))).toBe(false)
    expect(passwordHintMet('abcd efgh')).toBe(false)
  })

  it('keeps Save disabled while the old or new password is under 8 characters or the two differ', () => {
    const ok = { currentPassword: 'Demo2026!', newPassword: 'Nuova2026', confirmPassword: 'Nuova2026' }
    expect(passwordChangeSavable(ok)).toBe(true)
    expect(passwordChangeSavable({ ...ok, currentPassword: 'corta12' })).toBe(false)
    expect(passwordChangeSavable({ ...ok, newPassword: 'corta12', confirmPassword: 'corta12' })).toBe(false)
    expect(passwordChangeSavable({ ...ok, confirmPassword: 'Nuova2027' })).toBe(false)
  })

  it('validates like the server: mismatch message on the confirmation', () => {
    const result = passwordChangeSchema.safeParse({
      currentPassword: 'Demo2026!',
      newPassword: 'Nuova2026',
      confirmPassword: 'Nuova2027',
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmPassword', 'Assicurati che le due password corrispondano'],
    ])
  })
})

describe('profile picture check in the browser', () => {
  it('names the file when it is not a JPEG, PNG or WebP or is over 5 MB', () => {
    expect(pictureProblem({ name: 'a.gif', size: 100, type: 'image/gif' })).toBe(
      'Il file «a.gif» non è un’immagine JPEG, PNG o WebP.',
    )
    expect(pictureProblem({ name: 'b.png', size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      'Il file «b.png» supera la dimensione massima di 5 MB.',
    )
    expect(pictureProblem({ name: 'c.webp', size: 1000, type: 'image/webp' })).toBeUndefined()
  })
})
