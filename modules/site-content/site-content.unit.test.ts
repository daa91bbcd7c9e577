import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  cachedPage,
  cacheGeneration,
  invalidatePublicPages,
  isCacheablePath,
  onPublicPagesInvalidated,
  servePublicPageFromCache,
  storePage,
  withPublicPageCache,
} from './cache.ts'
import { enterpriseEnquirySchema, parseForm, productEnquirySchema } from './schemas.ts'
import { firstWord, paragraphs } from './text.ts'

describe('plain-text blocks', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(paragraphs('Primo\nparagrafo.\n\n  Secondo.  \n\n\n')).toEqual(['Primo paragrafo.', 'Secondo.'])
    expect(paragraphs(null)).toEqual([])
  })

  it('takes the first word of the display name, else the e-mail', () => {
    expect(firstWord('Giulia Bianchi')).toBe('Giulia')
    expect(firstWord('  ', 'mario.rossi@esempio.it')).toBe('mario.rossi')
  })
})

describe('request forms', () => {
  it('names every missing field of the information request in Italian', () => {
    const result = parseForm(productEnquirySchema, { product: 'werte' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toMatchObject({
      nome: 'Inserisci nome e cognome.',
      email: "Inserisci l'indirizzo email.",
      messaggio: 'Scrivi il tuo messaggio.',
      privacy: "Per inviare la richiesta accetta l'informativa sulla privacy.",
    })
  })

  it('accepts a complete request, trimming values and defaulting optional ones', () => {
    const result = parseForm(productEnquirySchema, {
      product: 'wertecolf',
      nome: '  Anna Verdi ',
      email: 'anna@esempio.it',
      messaggio: 'Vorrei informazioni.',
      privacy: 'on',
    })
    expect(result).toEqual({
      ok: true,
      data: {
        product: 'wertecolf',
        nome: 'Anna Verdi',
        email: 'anna@esempio.it',
        telefono: '',
        azienda: '',
        messaggio: 'Vorrei informazioni.',
        privacy: true,
      },
    })
  })

  it('refuses an unknown product, a bad phone and impossible seat counts', () => {
    expect(parseForm(productEnquirySchema, { product: 'altro' }).ok).toBe(false)
    const result = parseForm(enterpriseEnquirySchema, {
      azienda: 'ACME',
      nome: 'Ugo',
      email: 'ugo@acme.it',
      telefono: 'abc',
      postazioni: '0',
      privacy: 'on',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.telefono).toBe('Il numero di telefono non è valido.')
    expect(result.errors.postazioni).toBe('Indica il numero di postazioni (da 1 a 10.000).')
  })
})

describe('public page cache', () => {
  const page = { body: new Uint8Array([1]), headers: [] as [string, string][], status: 200 }

  it('serves a stored page until a publish empties the cache, and tells the listeners', () => {
    let told = 0
    const stop = onPublicPagesInvalidated(() => (told += 1))
    storePage('/prodotti/werte', page, cacheGeneration())
    expect(cachedPage('/prodotti/werte')?.status).toBe(200)
    invalidatePublicPages()
    expect(cachedPage('/prodotti/werte')).toBeUndefined()
    expect(told).toBe(1)
    stop()
  })

  it('keeps the pages every anonymous visitor gets alike: landing, products, legal pages, feed articles', () => {
    for (const path of [
      '/',
      '/prodotti/werte',
      '/prodotti/werte/',
      '/bancadati/quotidiano/notizia/2026/3/rinnovo-ccnl-commercio',
    ])
      expect(isCacheablePath(path), path).toBe(true)
    for (const path of [
      '/bancadati',
      '/bancadati/quotidiano',
      '/bancadati/quotidiano/notizia/2026/3/Rinnovo',
      '/bancadati/quotidiano/notizia/2026/3/../../../profilo',
      '/profilo',
    ])
      expect(isCacheablePath(path), path).toBe(false)
  })

  it('does not store a page rendered before the last publish', () => {
    const generation = cacheGeneration()
    invalidatePublicPages({ broadcast: false })
    storePage('/', page, generation)
    expect(cachedPage('/')).toBeUndefined()
  })
})

describe('withPublicPageCache', () => {
  const html = (text: string) =>
    new Response(text, { headers: { 'content-type': 'text/html; charset=utf-8' } })

  it('renders an anonymous page once and serves it again until a publish', async () => {
    invalidatePublicPages({ broadcast: false })
    let renders = 0
    const render = async () => html(`pagina ${++renders}`)
    const get = () => withPublicPageCache(new Request('http://localhost/prodotti/werte'), render)
    const first = await get()
    expect(first.headers.get('x-cache')).toBe('MISS')
    const second = await get()
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(await second.text()).toBe('pagina 1')
    invalidatePublicPages({ broadcast: false })
    expect(await (await get()).text()).toBe('pagina 2')
  })

  it('always renders for a session cookie, a query string, a form post or another page', async () => {
    invalidatePublicPages({ broadcast: false })
    let renders = 0
    const render = async () => html(`pagina ${++renders}`)
    const requests = [
      new Request('http://localhost/', { headers: { cookie: 'bancadati.session_token=abc' } }),
      new Request('http://localhost/prodotti/werte?inviato=1'),
      new Request('http://localhost/richiedi-enterprise', { method: 'POST', body: 'x' }),
      new Request('http://localhost/bancadati'),
    ]
    for (const request of requests) {
      await withPublicPageCache(request, render)
      await withPublicPageCache(request.clone(), render)
    }
    expect(renders).toBe(8)
  })
})

describe('servePublicPageFromCache', () => {
  it("answers the server's requests from the cache the site filled, and leaves the others to the site", async () => {
    invalidatePublicPages({ broadcast: false })
    const server = http.createServer((req, res) => {
      if (!servePublicPageFromCache(req, res)) res.writeHead(204).end()
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      expect((await fetch(`${base}/prodotti/werte`)).status).toBe(204)
      await withPublicPageCache(
        new Request('http://localhost/prodotti/werte'),
        async () => new Response('<p>werte</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      )
      const hit = await fetch(`${base}/prodotti/werte`)
      expect(hit.status).toBe(200)
      expect(hit.headers.get('x-cache')).toBe('HIT')
      expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await hit.text()).toBe('<p>werte</p>')
      const signedIn = await fetch(`${base}/prodotti/werte`, {
        headers: { cookie: 'bancadati.session_token=abc' },
      })
      expect(signedIn.status).toBe(204)
      expect((await fetch(`${base}/prodotti/werte?x=1`)).status).toBe(204)
      expect((await fetch(`${base}/prodotti/werte`, { method: 'POST' })).status).toBe(204)
    } finally {
      server.close()
    }
  })
})
