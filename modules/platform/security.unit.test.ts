import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'
import {
  adminPolicy,
  isUploadedFilePath,
  uploadedFileHeaders,
  commonSecurityHeaders,
  isCrossOriginWrite,
  isTlsRequest,
  sitePolicy,
  trustedOrigins,
} from './security.ts'

/** Production mode; payments on the emulator (STRIPE_EMULATOR=1) unless Stripe keys are given. */
const env = (extra: Record<string, string> = {}) =>
  parseEnv({
    DATABASE_URL: 'postgres://u:p@db/x',
    PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
    ...(extra.STRIPE_SECRET_KEY ? {} : { STRIPE_EMULATOR: '1' }),
    ...extra,
  })

const write = (headers: Record<string, string>, method = 'POST') =>
  new Request('http://127.0.0.1:4321/api/v1/notifications/allread', { method, headers })

describe('cross-origin writes (CSRF)', () => {
  const allowed = ['http://127.0.0.1:4321', 'https://portale.example']

  it('lets reads through whatever their origin', () => {
    expect(isCrossOriginWrite(write({ origin: 'https://altro.example' }, 'GET'), allowed)).toBe(false)
  })

  it('accepts writes from the portal’s own origins and from programs that send neither header', () => {
    expect(isCrossOriginWrite(write({ origin: 'https://portale.example' }), allowed)).toBe(false)
    expect(isCrossOriginWrite(write({ origin: 'https://PORTALE.example/' }), allowed)).toBe(false)
    expect(isCrossOriginWrite(write({ 'sec-fetch-site': 'same-origin' }), allowed)).toBe(false)
    expect(isCrossOriginWrite(write({ 'sec-fetch-site': 'none' }), allowed)).toBe(false)
    expect(isCrossOriginWrite(write({}), allowed)).toBe(false)
  })

  it('refuses writes from other sites, sandboxed frames and same-site neighbours', () => {
    expect(isCrossOriginWrite(write({ origin: 'https://altro.example' }), allowed)).toBe(true)
    expect(isCrossOriginWrite(write({ origin: 'null' }), allowed)).toBe(true)
    expect(isCrossOriginWrite(write({ 'sec-fetch-site': 'cross-site' }), allowed)).toBe(true)
    expect(isCrossOriginWrite(write({ 'sec-fetch-site': 'same-site' }), allowed)).toBe(true)
    expect(isCrossOriginWrite(write({ origin: 'https://altro.example' }, 'DELETE'), allowed)).toBe(true)
  })

  it('trusts the public address and the names TRUSTED_ORIGINS adds, never the Host a request names', () => {
    expect(
      trustedOrigins(
        env({
          PUBLIC_URL: 'https://www.portale.example',
          TRUSTED_ORIGINS: 'https://portale.example, https://Area.Portale.example/',
        }),
      ),
    ).toEqual(['https://www.portale.example', 'https://portale.example', 'https://area.portale.example'])
  })

  it('trusts, in embedded mode, the server’s own loopback names at its port', () => {
    const embedded = parseEnv({ PORT: '4321', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'origini-')) })
    expect(trustedOrigins(embedded)).toEqual([
      'http://localhost:4321',
      'http://127.0.0.1:4321',
      'http://[::1]:4321',
    ])
    expect(trustedOrigins(env())).toEqual(['http://localhost:4321'])
  })
})

describe('TLS and HSTS', () => {
  it('sends HSTS only behind TLS: an https public address, or a trusted proxy that says https', () => {
    expect(isTlsRequest(env({ PUBLIC_URL: 'https://portale.example' }), undefined)).toBe(true)
    expect(isTlsRequest(env({ PUBLIC_URL: 'http://localhost:4321' }), 'https')).toBe(false)
    expect(isTlsRequest(env({ TRUST_PROXY: 'true' }), 'https, http')).toBe(true)
    expect(isTlsRequest(env({ TRUST_PROXY: 'true' }), 'http')).toBe(false)
    expect(commonSecurityHeaders({ tls: false })['strict-transport-security']).toBeUndefined()
    expect(commonSecurityHeaders({ tls: true })['strict-transport-security']).toMatch(/^max-age=31536000/)
  })
})

describe('Content-Security-Policy', () => {
  it('keeps the script hashes Astro listed and never allows inline scripts on the site', () => {
    const policy = sitePolicy(
      env(),
      "script-src 'self' 'sha256-abc=' 'unsafe-inline'; style-src 'self' 'sha256-x='",
    )
    expect(policy).toContain("script-src 'self' 'sha256-abc='")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
  })

  it('admits Stripe.js only when real Stripe is configured', () => {
    expect(sitePolicy(env(), null)).not.toContain('stripe.com')
    const live = sitePolicy(
      env({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk' }),
      null,
    )
    expect(live).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/)
    expect(live).toMatch(/frame-src[^;]*https:\/\/js\.stripe\.com/)
  })

  it('lets only the admin frame itself', () => {
    expect(adminPolicy()).toContain("frame-ancestors 'self'")
  })

  it('names no third-party origin in the admin’s policy (third attack round)', () => {
    expect(adminPolicy()).not.toMatch(/https?:\/\/(?!\S*stripe)/)
    expect(adminPolicy()).not.toContain('jsdelivr')
  })

  it('serves an uploaded SVG without script, sandboxed and as a download; a PDF keeps its viewer', () => {
    expect(isUploadedFilePath('/cms/api/site-media/file/logo.svg')).toBe(true)
    expect(isUploadedFilePath('/cms/api/media/file/scheda.pdf')).toBe(true)
    expect(isUploadedFilePath('/cms/api/site-media')).toBe(false)
    const svg = uploadedFileHeaders('logo.svg')
    expect(svg['content-security-policy']).toContain("script-src 'none'")
    expect(svg['content-security-policy']).toContain('sandbox')
    expect(svg['content-disposition']).toBe('attachment')
    expect(uploadedFileHeaders('', 'image/svg+xml; charset=utf-8')['content-disposition']).toBe('attachment')
    const pdf = uploadedFileHeaders('scheda.pdf', 'application/pdf')
    expect(pdf['content-security-policy']).toContain("script-src 'none'")
    expect(pdf['content-security-policy']).not.toContain('sandbox')
    expect(pdf['content-disposition']).toBeUndefined()
  })
})
