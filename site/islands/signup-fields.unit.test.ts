import { describe, expect, it } from 'vitest'
import { signupFieldOf } from './account-client.ts'

describe('signupFieldOf', () => {
  it('places the server’s field errors on the sign-up form’s inputs', () => {
    expect(signupFieldOf('firstName')).toBe('nome')
    expect(signupFieldOf('lastName')).toBe('cognome')
    expect(signupFieldOf('email')).toBe('email')
    expect(signupFieldOf('nome')).toBe('nome')
  })

  it('leaves other fields to the form’s general failure message', () => {
    expect(signupFieldOf('professione')).toBeUndefined()
    expect(signupFieldOf(undefined)).toBeUndefined()
  })
})
