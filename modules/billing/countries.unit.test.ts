/**
 * The billing form's countries (third attack round): the ISO 3166-1 list with
 * Italian names, a country typed by name turned into its code, and one that
 * is not in the list refused with the field named, on the server and in the
 * browser alike.
 */
import { describe, expect, it } from 'vitest'
import {
  addressProblems,
  countries,
  countryName,
  isCountryCode,
  normalizeCountry,
} from '../italian-identifiers/index.ts'
import { TEST_BILLING_FORM } from '../../tests/portal.ts'
import { customerCreateSchema } from './schemas.ts'

describe('countries of the billing form', () => {
  it('lists every ISO 3166-1 country once, by its Italian name', () => {
    expect(countries.length).toBeGreaterThan(240)
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length)
    expect(countries.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true)
    expect(countryName('DE')).toBe('Germania')
    expect(countryName('gb')).toBe('Regno Unito')
    expect(countryName('CH')).toBe('Svizzera')
    expect(isCountryCode('XK')).toBe(false)
  })

  it('turns a code or an Italian name into the code, and leaves anything else to be refused', () => {
    expect(normalizeCountry('Germania')).toBe('DE')
    expect(normalizeCountry(' germania ')).toBe('DE')
    expect(normalizeCountry('de')).toBe('DE')
    expect(normalizeCountry('Italia')).toBe('IT')
    expect(normalizeCountry('Italy')).toBe('IT')
    expect(normalizeCountry("Costa d'Avorio")).toBe('CI')
    expect(normalizeCountry('Deutschland')).toBe('Deutschland')
    expect(isCountryCode(normalizeCountry('Narnia'))).toBe(false)
  })

  it('refuses a country not in the list, naming the field, and takes a foreign buyer by name', () => {
    const foreign = { province: 'Berlin', zipCode: '10117', fiscalCode: 'DE123456789' }
    expect(addressProblems({ ...foreign, state: 'Germania' })).toEqual([])
    expect(addressProblems({ ...foreign, state: 'Narnia' })).toEqual([
      { field: 'state', message: expect.stringMatching(/ISO 3166/) },
    ])
    const parsed = customerCreateSchema.safeParse({
      ...TEST_BILLING_FORM,
      ...foreign,
      fiscalcode: foreign.fiscalCode,
      state: 'Germania',
    })
    expect(parsed.success && parsed.data.state).toBe('DE')
    const refused = customerCreateSchema.safeParse({ ...TEST_BILLING_FORM, state: 'Germany' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['state'])
  })
})
