import { describe, expect, it } from 'vitest'
import { socialSetupRedirect } from './social-setup-gate.ts'

const pending = { socialSetupPending: true }
const completed = { socialSetupPending: false }

describe('socialSetupRedirect', () => {
  it('leaves visitors and completed accounts alone', () => {
    expect(socialSetupRedirect(null, '/bancadati')).toBeNull()
    expect(socialSetupRedirect(completed, '/bancadati')).toBeNull()
  })

  it('sends a pending account from any page to the set-up page, which then continues there', () => {
    expect(socialSetupRedirect(pending, '/')).toBe('/registrati/setupsocial')
    expect(socialSetupRedirect(pending, '/bancadati')).toBe('/registrati/setupsocial')
    expect(socialSetupRedirect(pending, '/acquista')).toBe('/registrati/setupsocial?returnUrl=%2Facquista')
    expect(socialSetupRedirect(pending, '/v2/checkout/prod_1/price_1', '?studio=1')).toBe(
      '/registrati/setupsocial?returnUrl=%2Fv2%2Fcheckout%2Fprod_1%2Fprice_1%3Fstudio%3D1',
    )
    for (const path of ['/accedi', '/registrati', '/v2/profilo/account']) {
      expect(socialSetupRedirect(pending, path)).toMatch(/^\/registrati\/setupsocial\?returnUrl=/)
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
