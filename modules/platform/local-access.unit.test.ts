import { describe, expect, it } from 'vitest'
import { devToolAccess, exposureWarning, selfUrl, type DevRequest } from './local-access.ts'
import { isLoopbackAddress, isLoopbackHost } from './loopback.ts'

const own = ['http://localhost:4321', 'http://127.0.0.1:4321']

/** A request from the browser on this computer to the embedded portal. */
const local = (extra: Partial<DevRequest> = {}): DevRequest => ({
  method: 'GET',
  remoteAddress: '127.0.0.1',
  headers: { host: '127.0.0.1:4321' },
  ownOrigins: own,
  ...extra,
})

describe('isLoopbackAddress', () => {
  it('knows this computer’s addresses in every spelling Node reports them', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]', '0:0:0:0:0:0:0:1'])
      expect(isLoopbackAddress(address), address).toBe(true)
    for (const address of [
      '10.0.0.5',
      '192.168.1.20',
      '::ffff:10.0.0.5',
      'fe80::1',
      '0.0.0.0',
      '::',
      '',
      'x',
    ])
      expect(isLoopbackAddress(address), address).toBe(false)
  })

  it('knows the loopback host names', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', 'portale.example', '10.0.0.5', 'localhost.attacker.example'])
      expect(isLoopbackHost(host), host).toBe(false)
  })
})

describe('devToolAccess', () => {
  it('answers the browser of this computer in embedded mode', () => {
    expect(devToolAccess(true, local())).toBe('allowed')
    expect(devToolAccess(true, local({ remoteAddress: '::1', headers: { host: '[::1]:4321' } }))).toBe(
      'allowed',
    )
    expect(devToolAccess(true, local({ headers: { host: 'localhost:4321' } }))).toBe('allowed')
  })

  it('does not exist in production mode, for anyone', () => {
    expect(devToolAccess(false, local())).toBe('not-found')
    expect(devToolAccess(false, local({ remoteAddress: '203.0.113.9' }))).toBe('not-found')
  })

  it('refuses a client on another computer (HOST opened to the network)', () => {
    expect(
      devToolAccess(true, local({ remoteAddress: '192.168.1.20', headers: { host: '192.168.1.10:4321' } })),
    ).toBe('not-local')
    expect(devToolAccess(true, local({ remoteAddress: '::ffff:10.0.0.7' }))).toBe('not-local')
  })

  it('refuses a request a proxy on this computer sent on from elsewhere', () => {
    expect(
      devToolAccess(true, local({ headers: { host: 'localhost', 'x-forwarded-for': '198.51.100.4' } })),
    ).toBe('not-local')
    expect(
      devToolAccess(true, local({ headers: { host: 'localhost', forwarded: 'for="198.51.100.4:5000"' } })),
    ).toBe('not-local')
    expect(devToolAccess(true, local({ headers: { host: 'localhost', 'x-real-ip': '198.51.100.4' } }))).toBe(
      'not-local',
    )
  })

  it('refuses a page of another site that reaches this computer under its own name (DNS rebinding)', () => {
    expect(devToolAccess(true, local({ headers: { host: 'attacker.example:4321' } }))).toBe('not-local')
    expect(devToolAccess(true, local({ headers: {} }))).toBe('not-local')
  })

  it('refuses a POST from a page of another site, and takes the portal’s own pages and programs', () => {
    const post = (headers: Record<string, string>) =>
      devToolAccess(true, local({ method: 'POST', headers: { host: '127.0.0.1:4321', ...headers } }))
    expect(post({ origin: 'https://attacker.example' })).toBe('cross-origin')
    expect(post({ origin: 'null' })).toBe('cross-origin')
    expect(post({ 'sec-fetch-site': 'cross-site' })).toBe('cross-origin')
    expect(post({ origin: 'http://127.0.0.1:4321' })).toBe('allowed')
    expect(post({ origin: 'http://localhost:4321', 'sec-fetch-site': 'same-origin' })).toBe('allowed')
    // curl or a test on this computer: no Origin, no Sec-Fetch-Site.
    expect(post({})).toBe('allowed')
  })
})

describe('exposureWarning', () => {
  it('warns when embedded mode listens beyond this computer', () => {
    expect(exposureWarning({ embedded: true, HOST: '0.0.0.0', PORT: 4321 })).toMatch(/HOST=0\.0\.0\.0.*\/dev/)
    expect(exposureWarning({ embedded: true, HOST: '192.168.1.10', PORT: 4321 })).toContain('altri computer')
    expect(exposureWarning({ embedded: true, HOST: '127.0.0.1', PORT: 4321 })).toBeUndefined()
    expect(exposureWarning({ embedded: true, HOST: 'localhost', PORT: 4321 })).toBeUndefined()
    expect(exposureWarning({ embedded: false, HOST: '0.0.0.0', PORT: 4321 })).toBeUndefined()
  })
})

describe('selfUrl', () => {
  it('reaches the portal on this computer whatever address it listens on', () => {
    expect(selfUrl({ HOST: '0.0.0.0', PORT: 4321 })).toBe('http://127.0.0.1:4321')
    expect(selfUrl({ HOST: '::', PORT: 4321 })).toBe('http://127.0.0.1:4321')
    expect(selfUrl({ HOST: '127.0.0.1', PORT: 80 })).toBe('http://127.0.0.1:80')
    expect(selfUrl({ HOST: '192.168.1.10', PORT: 4321 })).toBe('http://192.168.1.10:4321')
    expect(selfUrl({ HOST: '::1', PORT: 4321 })).toBe('http://[::1]:4321')
  })
})
