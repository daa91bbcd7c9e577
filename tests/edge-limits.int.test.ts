/**
 * What the server refuses at its edge, over HTTP against the running portal,
 * before any handler reads the request: bodies over their route's limit
 * (413, by Content-Length or by counting a chunked body), NUL bytes in a path
 * segment, a query parameter or a JSON string (400 naming the field, never
 * a database 500), and anonymous calls to API operations that are not
 * public (401 before their input is validated or anything is looked up).
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_OPERATIONS } from '../modules/api/index.ts'
import { cookiesOf, DEMO_PASSWORD, PERSONAS, startPortal, type Portal } from './portal.ts'

let portal: Portal

beforeAll(async () => {
  portal = await startPortal()
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

const MB = 1024 * 1024
const TOO_LARGE = (limit: string) =>
  `La richiesta è troppo grande: il limite per questo indirizzo è di ${limit}. Riduci i dati o il file e riprova.`
const SIGN_IN = 'Accesso richiesto: effettua il login per continuare.'
const nullByte = (field: string) => ({
  error: {
    code: 'bad_request',
    message: `Il campo «${field}» non è valido: contiene un carattere nullo, che non è ammesso.`,
    field,
  },
})

/**
 * A POST that declares `declared` bytes and sends only the first 64 KB: the
 * answer must come without the server waiting for (or reading) the rest.
 */
function declaredPost(path: string, declared: number, contentType: string) {
  const url = new URL(path, portal.base)
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const begin = performance.now()
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': declared, origin: portal.base },
    })
    request.on('response', (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - begin }),
      )
    })
    request.on('error', reject)
    request.write(Buffer.alloc(64 * 1024))
  })
}

/** A chunked body of `total` bytes, made as it is read (nothing of it is held by the test). */
/**
 * POSTs a chunked JSON body of `total` bytes, as a client that reads the
 * answer while it uploads: it stops sending once the answer arrives, and a
 * write refused after that (the server closed the refused connection) is
 * the expected end of the upload, not a failure.
 */
function chunkedPost(path: string, total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, portal.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.base },
    })
    let answered = false
    request.on('response', (response) => {
      answered = true
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      response.on('error', reject)
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    const chunk = Buffer.alloc(256 * 1024, 0x20)
    let sent = 0
    const pump = (): void => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!request.write(chunk)) {
          request.once('drain', pump)
          return
        }
      }
      if (!answered) request.end()
    }
    pump()
  })
}

describe('body size limits', () => {
  it('refuses a 300 MB Stripe webhook by its Content-Length at once, with 413 in Italian', async () => {
    const answer = await declaredPost('/api/v1/stripe/webhook', 300 * MB, 'application/json')
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'payload_too_large', message: TOO_LARGE('256 KB') },
    })
    // The rest of the body never comes: an answer at all means the server did not wait for it
    // (it would have waited for its 30 s request timeout).
    expect(answer.ms).toBeLessThan(15_000)
  })

  it('refuses a JSON body over 1 MB, a profile picture over 5 MB and a CMS upload over 50 MB', async () => {
    const json = await declaredPost('/api/v1/user/trial-signup', 2 * MB, 'application/json')
    expect(json.status).toBe(413)
    expect(JSON.parse(json.body).error.message).toBe(TOO_LARGE('1 MB'))
    const signIn = await declaredPost('/api/auth/sign-in/email', 2 * MB, 'application/json')
    expect(signIn.status).toBe(413)
    const picture = await declaredPost(
      '/api/v1/user/qualcuno/uploadprofilepicture',
      6 * MB,
      'multipart/form-data; boundary=x',
    )
    expect(picture.status).toBe(413)
    expect(JSON.parse(picture.body).error.message).toBe(TOO_LARGE('5 MB'))
    const cms = await declaredPost('/cms/api/media', 60 * MB, 'multipart/form-data; boundary=x')
    expect(cms.status).toBe(413)
    expect(JSON.parse(cms.body).error.message).toBe(TOO_LARGE('50 MB'))
  })

  it('cuts six chunked 200 MB bodies off with 413 while /healthz keeps answering', async () => {
    const targets = [
      '/api/v1/stripe/webhook',
      '/api/v1/stripe/webhook',
      '/api/v1/user/trial-signup',
      '/api/v1/contacts/create-hs-contact',
      '/api/auth/sign-in/email',
      '/cms/api/users/login',
    ]
    // The health probe runs while the uploads do: a server blocked by them would leave it unanswered
    // (the probe gives up after 10 s). How fast it answers is the benchmark's business, not this test's.
    let uploading = true
    let answeredDuringUploads = 0
    const probing = (async () => {
      while (uploading) {
        const response = await fetch(`${portal.base}/healthz`, { signal: AbortSignal.timeout(10_000) })
        expect(response.status).toBe(200)
        if (uploading) answeredDuringUploads += 1
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const answers = await Promise.all(
      targets.map(async (path) => ({ path, ...(await chunkedPost(path, 200 * MB)) })),
    )
    uploading = false
    await probing
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(413)
      expect(JSON.parse(answer.body).error.code, answer.path).toBe('payload_too_large')
    }
    expect(answeredDuringUploads).toBeGreaterThan(0)
    // The server is still itself afterwards.
    expect((await portal.fetch('/api/v1/status')).status).toBe(200)
  }, 120_000)

  it('still takes bodies within the limit', async () => {
    const response = await portal.fetch('/api/v1/consenso-cookie', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(900 * 1024) }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request')
  })
})

