import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BODY_LIMITS, LimitedRequest, bodyLimitOf, refuseOversizedBody } from './request-limits.ts'

describe('bodyLimitOf', () => {
  it('gives each route its limit', () => {
    expect(bodyLimitOf('/api/v1/stripe/webhook', 'application/json')).toBe(BODY_LIMITS.stripeWebhook)
    expect(bodyLimitOf('/API/V1/Stripe/Webhook/?x=1', undefined)).toBe(BODY_LIMITS.stripeWebhook)
    expect(bodyLimitOf('/api/v1/user/abc/uploadprofilepicture/', 'multipart/form-data; boundary=x')).toBe(
      BODY_LIMITS.profilePicture,
    )
    expect(bodyLimitOf('/cms/api/media', 'multipart/form-data; boundary=x')).toBe(BODY_LIMITS.cmsUpload)
    expect(bodyLimitOf('/cms/api/users/login', 'application/json')).toBe(BODY_LIMITS.json)
    expect(bodyLimitOf('/api/auth/sign-in/email', 'application/json')).toBe(BODY_LIMITS.json)
    expect(bodyLimitOf('/api/v1/user/trial-signup', 'multipart/form-data')).toBe(BODY_LIMITS.json)
  })

  it('keeps the documented sizes', () => {
    expect(BODY_LIMITS.stripeWebhook.bytes).toBe(256 * 1024)
    expect(BODY_LIMITS.json.bytes).toBe(1024 * 1024)
    expect(BODY_LIMITS.profilePicture.bytes).toBeGreaterThan(5 * 1024 * 1024)
    expect(BODY_LIMITS.profilePicture.bytes).toBeLessThan(5.1 * 1024 * 1024)
  })
})

describe('refuseOversizedBody', () => {
  let server: http.Server
  let base = ''
  /** Bytes of body the handler received, per request. */
  const received: number[] = []

  beforeAll(async () => {
    server = http.createServer({ IncomingMessage: LimitedRequest }, async (req, res) => {
      if (refuseOversizedBody(req, res)) return
      let size = 0
      try {
        for await (const chunk of req as AsyncIterable<Buffer>) size += chunk.length
      } catch {
        // The connection was closed after the 413: nothing more to answer.
        return
      } finally {
        received.push(size)
      }
      res.end(`ricevuti ${size}`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  /** A chunked body of `total` bytes, made as it is read. */
  const chunked = (total: number) => {
    let sent = 0
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close()
        sent += 64 * 1024
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
  }

  it('refuses a declared Content-Length over the limit with 413 and an Italian message', async () => {
    const response = await fetch(`${base}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(300 * 1024),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      error: {
        code: 'payload_too_large',
        message:
          'La richiesta è troppo grande: il limite per questo indirizzo è di 256 KB. Riduci i dati o il file e riprova.',
      },
    })
  })

  it('cuts a chunked body off with 413 once it passes the limit, handing the handler no truncated body', async () => {
    const before = received.length
    const response = await fetch(`${base}/api/v1/user/trial-signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(64 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    await new Promise((resolve) => setTimeout(resolve, 400))
    // The handler never saw the end of the body: its read failed when the connection closed.
    expect(received.slice(before).every((size) => size <= BODY_LIMITS.json.bytes)).toBe(true)
  })

  it('passes a body within the limit, chunked or not', async () => {
    const plain = await fetch(`${base}/api/v1/stripe/webhook`, { method: 'POST', body: 'x'.repeat(1000) })
    expect(await plain.text()).toBe('ricevuti 1000')
    const streamed = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      body: chunked(512 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(await streamed.text()).toBe(`ricevuti ${512 * 1024}`)
  })
})
