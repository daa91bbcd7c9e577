import { describe, expect, it } from 'vitest'
import { createApi } from './app.ts'
import { PUBLIC_OPERATIONS, isPublicOperation } from './public-operations.ts'

const api = createApi({ version: 'test' })
const call = (path: string, init?: RequestInit) => api.fetch(new Request(`http://localhost${path}`, init))
const SIGN_IN = {
  error: { code: 'unauthorized', message: 'Accesso richiesto: effettua il login per continuare.' },
}

describe('anonymous callers', () => {
  it('are refused with 401 before a route validates its input or looks anything up', async () => {
    for (const path of [
      '/api/v1/schedesintetiche/abc',
      '/api/v1/SchedeSintetiche/0',
      '/api/v1/schedesintetiche/99999999999',
      '/api/v1/territoriali/tabelle/999999/albero',
      '/api/v1/istituticontrattuali/abc',
      '/api/v1/tabelleretributive/byCategoria/abc/decorrenza/ieri',
      '/api/v1/stripe/subscription/%00',
      '/api/v1/user/profilepicture/nessuna.png',
    ]) {
      const response = await call(path)
      expect(response.status, path).toBe(401)
      expect(await response.json(), path).toEqual(SIGN_IN)
    }
    const write = await call('/api/v1/user/change-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"\\u0000"}',
    })
    expect(write.status).toBe(401)
  })

  it('reach the public operations, whose bad input is then a 400', async () => {
    const response = await call('/api/v1/settori/abc')
    expect(response.status).toBe(400)
  })

  it('reach the demo summary only with a well-formed category code', () => {
    const summary = 'GET /api/v1/schedesintetiche/{categoria}'
    expect(isPublicOperation(summary, { categoria: '19' })).toBe(true)
    expect(isPublicOperation(summary, { categoria: 'abc' })).toBe(false)
    expect(isPublicOperation(summary, { categoria: '2147483648' })).toBe(false)
    expect(isPublicOperation('GET /api/v1/territoriali/tabelle/{id}/albero', { id: '1' })).toBe(false)
  })

  it('gives a reason for every public operation', () => {
    for (const [operation, entry] of Object.entries(PUBLIC_OPERATIONS)) {
      expect(operation).toMatch(/^(GET|POST) \/api\/v1\//)
      expect(entry.reason.length, operation).toBeGreaterThan(10)
    }
  })
})

describe('NUL bytes', () => {
  const post = (path: string, body: string, contentType = 'application/json') =>
    call(path, { method: 'POST', headers: { 'content-type': contentType }, body })

  it('in a path parameter: 400 naming the parameter', async () => {
    const response = await call('/api/v1/ccnlsearch/ccnl/ter%00ziario')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Il campo «text» non è valido: contiene un carattere nullo, che non è ammesso.',
        field: 'text',
      },
    })
  })

  it('in a query parameter: 400 naming the parameter', async () => {
    const response = await call('/api/v1/notizie/ricercaavanzata?testo=a%00b')
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('testo')
  })

  it('in a JSON string or key, at any depth: 400 naming its path', async () => {
    const trial = await post('/api/v1/user/trial-signup', '{"nome":"Ma\\u0000rio","cognome":"Rossi"}')
    expect(trial.status).toBe(400)
    expect(((await trial.json()) as { error: { field: string } }).error.field).toBe('nome')
    const nested = await post('/api/v1/contacts/create-hs-contact', '{"a":{"b":["ok","x\\u0000"]}}')
    expect(((await nested.json()) as { error: { field: string } }).error.field).toBe('a.b.1')
  })
})
