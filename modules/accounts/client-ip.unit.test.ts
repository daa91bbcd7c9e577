import { describe, expect, it } from 'vitest'
import { clientAddressOf } from './client-ip.ts'

describe('client address', () => {
  it('takes the first X-Forwarded-For address only behind a configured proxy', () => {
    expect(clientAddressOf(true, '203.0.113.7, 10.0.0.1', '10.0.0.1')).toBe('203.0.113.7')
    expect(clientAddressOf(true, null, '10.0.0.1')).toBe('10.0.0.1')
    // Without a proxy, the header is the client's own word: a guesser could name a new address each time.
    expect(clientAddressOf(false, '203.0.113.7', '198.51.100.4')).toBe('198.51.100.4')
  })
})
