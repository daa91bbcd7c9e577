/**
 * What callers get out of the portal's content, over HTTP against the running
 * portal with the demo data: the in-document search takes any typed string;
 * visitors without subscription or trial read at most the first paragraph
 * and 40 % of a paid article's words, from the API, its list cards and the
 * article page alike; cookie choices are throttled per address; CSV exports
 * never hand a spreadsheet a formula; the answers for an unsupported body
 * format, a password-reset request and Payload's closed routes are Italian.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portalFeed, today } from './demo-feed.ts'
import { PERSONAS, startPortal, type Portal } from './portal.ts'

let portal: Portal
let premium = ''

beforeAll(async () => {
  portal = await startPortal()
  premium = await portal.signIn(PERSONAS.premium)
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

type ErrorAnswer = { error: { code: string; message: string } }
const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('in-document search', () => {
  const search = (query: string) =>
    portal.fetch(`/api/v1/contratti/testi/nazionale/byTesto/1331/ricerca/${encodeURIComponent(query)}`, {
      cookie: premium,
    })

  it('searches words with a hyphen, such as part-time and FILCAMS-CGIL', async () => {
    const partTime = await search('part-time')
    expect(partTime.status).toBe(200)
    expect(await partTime.json()).toMatchObject({ occorrenze: 0 })

    const union = await search('FILCAMS-CGIL')
    expect(union.status).toBe(200)
    const found = (await union.json()) as { testo: string; occorrenze: number }
    expect(found.occorrenze).toBeGreaterThan(0)
    expect(found.testo).toContain('<mark class="search-hit">FILCAMS-CGIL</mark>')
  })

  it('answers every string a person can type without an error', async () => {
    const queries = [
      '(art',
      'art. 1)',
      '[a-z]',
      '10%',
      '\\u{1}',
      '$1 + 2',
      '*?',
      'c++',
      'è-à',
      '😀😀',
      '{2,}',
      '\\',
    ]
    for (const query of queries) {
      const response = await search(query)
      expect([200, 400], query).toContain(response.status)
      if (response.status === 400) expect(query.trim().length).toBeLessThan(2)
    }
  })
})

describe('paid articles for visitors without subscription or trial', () => {
  type Card = { guid: string; slug: string; link: string; estratto: string; guid_categoria: string }
  type Article = Card & { nota: string; troncato: boolean }

  const decode = (text: string) =>
    text
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#0*39;|&#x27;|&apos;/g, "'")
      .replace(/&amp;/g, '&')
  /** The visible text of HTML, as a reader or a scraper sees it. */
  const textOf = (html: string) =>
    decode(html.replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim()
  const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length
  /** The texts of the blocks (paragraphs, list items, table rows…) that have any. */
  const blocks = (html: string) =>
    html
      .split(/<\/(?:p|div|li|tr|h[1-6]|table|ul|ol|blockquote)\s*>/i)
      .map(textOf)
      .filter((text) => text !== '')
  const firstParagraph = (html: string) => blocks(html)[0] ?? ''
  /** An excerpt's text without the ellipsis that marks where it was cut. */
  const uncut = (text: string) => text.replace(/…$/, '').trim()

  /** The feed of the portal: the shipped data set's and today's (embedded mode brings it to the day it starts). */
  let demoNews = new Map<string, { guid: string; type: string; html: string; date: string }>()
  beforeAll(async () => {
    demoNews = await portalFeed()
  })

  async function homeCards(): Promise<Card[]> {
    const cards: Card[] = []
    for (let start = 0; ; start += 50) {
      const page = (await (
        await portal.fetch(`/api/v1/notizie/homepage?start=${start}&limit=50`)
      ).json()) as {
        notizie: Card[]
        altre: boolean
      }
      cards.push(...page.notizie)
      if (!page.altre) return cards
    }
  }

  const apiPath = (card: Card) => card.link.replace('/bancadati/quotidiano/notizia/', '/api/v1/notizie/')

  it('gives at most the first paragraph and 40 % of the words of every paid article; a subscriber gets the whole text', async () => {
    const cards = await homeCards()
    const paid = cards.filter((card) => card.guid_categoria !== 'changelog')
    // The home list holds every item dated up to today; upcoming deadlines join it on their day.
    expect(paid.length).toBe(
      [...demoNews.values()].filter((news) => news.type !== 'changelog' && news.date <= today()).length,
    )
    for (const card of paid) {
      const anonymous = (await (await portal.fetch(apiPath(card))).json()) as Article
      const full = (await (await portal.fetch(apiPath(card), { cookie: premium })).json()) as Article
      const stored = demoNews.get(card.guid)?.html ?? ''
      expect(full.troncato, card.slug).toBe(false)
      expect(textOf(full.nota), card.slug).toBe(textOf(stored))

      const allWords = wordCount(textOf(stored))
      const first = firstParagraph(stored)
      expect(anonymous.troncato, card.slug).toBe(true)
      for (const [what, text] of [
        ['nota', textOf(anonymous.nota)],
        ['estratto', anonymous.estratto],
      ] as const) {
        expect(wordCount(text), `${card.slug}: ${what}`).toBeLessThanOrEqual(allWords * 0.4)
        expect(first.startsWith(uncut(text)), `${card.slug}: ${what}`).toBe(true)
      }
      expect(anonymous.estratto.length, card.slug).toBeLessThanOrEqual(100)
    }
  })

  it('gives list cards 100-character excerpts of the free part, 350 only to the featured ones', async () => {
    const cards = await homeCards()
    cards.forEach((card, index) => {
      expect(card.estratto.length, card.slug).toBeLessThanOrEqual(index < 3 ? 350 : 100)
      const stored = demoNews.get(card.guid)
      if (stored?.type === 'changelog') return
      expect(firstParagraph(stored?.html ?? '').startsWith(uncut(card.estratto)), card.slug).toBe(true)
      expect(wordCount(card.estratto), card.slug).toBeLessThanOrEqual(
        wordCount(textOf(stored?.html ?? '')) * 0.4,
      )
    })
    expect(cards.slice(0, 3).some((card) => card.estratto.length > 100)).toBe(true)

    const results = (await (await portal.fetch('/api/v1/notizie/ricerca/contratto')).json()) as {
      notizie: Card[]
      scadenze: Card[]
    }
    const found = [...results.notizie, ...results.scadenze]
    expect(found.length).toBeGreaterThan(0)
    for (const card of found) {
      expect(card.estratto.length, card.slug).toBeLessThanOrEqual(100)
      const stored = demoNews.get(card.guid)
      if (stored?.type === 'changelog') continue
      expect(firstParagraph(stored?.html ?? '').startsWith(uncut(card.estratto)), card.slug).toBe(true)
    }
  })

  it('shows on the article page the same cut as the API, and nothing more of the body', async () => {
    const paid = (await homeCards()).filter((card) => card.guid_categoria !== 'changelog')
    for (const card of paid) {
      const anonymous = (await (await portal.fetch(apiPath(card))).json()) as Article
      const page = await (await portal.fetch(card.link)).text()
      const preview = textOf(
        /<div class="article__body article__preview"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '',
      )
      const stored = demoNews.get(card.guid)?.html ?? ''
      expect(preview, card.slug).toBe(textOf(anonymous.nota))
      expect(wordCount(preview), card.slug).toBeLessThanOrEqual(wordCount(textOf(stored)) * 0.4)
      const second = blocks(stored)[1]?.slice(0, 60) ?? ''
      if (second.length > 30) expect(textOf(page), card.slug).not.toContain(second)
    }
  })
})

