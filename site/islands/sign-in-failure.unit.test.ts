import { describe, expect, it } from 'vitest'
import { it as text } from '#modules/i18n'
import { signInFailureMessage } from './account-client.ts'

const WRONG = text.accounts.login.failed

describe('what a failed sign-in tells the visitor', () => {
  it('shows a refused page origin in the server’s words, never as a wrong password', () => {
    const refused = { status: 403, message: text.errors.crossOrigin }
    expect(signInFailureMessage(refused, WRONG)).toBe(text.errors.crossOrigin)
    expect(signInFailureMessage({ status: 403 }, WRONG)).toBe(text.errors.crossOrigin)
  })

  it('shows a suspended address in the server’s words, a wrong password with the form’s text', () => {
    expect(signInFailureMessage({ status: 429, message: 'Riprova tra 10 minuti.' }, WRONG)).toBe(
      'Riprova tra 10 minuti.',
    )
    expect(signInFailureMessage({ status: 401, message: 'Invalid password' }, WRONG)).toBe(WRONG)
    expect(signInFailureMessage({ status: 500 }, WRONG)).toBe(text.accounts.genericFailure)
  })
})
