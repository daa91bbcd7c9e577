import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountsApi, resultOf, segment, studioApi } from './api-client.ts'

type Sent = { url: string; init: RequestInit }

/** Answers every call with `status` and `body`, keeping what the client sent. */
function answering(status: number, body: unknown): Sent[] {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', (url: string | URL | Request, init: RequestInit = {}) => {
    sent.push({ url: String(url), init })
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    )
  })
  return sent
}

afterEach(() => vi.unstubAllGlobals())

describe('the islands’ typed API client', () => {
  it('posts JSON to the documented path with the session cookie', async () => {
    const sent = answering(200, { revokedSessions: 2 })
    const result = await resultOf(
      accountsApi.user['change-password'].$post({
        json: { currentPassword: 'vecchia-123', newPassword: 'nuova-1234', confirmPassword: 'nuova-1234' },
      }),
    )
    expect(result).toEqual({ ok: true, status: 200, data: { revokedSessions: 2 } })
    expect(sent[0]?.url).toBe('/api/v1/user/change-password')
    expect(sent[0]?.init.method).toBe('POST')
    expect(sent[0]?.init.credentials).toBe('same-origin')
    const headers = new Headers(sent[0]?.init.headers)
    expect(headers.get('content-type')).toBe('application/json')
    expect(headers.get('accept')).toBe('application/json')
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      currentPassword: 'vecchia-123',
      newPassword: 'nuova-1234',
      confirmPassword: 'nuova-1234',
    })
  })

  it('puts an e-mail in the path encoded', async () => {
    const sent = answering(200, { ok: true })
    await resultOf(
      studioApi.linkedstudioaccounts.unlink[':mail'].$post({ param: { mail: segment('a+b@x.it') } }),
    )
    expect(sent[0]?.url).toBe('/api/v1/linkedstudioaccounts/unlink/a%2Bb%40x.it')
  })

  it('reads a refusal into the portal’s error shape, with the field it names', async () => {
    answering(400, {
      error: { code: 'invalid_input', message: 'Il nome è obbligatorio.', field: 'displayName' },
    })
    const result = await resultOf(accountsApi.user.profile.$patch({ json: { displayName: '' } }))
    expect(result).toEqual({
      ok: false,
      status: 400,
      code: 'invalid_input',
      message: 'Il nome è obbligatorio.',
      field: 'displayName',
    })
  })

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const result = await resultOf(accountsApi.user['email-confirmation'].$post())
    expect(result).toEqual({ ok: false, status: 0 })
  })
})