describe('cookie choices', () => {
  it('refuses more than 20 choices a minute from one address with an Italian 429', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        portal
          .fetch('/api/v1/consenso-cookie', {
            method: 'POST',
            ...json({ consentId: randomUUID(), categories: ['necessary'], action: 'reject_all' }),
          })
          .then(async (response) => ({ status: response.status, body: (await response.json()) as unknown })),
      ),
    )
    expect(statuses.filter((answer) => answer.status === 201)).toHaveLength(20)
    const refused = statuses.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(10)
    expect((refused[0]?.body as ErrorAnswer).error.message).toBe(
      'Hai inviato troppe richieste in poco tempo. Riprova tra qualche minuto.',
    )
  })
})

describe('CSV export of a pay table', () => {
  it('hands a spreadsheet no formula, even from the owner’s name, while amounts stay numbers', async () => {
    const cookie = await portal.signIn(PERSONAS.professional)
    const renamed = await portal.fetch('/api/v1/user/profile', {
      method: 'PATCH',
      cookie,
      ...json({ displayName: '=HYPERLINK("http://esempio.test";"Apri")' }),
    })
    expect(renamed.status).toBe(200)
    const dates = (await (
      await portal.fetch('/api/v1/tabelleretributive/decorrenze/byCategoria/19', { cookie })
    ).json()) as { decorrenza: string; storica: boolean }[]
    const day = dates.find((date) => !date.storica)?.decorrenza ?? ''
    const response = await portal.fetch(
      `/api/v1/tabelleretributive/byCategoria/19/decorrenza/${encodeURIComponent(day.slice(0, 10))}/csv`,
      { cookie },
    )
    expect(response.status).toBe(200)
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://esempio.test"";""Apri"") · Riproduzione Riservata"`)
    const cells = lines.flatMap((line) => line.split(';')).map((cell) => cell.replace(/^"/, ''))
    expect(cells.filter((cell) => /^[=+@\t\r]/.test(cell) || /^-(?!\d+(,\d+)?$)/.test(cell))).toEqual([])
    expect(cells.filter((cell) => /^\d+,\d{2}$/.test(cell)).length).toBeGreaterThan(5)
  })
})

describe('Italian answers', () => {
  it('refuses a body in an unsupported format with an Italian 415, on the API and on sign-in calls', async () => {
    for (const target of ['/api/v1/consenso-cookie', '/api/auth/request-password-reset']) {
      const response = await portal.fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'ciao',
      })
      expect(response.status, target).toBe(415)
      expect(((await response.json()) as ErrorAnswer).error.message, target).toBe(
        'Formato dei dati inviati non supportato: controlla l’intestazione Content-Type della richiesta.',
      )
    }
  })

  it('confirms a password-reset request in Italian, saying nothing of whether the address exists', async () => {
    for (const email of [PERSONAS.trial, 'nessuno@esempio.test']) {
      const response = await portal.fetch('/api/auth/request-password-reset', {
        method: 'POST',
        ...json({ email, redirectTo: '/reimposta-password' }),
      })
      expect(response.status, email).toBe(200)
      expect(((await response.json()) as { message: string }).message, email).toBe(
        "Se l'indirizzo appartiene a un account, riceverai una mail con il collegamento per reimpostare la password.",
      )
    }
  })

  it('answers Payload’s closed migrations route and unknown CMS routes with an Italian 404 naming no host', async () => {
    for (const [method, target] of [
      ['GET', '/cms/api/payload-migrations'],
      ['GET', '/cms/api/payload-migrations/1'],
      ['POST', '/cms/api/payload-migrations'],
      ['GET', '/cms/api/non-esiste'],
    ] as const) {
      const response = await portal.fetch(target, {
        method,
        ...(method === 'POST' ? json({ name: 'x', batch: 1 }) : {}),
      })
      expect(response.status, `${method} ${target}`).toBe(404)
      const body = await response.text()
      expect(body).not.toMatch(/localhost|127\.0\.0\.1|:3000|Route not found|Cannot/)
      expect(JSON.parse(body)).toEqual({ errors: [{ message: 'Il percorso richiesto non esiste.' }] })
    }
  })
})
