import { describe, expect, it } from 'vitest'
import { socialSetupRedirect } from './social-setup-gate.ts'

const pending = { socialSetupPending: true }
const completed = { socialSetupPending: false }

describe('socialSetupRedirect', () => {
  it('leaves visitors and completed accounts alone', () => {
    expect(socialSetupRedirect(null, '/bancadati')).toBeNull()
    expect(socialSetupRedirect(completed, '/bancadati')).toBeNull()
  })

  it('sends a pending account from any page to the set-up page', () => {
    for (const path of ['/', '/bancadati', '/accedi', '/registrati', '/v2/profilo/account', '/acquista']) {
      expect(socialSetupRedirect(pending, path)).toBe('/registrati/setupsocial')
    }
  })

  it('lets a pending account see the set-up page, sign out, read the legal pages and call the API', () => {
    for (const path of [
      '/registrati/setupsocial',
      '/registrati/setupsocial/',
      '/esci',
      '/termini-e-condizioni',
      '/privacy-policy/',
      '/cookie-policy',
      '/api/v1/user/validatesession',
      '/api/auth/sign-out',
    ]) {
      expect(socialSetupRedirect(pending, path)).toBeNull()
    }
  })
})
