import { describe, expect, it } from 'vitest'
import { generatePassword, passwordProblem, passwordSchema } from './password.ts'

describe('generated password', () => {
  it('has 8 letters and digits, at least two digits and at least one letter', () => {
    for (let round = 0; round < 2000; round += 1) {
      const password = generatePassword()
      expect(password).toMatch(/^[A-Za-z0-9]{8}$/)
      expect(password.replace(/\D/g, '').length).toBeGreaterThanOrEqual(2)
      expect(password.replace(/[^A-Za-z]/g, '').length).toBeGreaterThanOrEqual(1)
      expect(passwordProblem(password)).toBeUndefined()
    }
  })

  it('avoids characters that are easily misread in an e-mail', () => {
    const all = Array.from({ length: 500 }, generatePassword).join('')
    expect(all).not.toMatch(/[0O1lI]/)
  })

  it('is not predictable: thousands of passwords are all different and use the whole alphabet', () => {
    const passwords = new Set(Array.from({ length: 5000 }, generatePassword))
    expect(passwords.size).toBe(5000)
    const letters = new Set([...passwords].join('').replace(/\d/g, ''))
    expect(letters.size).toBeGreaterThan(40)
  })

  it('places the digits anywhere, not always first', () => {
    const firsts = new Set(Array.from({ length: 300 }, () => /\d/.test(generatePassword()[0] ?? '')))
    expect(firsts).toEqual(new Set([true, false]))
  })
})

describe('chosen password rules', () => {
  it('accepts 8 to 20 characters without spaces', () => {
    expect(passwordSchema.safeParse('abcd1234').success).toBe(true)
    expect(passwordSchema.safeParse('a'.repeat(20)).success).toBe(true)
  })

  it('names the broken rule in Italian', () => {
    expect(passwordProblem('abc1234')).toBe('La password deve contenere almeno 8 caratteri.')
    expect(passwordProblem('a'.repeat(21))).toBe('La password può contenere al massimo 20 caratteri.')
    expect(passwordProblem('abcd 1234')).toBe('La password non può contenere spazi.')
    expect(passwordProblem('abcd\t1234')).toBe('La password non può contenere spazi.')
  })
})
