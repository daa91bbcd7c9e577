/**
 * The client address behind a reverse proxy, over HTTP against the running
 * portal (TRUST_PROXY=1) with a simulated proxy in front of it: the proxy
 * appends the address it received each request from to X-Forwarded-For, as
 * nginx's `$proxy_add_x_forwarded_for` does, and a guesser writes a new
 * address of its own choosing in that header with every attempt. The limits
 * must count the address the proxy wrote, on every entrance: the site's
 * sign-in (better-auth), the CMS login (Next) and the REST API.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAS, startPortal, type Portal } from './portal.ts'

let portal: Portal
let proxy: http.Server
let proxyBase = ''

/** The searches one address may make a minute in this portal. */
const SEARCHES = 6

/** The header the test uses to tell the simulated proxy which address the client connects from (the proxy removes it). */
const PEER = 'x-simulated-peer'

beforeAll(async () => {
  portal = await startPortal({ TRUST_PROXY: '1', SEARCHES_PER_MINUTE: String(SEARCHES) })
  const target = new URL(portal.base)
  proxy = http.createServer((incoming, outgoing) => {
    const headers: http.OutgoingHttpHeaders = { ...incoming.headers, host: target.host }
    const peer = String(headers[PEER] ?? incoming.socket.remoteAddress ?? '')
    delete headers[PEER]
    const sent = headers['x-forwarded-for']
    headers['x-forwarded-for'] = sent ? `${String(sent)}, ${peer}` : peer
    const forwarded = http.request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}, 240_000)

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
  await portal?.stop()
})

let lastSpoofed = 0
/** A new address the guesser claims in X-Forwarded-For with each attempt. */
const spoofed = () => `6.6.${Math.floor((lastSpoofed += 1) / 250)}.${lastSpoofed % 250}`

/** A POST through the proxy from `peer`, with a forged X-Forwarded-For. */
function throughProxy(path: string, peer: string, body: unknown, origin = portal.base) {
  return fetch(`${proxyBase}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      [PEER]: peer,
      'x-forwarded-for': spoofed(),
    },
    body: JSON.stringify(body),
  })
}

describe('the client address behind a proxy', () => {
  it('suspends a guesser on the sign-in whatever address it writes in X-Forwarded-For', async () => {
    const guesser = '198.51.100.21'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await throughProxy('/api/auth/sign-in/email', guesser, {
        email: PERSONAS.premium,
        password: `sbagliata-${attempt}`,
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    // Another client behind the same proxy is someone else.
    const other = await throughProxy('/api/auth/sign-in/email', '198.51.100.22', {
      email: PERSONAS.premium,
      password: 'sbagliata',
    })
    expect(other.status).toBe(401)
  })

  it('suspends a guesser on the CMS login alike', async () => {
    const guesser = '198.51.100.31'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await throughProxy('/cms/api/users/login', guesser, {
        email: 'redazione@demo.local',
        password: `sbagliata-${attempt}`,
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('limits the searches of an address on the pages and the API together, whatever it writes in X-Forwarded-For', async () => {
    const searcher = '198.51.100.51'
    const search = (path: string, peer = searcher) =>
      fetch(`${proxyBase}${path}`, { headers: { [PEER]: peer, 'x-forwarded-for': spoofed() } })
    const targets = [
      '/api/v1/notizie/ricerca/contratto',
      '/bancadati/quotidiano/ricerca/contratto',
      '/bancadati/quotidiano/ricerca/fromFilters?settore=-1&contratto=-1&datainizio=01/11/2026',
      '/api/v1/ccnlsearch/ccnl/commercio',
      '/bancadati/0/che-contratto-applico?q=ristorante',
      '/api/v1/ateco/contratti?q=ristorante',
    ]
    for (const target of targets) expect((await search(target)).status, target).toBe(200)
    for (const target of targets.slice(0, 2)) {
      const refused = await search(target)
      expect(refused.status, target).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await refused.text()).toContain('Hai effettuato troppe ricerche in poco tempo da questa rete')
    }
    expect((await search(targets[1] ?? '', '198.51.100.52')).status).toBe(200)
  })

  it('counts the REST API’s limits by the address the proxy wrote', async () => {
    const guesser = '198.51.100.41'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await fetch(`${proxyBase}/api/v1/linkedstudioaccounts/verifyinvite/falso-${attempt}`, {
        headers: { [PEER]: guesser, 'x-forwarded-for': spoofed() },
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})