describe('NUL bytes', () => {
  const postJson = (path: string, body: unknown) =>
    portal.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('in the sign-in e-mail', async () => {
    const response = await postJson('/api/auth/sign-in/email', {
      email: 'premium\u0000@demo.local',
      password: 'Demo2026!',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(nullByte('email'))
  })

  it('in the trial sign-up name', async () => {
    const response = await postJson('/api/v1/user/trial-signup', {
      nome: 'Ma\u0000rio',
      cognome: 'Rossi',
      email: 'mario.rossi@esempio.it',
      professione: 'altro',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(nullByte('nome'))
  })

  it('in a search, in the path or in the query, of the API and of the pages', async () => {
    const cases: [string, string][] = [
      ['/api/v1/notizie/ricerca/fer%00ie', 'text'],
      ['/api/v1/ccnlsearch/ccnl/terz%00iario', 'text'],
      ['/api/v1/notizie/ricercaavanzata?testo=fer%00ie', 'testo'],
      ['/bancadati/quotidiano/ricerca/fer%00ie', 'percorso'],
      ['/bancadati/quotidiano/ricerca/fromFilters?testo=%00', 'testo'],
    ]
    for (const [path, field] of cases) {
      const response = await portal.fetch(path)
      expect(response.status, path).toBe(400)
      expect(await response.json(), path).toEqual(nullByte(field))
    }
  })

  it('in a /cms/api filter and in the CMS login', async () => {
    const filter = await portal.fetch('/cms/api/news?where[title][equals]=%00')
    expect(filter.status).toBe(400)
    expect(await filter.json()).toEqual(nullByte('where[title][equals]'))
    const login = await postJson('/cms/api/users/login', { email: 'a\u0000@esempio.it', password: 'x' })
    expect(login.status).toBe(400)
    expect(await login.json()).toEqual(nullByte('email'))
  })

  it('in a CMS save sent as a multipart form, in the JSON of `_payload` or in a text field', async () => {
    const form = new FormData()
    form.append('_payload', JSON.stringify({ title: 'Ferie\u0000estive', body: { text: 'ok' } }))
    const save = await portal.fetch('/cms/api/news', { method: 'POST', body: form })
    expect(save.status).toBe(400)
    expect(await save.json()).toEqual(nullByte('title'))
    const upload = new FormData()
    upload.append('alt', 'Schermata\u0000')
    upload.append('file', new Blob([new Uint8Array([0, 1, 2])], { type: 'image/png' }), 'schermata.png')
    const media = await portal.fetch('/cms/api/media', { method: 'POST', body: upload })
    expect(media.status).toBe(400)
    expect(await media.json()).toEqual(nullByte('alt'))
  })

  it('in a signed-in caller’s JSON, at any depth', async () => {
    const cookie = await portal.signIn(PERSONAS.premium)
    const response = await portal.fetch('/api/v1/stripe/customer/create', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Luca', billing: { city: ['Roma', 'Ro\u0000ma'] } }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(nullByte('billing.city.1'))
  })
})

describe('uploaded files and their names (third attack round)', () => {
  const adminCookie = async () => {
    const login = await portal.fetch('/cms/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    })
    expect(login.status).toBe(200)
    return cookiesOf(login)
  }

  it('refuses a NUL byte in a file part’s name with 400 naming it, logged as a warning, never an error', async () => {
    const upload = new FormData()
    upload.append('_payload', JSON.stringify({ alt: 'Schermata' }))
    upload.append(
      'file',
      new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      'sche\u0000rmata.png',
    )
    const response = await portal.fetch('/cms/api/site-media', {
      method: 'POST',
      cookie: await adminCookie(),
      body: upload,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(nullByte('file (nome del file)'))
    const logged = portal.output()
    expect(logged).toContain('Richiesta rifiutata: carattere nullo')
    expect(logged).not.toContain('Errore non gestito')
  })

  it('answers 404 in Italian for a file that does not exist, without an error in the log', async () => {
    const response = await portal.fetch('/cms/api/site-media/file/non-esiste-da-nessuna-parte.png')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'Il file «non-esiste-da-nessuna-parte.png» non esiste (o è stato rimosso).',
      },
    })
    expect(portal.output()).not.toContain('is missing on the disk')
  })

  it('serves an uploaded SVG as a download that runs no script, and no CSP names a third-party origin', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    const upload = new FormData()
    upload.append('_payload', JSON.stringify({ alt: 'Logo di prova' }))
    upload.append('file', new Blob([svg], { type: 'image/svg+xml' }), `logo-${Date.now()}.svg`)
    const created = await portal.fetch('/cms/api/site-media', {
      method: 'POST',
      cookie: await adminCookie(),
      body: upload,
    })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { url: string } }
    const served = await portal.fetch(new URL(doc.url, portal.base).pathname)
    expect(served.status).toBe(200)
    const policy = served.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'none'")
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain('sandbox')
    // One policy, the uploaded file's own (not the admin's beside it).
    expect(policy).toBe(
      "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; script-src 'none'; object-src 'none'; frame-ancestors 'self'; sandbox",
    )
    expect(served.headers.get('content-disposition')).toBe('attachment')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')

    for (const page of ['/', '/admin', '/cms/api/site-media', '/api/v1/status']) {
      const answer = await portal.fetch(page)
      const csp = answer.headers.get('content-security-policy') ?? ''
      expect(csp, page).not.toContain('jsdelivr')
      // Only the portal's own origin (and Stripe's with real keys): no host is named.
      expect(csp.match(/https:\/\/[^\s;]+/g) ?? [], page).toEqual([])
    }
  })
})

describe('anonymous callers', () => {
  it('get 401 before validation or lookup from every operation that is not public', async () => {
    const document = (await (await portal.fetch('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const failures: string[] = []
    let checked = 0
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods).map((name) => name.toUpperCase())) {
        if (`${method} ${template}` in PUBLIC_OPERATIONS) continue
        for (const junk of ['abc', '999999', '%00', '-1']) {
          const path = `${template.replace(/\{[^}]+\}/g, junk)}?limit=${junk}`
          const response = await portal.fetch(path, {
            method,
            ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{"x":1' }),
          })
          checked += 1
          const body = (await response.json()) as { error?: { message?: string } }
          if (response.status !== 401 || body.error?.message !== SIGN_IN)
            failures.push(`${method} ${path}: ${response.status} ${body.error?.message}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(150)
    expect(failures).toEqual([])
  }, 120_000)

  it('are refused the summaries and territorial trees that are not public, whatever the input', async () => {
    for (const path of [
      '/api/v1/schedesintetiche/abc',
      '/api/v1/schedesintetiche/999999',
      '/api/v1/territoriali/tabelle/999999/albero',
      '/api/v1/territoriali/tabelle/133-MI-2025-11-01/albero',
    ]) {
      const response = await portal.fetch(path)
      expect(response.status, path).toBe(401)
    }
    // The demo summary stays public.
    expect((await portal.fetch('/api/v1/schedesintetiche/19')).status).toBe(200)
  })

  it('leave the validation to signed-in callers, who are told which field is wrong', async () => {
    const cookie = await portal.signIn(PERSONAS.premium)
    const response = await portal.fetch('/api/v1/schedesintetiche/abc', { cookie })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('categoria')
  })
})

describe('server islands', () => {
  it('answer a tampered or stale island address with 400 in Italian, never an empty page', async () => {
    for (const path of ['/_server-islands/UserMenu?e=x&p=y&s=z', '/_server-islands/NonEsiste?p=&s=']) {
      const response = await fetch(`${portal.base}${path}`)
      expect(response.status, path).toBeGreaterThanOrEqual(400)
      expect(response.status, path).toBeLessThan(500)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message, path).toMatch(/non può essere caricata/)
    }
  })
})
