import { describe, expect, it } from 'vitest'
import { clientAddressOf, plainAddress, proxyTrustOf, trustedProxyProblem } from './client-address.ts'
import { parseEnv } from './env.ts'

const none = proxyTrustOf({ TRUST_PROXY: 0, TRUSTED_PROXIES: [] })
const hops = (count: number) => proxyTrustOf({ TRUST_PROXY: count, TRUSTED_PROXIES: [] })
const proxies = (...entries: string[]) => proxyTrustOf({ TRUST_PROXY: 0, TRUSTED_PROXIES: entries })

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For without a configured proxy: the header is the client’s own word', () => {
    expect(clientAddressOf(none, '203.0.113.7', '198.51.100.4')).toBe('198.51.100.4')
    expect(clientAddressOf(none, null, '::ffff:198.51.100.4')).toBe('198.51.100.4')
  })

  it('takes, behind one proxy, the entry that proxy appended, whatever the client wrote before it', () => {
    // The client sent 'X-Forwarded-For: 6.6.6.6'; the proxy appended the address it saw.
    expect(clientAddressOf(hops(1), '6.6.6.6, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7')
    expect(clientAddressOf(hops(1), '1.1.1.1, 2.2.2.2, 6.6.6.6, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7')
    expect(clientAddressOf(hops(1), '203.0.113.7', '10.0.0.2')).toBe('203.0.113.7')
    // A request that reached the portal without its proxy has no entry of the proxy: the connection.
    expect(clientAddressOf(hops(1), null, '198.51.100.4')).toBe('198.51.100.4')
  })

  it('counts the hops from the right behind two proxies (CDN, then load balancer)', () => {
    expect(clientAddressOf(hops(2), '6.6.6.6, 203.0.113.7, 192.0.2.10', '10.0.0.2')).toBe('203.0.113.7')
    // Fewer entries than proxies: the furthest one there is.
    expect(clientAddressOf(hops(2), '192.0.2.10', '10.0.0.2')).toBe('192.0.2.10')
  })

  it('walks left over the listed proxies and stops at the first address that is not one of them', () => {
    const trust = proxies('10.0.0.0/8', '192.0.2.10')
    expect(clientAddressOf(trust, '6.6.6.6, 203.0.113.7, 192.0.2.10', '10.0.0.2')).toBe('203.0.113.7')
    // A client that connects directly names itself, not the header.
    expect(clientAddressOf(trust, '6.6.6.6', '198.51.100.4')).toBe('198.51.100.4')
    // Spoofing a proxy's own address on the left changes nothing: the walk stops before it.
    expect(clientAddressOf(trust, '10.0.0.9, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7')
    expect(clientAddressOf(proxies('loopback'), '203.0.113.7', '::1')).toBe('203.0.113.7')
    expect(clientAddressOf(proxies('private'), '2001:db8::5, fd00::1', '172.20.0.3')).toBe('2001:db8::5')
  })

  it('stops at an entry that is no address and uses the one a trusted proxy wrote on its right', () => {
    expect(clientAddressOf(hops(2), 'unknown, 203.0.113.7', '10.0.0.2')).toBe('203.0.113.7')
    expect(clientAddressOf(proxies('10.0.0.0/8'), '<script>, 10.0.0.5', '10.0.0.2')).toBe('10.0.0.5')
  })

  it('reads addresses with ports, brackets and the IPv4-mapped prefix', () => {
    expect(plainAddress(' 203.0.113.7:5123 ')).toBe('203.0.113.7')
    expect(plainAddress('[2001:db8::1]:443')).toBe('2001:db8::1')
    expect(plainAddress('::ffff:10.1.2.3')).toBe('10.1.2.3')
    expect(plainAddress('nessuno')).toBe('')
  })
})

describe('TRUST_PROXY and TRUSTED_PROXIES', () => {
  const production = {
    DATABASE_URL: 'postgres://u:p@db/x',
    PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
    STRIPE_EMULATOR: '1',
  }

  it('reads true as one proxy, a number as that many, and the addresses of the proxies', () => {
    expect(parseEnv({ ...production }).proxyTrust).toEqual({ kind: 'none' })
    expect(parseEnv({ ...production, TRUST_PROXY: 'true' }).proxyTrust).toEqual({ kind: 'hops', hops: 1 })
    expect(parseEnv({ ...production, TRUST_PROXY: '2' }).proxyTrust).toEqual({ kind: 'hops', hops: 2 })
    expect(parseEnv({ ...production, TRUST_PROXY: 'false' }).proxyTrust).toEqual({ kind: 'none' })
    const listed = parseEnv({ ...production, TRUSTED_PROXIES: '10.0.0.0/8, loopback' }).proxyTrust
    expect(listed.kind).toBe('addresses')
    expect(clientAddressOf(listed, '203.0.113.7', '127.0.0.1')).toBe('203.0.113.7')
  })

  it('refuses an unreadable value, a bad range and both settings at once, in Italian', () => {
    expect(() => parseEnv({ ...production, TRUST_PROXY: 'forse' })).toThrow(/TRUST_PROXY \(usa false, true/)
    expect(() => parseEnv({ ...production, TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES \('10\.0\.0\.0\/33' non è un indirizzo IP/,
    )
    expect(() => parseEnv({ ...production, TRUST_PROXY: '1', TRUSTED_PROXIES: '10.0.0.1' })).toThrow(
      /TRUSTED_PROXIES \(non può valere insieme a TRUST_PROXY/,
    )
    expect(trustedProxyProblem('2001:db8::/32')).toBeUndefined()
    expect(trustedProxyProblem('proxy.interno')).toMatch(/non è un indirizzo IP/)
  })
})
