import { describe, expect, it } from 'vitest'
import { safeReturnUrl } from './return-url.ts'

describe('returnUrl of the login page', () => {
  it('keeps paths of this site, with their query and fragment', () => {
    expect(safeReturnUrl('/bancadati/preferiti')).toBe('/bancadati/preferiti')
    expect(safeReturnUrl('/bancadati/0/11/133/19/2?livello=3#tabella')).toBe(
      '/bancadati/0/11/133/19/2?livello=3#tabella',
    )
    expect(safeReturnUrl('/')).toBe('/')
  })

  it('falls back to the database home for anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' //evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'bancadati',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnUrl(value)).toBe('/bancadati')
    }
  })

  it('never returns to the login page itself', () => {
    expect(safeReturnUrl('/accedi')).toBe('/bancadati')
    expect(safeReturnUrl('/accedi?returnUrl=/profilo')).toBe('/bancadati')
    expect(safeReturnUrl('/accedi-bis')).toBe('/accedi-bis')
  })

  it('resolves dot segments before deciding', () => {
    expect(safeReturnUrl('/bancadati/../profilo')).toBe('/profilo')
  })

  it('uses the given fallback', () => {
    expect(safeReturnUrl('https://evil.example', '/profilo')).toBe('/profilo')
  })
})
