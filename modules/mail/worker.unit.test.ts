import { describe, expect, it } from 'vitest'
import { MailDataError } from './templates.ts'
import { defaultRetryPolicy, isPermanentFailure, retryDelayMs } from './worker.ts'

describe('retryDelayMs', () => {
  const policy = { maxAttempts: 10, baseDelayMs: 1_000, maxDelayMs: 60_000 }
  const middle = () => 0.5

  it('doubles the delay after each failed attempt, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(attempts, policy, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ])
  })

  it('spreads instances by at most 10% either way', () => {
    expect(retryDelayMs(3, policy, () => 0)).toBe(3_600)
    expect(retryDelayMs(3, policy, () => 0.999_999)).toBe(4_400)
  })

  it('keeps a mail for about eight hours by default before giving up', () => {
    let total = 0
    for (let attempt = 1; attempt < defaultRetryPolicy.maxAttempts; attempt += 1) {
      total += retryDelayMs(attempt, defaultRetryPolicy, middle)
    }
    expect(total / 3_600_000).toBeGreaterThan(7)
    expect(total / 3_600_000).toBeLessThan(10)
  })
})

describe('isPermanentFailure', () => {
  it('gives up at once on bad data and on a recipient refused for good', () => {
    expect(isPermanentFailure(new MailDataError('welcome', 'email: non valido'))).toBe(true)
    expect(
      isPermanentFailure(
        Object.assign(new Error('550 No such user'), { code: 'EENVELOPE', responseCode: 550 }),
      ),
    ).toBe(true)
  })

  it('retries outages and temporary refusals', () => {
    expect(isPermanentFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(
      false,
    )
    expect(
      isPermanentFailure(
        Object.assign(new Error('451 Try again later'), { code: 'EENVELOPE', responseCode: 451 }),
      ),
    ).toBe(false)
    expect(
      isPermanentFailure(
        Object.assign(new Error('535 Authentication failed'), { code: 'EAUTH', responseCode: 535 }),
      ),
    ).toBe(false)
  })
})
