import { describe, expect, it } from 'vitest'
import { authErrorMessage } from './handler.ts'
import { hasSessionCookie } from './session.ts'

describe('session cookie detection', () => {
  it('finds the session cookie, with or without the secure prefix, and nothing else', () => {
    expect(hasSessionCookie('a=1; bancadati.session_token=abc.def; b=2')).toBe(true)
    expect(hasSessionCookie('__Secure-bancadati.session_token=abc')).toBe(true)
    expect(hasSessionCookie('bancadati.session_data=abc; other=1')).toBe(false)
    expect(hasSessionCookie('xbancadati.session_token=abc')).toBe(false)
    expect(hasSessionCookie(null)).toBe(false)
    expect(hasSessionCookie('')).toBe(false)
  })
})

describe('auth error messages', () => {
  it('translates better-auth codes and keeps the portal’s own messages', () => {
    expect(authErrorMessage(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')).toBe(
      'Accesso non riuscito: Verifica che username e password siano corretti.',
    )
    expect(authErrorMessage(400, 'INVALID_TOKEN', 'Invalid token')).toMatch(/è scaduto o è già stato usato/)
    expect(authErrorMessage(429, 'TOO_MANY_ATTEMPTS', 'Troppi tentativi.')).toBe('Troppi tentativi.')
    expect(authErrorMessage(429, undefined, 'Too many requests. Please try again later.')).toBe(
      'Hai effettuato troppe richieste in poco tempo. Riprova tra qualche minuto.',
    )
    expect(authErrorMessage(500, 'SOMETHING', 'boom')).toBe(
      "Non è stato possibile completare l'operazione. Riprova tra qualche istante.",
    )
  })
})
