import { describe, expect, it } from 'vitest'
import { mayReadMetrics, sameToken } from './access.ts'

const TOKEN = 'scrape-token-0123456789abcdef'
const local = { host: '127.0.0.1:4321' }

describe('who may read /metrics', () => {
  it('answers this computer without a token', () => {
    expect(mayReadMetrics(undefined, { remoteAddress: '127.0.0.1', headers: local })).toBe(true)
    expect(mayReadMetrics(TOKEN, { remoteAddress: '::1', headers: { host: 'localhost:4321' } })).toBe(true)
  })

  it('refuses another computer without the token, or with a wrong one', () => {
    const remote = { remoteAddress: '203.0.113.7', headers: { host: 'portale.example.it' } }
    expect(mayReadMetrics(undefined, remote)).toBe(false)
    expect(mayReadMetrics(TOKEN, remote)).toBe(false)
    expect(
      mayReadMetrics(TOKEN, { ...remote, headers: { ...remote.headers, authorization: 'Bearer wrong' } }),
    ).toBe(false)
    expect(mayReadMetrics(TOKEN, { ...remote, headers: { ...remote.headers, authorization: TOKEN } })).toBe(
      false,
    )
  })

  it('refuses a request a proxy on this computer relays from another, and a foreign host name', () => {
    const relayed = { ...local, 'x-forwarded-for': '198.51.100.4' }
    expect(mayReadMetrics(TOKEN, { remoteAddress: '127.0.0.1', headers: relayed })).toBe(false)
    expect(mayReadMetrics(TOKEN, { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example' } })).toBe(
      false,
    )
  })

  it('answers another computer that presents the token', () => {
    const headers = { host: 'portale.example.it', authorization: `Bearer ${TOKEN}` }
    expect(mayReadMetrics(TOKEN, { remoteAddress: '203.0.113.7', headers })).toBe(true)
    expect(mayReadMetrics(undefined, { remoteAddress: '203.0.113.7', headers })).toBe(false)
  })

  it('compares tokens of any length without throwing', () => {
    expect(sameToken(TOKEN, TOKEN)).toBe(true)
    expect(sameToken('short', TOKEN)).toBe(false)
    expect(sameToken(`${TOKEN}x`, TOKEN)).toBe(false)
  })
})
