import { describe, expect, it } from 'vitest'
import { loginDecision, loginDelayMs, loginThrottlePolicy } from './login-policy.ts'

const counts = (overrides: Partial<Parameters<typeof loginDecision>[0]> = {}) => ({
  accountAndAddressRetryAfterSeconds: 0,
  addressRetryAfterSeconds: 0,
  accountFailures: 0,
  ...overrides,
})

describe('failed sign-ins', () => {
  it('refuses only the address that used up its attempts, and says how long it waits', () => {
    expect(loginDecision(counts({ accountAndAddressRetryAfterSeconds: 600 }))).toEqual({
      kind: 'refuse',
      retryAfterSeconds: 600,
      reason: 'account-and-address',
    })
    expect(loginDecision(counts({ addressRetryAfterSeconds: 30 }))).toEqual({
      kind: 'refuse',
      retryAfterSeconds: 30,
      reason: 'address',
    })
  })

  it('never refuses another address because of the account’s failures: it slows the sign-in down', () => {
    for (const failures of [0, 7, 10, 25, 10_000]) {
      expect(loginDecision(counts({ accountFailures: failures })).kind, String(failures)).toBe('proceed')
    }
    expect(loginDecision(counts({ accountFailures: 7 }))).toEqual({ kind: 'proceed', delayMs: 0 })
  })

  it('lets the owner in at once after seven wrong passwords sent by someone else', () => {
    expect(loginThrottlePolicy.failuresPerAccountBeforeDelay).toBeGreaterThan(7)
    expect(loginDelayMs(7)).toBe(0)
  })

  it('slows an account under attack by a delay that doubles with each failure, up to ten seconds', () => {
    const first = loginThrottlePolicy.failuresPerAccountBeforeDelay
    expect(loginDelayMs(first - 1)).toBe(0)
    expect([0, 1, 2, 3, 4, 5, 50].map((beyond) => loginDelayMs(first + beyond))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ])
  })
})
