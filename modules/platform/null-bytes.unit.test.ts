import { describe, expect, it } from 'vitest'
import {
  nullByteError,
  nullByteInBody,
  nullByteInJson,
  nullByteInPath,
  nullByteInRequest,
  nullByteInUrl,
} from './null-bytes.ts'

describe('the NUL byte guard', () => {
  it('names the path segment, by the caller’s names or as «percorso»', () => {
    expect(nullByteInPath('/bancadati/quotidiano/ricerca/fer%00ie')).toBe('percorso')
    expect(nullByteInPath('/a/b%00/c', (index) => ['a', 'nome', 'c'][index] ?? '')).toBe('nome')
    expect(nullByteInPath('/a/%zz/c')).toBeUndefined()
    expect(nullByteInPath('/a/%2500')).toBeUndefined()
  })

  it('names the query parameter, whether the NUL is in its name or its value', () => {
    expect(nullByteInUrl('/cms/api/news?where[title][equals]=%00')).toBe('where[title][equals]')
    expect(nullByteInUrl('/x?ok=1&q=a%00')).toBe('q')
    expect(nullByteInUrl('/x?a%00b=1')).toBe('a\\0b')
    expect(nullByteInUrl('/x?q=%2500&r=caff%C3%A8')).toBeUndefined()
  })

  it('names the JSON path of a string or key at any depth', () => {
    expect(nullByteInJson({ email: 'a\u0000@b.it' })).toBe('email')
    expect(nullByteInJson({ billing: { items: ['ok', 'x\u0000'] } })).toBe('billing.items.1')
    expect(nullByteInJson({ 'a\u0000': 1 })).toBe('a\\0')
    expect(nullByteInJson('\u0000')).toBe('richiesta')
    expect(nullByteInJson({ n: 0, b: null, t: true, s: 'testo' })).toBeUndefined()
  })

  it('reads JSON and urlencoded bodies, and leaves other bodies and bad JSON to the handler', () => {
    expect(nullByteInBody('application/json; charset=utf-8', '{"nome":"A\\u0000"}')).toBe('nome')
    expect(nullByteInBody('application/merge-patch+json', '{"nome":"A\\u0000"}')).toBe('nome')
    expect(nullByteInBody('application/x-www-form-urlencoded', 'email=a%00b')).toBe('email')
    expect(nullByteInBody('text/plain', '{"nome":"A\\u0000"}')).toBeUndefined()
    expect(nullByteInBody('application/json', '{"nome":"A\\u0000"')).toBeUndefined()
    expect(nullByteInBody('application/json', '{"nome":"A\\\\u0000"}')).toBeUndefined()
  })

  it('checks a Web request’s address and body, leaving the body to its handler', async () => {
    const request = new Request('http://localhost/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a\\u0000@b.it","password":"x"}',
    })
    expect(await nullByteInRequest(request)).toBe('email')
    expect(await request.text()).toContain('password')
    expect(await nullByteInRequest(new Request('http://localhost/a?q=%00'))).toBe('q')
  })

  it('reads multipart forms: text fields, the JSON of `_payload` and of other fields, never files', async () => {
    const request = (fields: [string, string | Blob][]) => {
      const form = new FormData()
      for (const [name, value] of fields) form.append(name, value)
      return new Request('http://localhost/cms/api/news', { method: 'POST', body: form })
    }
    expect(await nullByteInRequest(request([['_payload', '{"meta":{"title":"A\\u0000"}}']]))).toBe(
      'meta.title',
    )
    expect(await nullByteInRequest(request([['dati', '{"nome":"A\\u0000"}']]))).toBe('dati.nome')
    expect(await nullByteInRequest(request([['alt', 'A\u0000']]))).toBe('alt')
    expect(await nullByteInRequest(request([['alt', 'scrive \\u0000 come testo']]))).toBeUndefined()
    const file = new Blob([new Uint8Array([0, 0, 0])])
    const upload = request([
      ['_payload', '{"alt":"Schermata"}'],
      ['file', file],
    ])
    expect(await nullByteInRequest(upload)).toBeUndefined()
    // The handler still reads the whole form.
    expect((await upload.formData()).get('_payload')).toBe('{"alt":"Schermata"}')
  })

  it('names a file part whose file name holds a NUL byte (third attack round)', async () => {
    const form = new FormData()
    form.append('_payload', '{"alt":"Schermata"}')
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'sche\u0000rmata.png')
    const request = new Request('http://localhost/cms/api/site-media', { method: 'POST', body: form })
    expect(await nullByteInRequest(request)).toBe('file (nome del file)')
  })

  it('answers in Italian, naming the field', () => {
    expect(nullByteError('email')).toEqual({
      error: {
        code: 'bad_request',
        message: 'Il campo «email» non è valido: contiene un carattere nullo, che non è ammesso.',
        field: 'email',
      },
    })
  })
})
