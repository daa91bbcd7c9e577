import { describe, expect, it } from 'vitest'
import { EXCERPT, excerpt, PREVIEW_MAX_CHARS, previewHtml } from './excerpt.ts'
import { becamePublished } from './fan-out.ts'
import {
  currentMonthRange,
  foldText,
  initialTab,
  isSearchableText,
  italianDate,
  parseItalianDate,
  searchScopeOf,
  validateFilters,
} from './search.ts'
import type { NewsCard } from './schemas.ts'
import { digestHeadline } from './digest.ts'

describe('excerpts', () => {
  it('keeps short texts and cuts long ones at a word with an ellipsis, within the length', () => {
    expect(excerpt('  Breve   testo ', EXCERPT.card)).toBe('Breve testo')
    const long = 'parola '.repeat(60)
    const cut = excerpt(long, EXCERPT.card)
    expect(cut.length).toBeLessThanOrEqual(EXCERPT.card)
    expect(cut.endsWith('parola…')).toBe(true)
    expect(excerpt(long, EXCERPT.related).length).toBeLessThanOrEqual(80)
    expect(excerpt(long, EXCERPT.featured).length).toBeLessThanOrEqual(350)
  })
})

describe('the preview of an article for visitors without subscription', () => {
  it('holds only the first paragraph, escaped', () => {
    const html =
      '<p>Inizio &amp; <a href="/x">link</a> &lt;b&gt;.</p><p>SEGRETO del secondo paragrafo, che è più lungo del primo.</p>'
    const preview = previewHtml(html)
    expect(preview).toBe('<p>Inizio &amp; link &lt;b&gt;.</p>')
    expect(preview).not.toContain('SEGRETO')
  })

  it('never exceeds 600 characters of the body', () => {
    const first = `<p>${'lungo '.repeat(300)}</p><p>resto</p>`
    const text = previewHtml(first).replace(/<[^>]+>/g, '')
    expect(text.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS)
    expect(text.endsWith('…')).toBe(true)
  })

  it('never holds more than 40 % of the article’s words, however short the article', () => {
    expect(previewHtml('<p>Una sola frase di dieci parole che dice tutto subito.</p>')).toBe(
      '<p>Una sola frase di…</p>',
    )
    expect(previewHtml('<p>Breve.</p>')).toBe('')
  })

  it('is empty for an empty body', () => {
    expect(previewHtml(null)).toBe('')
  })
})

describe('search rules', () => {
  it('searches free text only beyond 3 characters', () => {
    expect(isSearchableText('ccnl')).toBe(true)
    expect(isSearchableText(' tfr ')).toBe(false)
    expect(isSearchableText('abc')).toBe(false)
  })

  it('reads gg/mm/aaaa and ISO days and rejects impossible ones', () => {
    expect(parseItalianDate('01/11/2026')).toBe('2026-11-01')
    expect(parseItalianDate('1-2-2026')).toBe('2026-02-01')
    expect(parseItalianDate('2026-11-30')).toBe('2026-11-30')
    expect(parseItalianDate('31/02/2026')).toBeUndefined()
    expect(parseItalianDate('domani')).toBeUndefined()
    expect(italianDate('2026-11-05')).toBe('05/11/2026')
  })

  it('rejects sector all, contract all and no start date', () => {
    expect(validateFilters({ settore: '-1', contratto: '-1' })).toBeNull()
    expect(validateFilters({})).toBeNull()
    expect(validateFilters({ settore: '-1', contratto: '-1', datafine: '30/11/2026' })).toBeNull()
  })

  it('accepts a sector, a contract or a start date', () => {
    expect(validateFilters({ settore: '2', contratto: '-1' })).toEqual({ sectorCode: 2, contractCode: -1 })
    expect(validateFilters({ settore: '-1', contratto: '111' })).toEqual({
      sectorCode: -1,
      contractCode: 111,
    })
    expect(validateFilters({ settore: '-1', contratto: '-1', datainizio: '01/11/2026' })).toEqual({
      sectorCode: -1,
      contractCode: -1,
      from: '2026-11-01',
    })
  })

  it('takes the end date only with a start date, never before it', () => {
    expect(validateFilters({ settore: '2', datafine: '30/11/2026' })).toBeNull()
    expect(validateFilters({ settore: '2', datainizio: '30/11/2026', datafine: '01/11/2026' })).toBeNull()
    expect(
      validateFilters({ settore: '2', datainizio: '01/11/2026', datafine: '30/11/2026', testo: ' minimi ' }),
    ).toEqual({
      sectorCode: 2,
      contractCode: -1,
      from: '2026-11-01',
      to: '2026-11-30',
      titleMatch: 'minimi',
    })
  })

  it('rejects codes that are neither positive nor -1, and bad dates', () => {
    expect(validateFilters({ settore: '0' })).toBeNull()
    expect(validateFilters({ settore: 'abc' })).toBeNull()
    expect(validateFilters({ settore: '2', datainizio: '32/01/2026' })).toBeNull()
  })

  it('folds accents and case for the title match', () => {
    expect(foldText('Libertà SINDACALE')).toBe('liberta sindacale')
  })

  it('gives the current month from the first to the last day', () => {
    expect(currentMonthRange(new Date('2026-02-10T10:00:00Z'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    })
    expect(currentMonthRange(new Date('2024-02-10T10:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    })
    // 23:30 UTC on 31 October is already November in Rome.
    expect(currentMonthRange(new Date('2026-10-31T23:30:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    })
  })

  it('opens the news tab, or deadlines when asked or when there is no news', () => {
    const card = { guid: 'x' } as NewsCard
    expect(initialTab({ notizie: [card], scadenze: [card] }, null)).toBe('news')
    expect(initialTab({ notizie: [card], scadenze: [card] }, 'scadenza')).toBe('deadline')
    expect(initialTab({ notizie: [], scadenze: [card] }, undefined)).toBe('deadline')
    expect(initialTab({ notizie: [], scadenze: [] }, undefined)).toBe('news')
  })
})

describe('fan-out trigger', () => {
  it('fires when an item becomes published, not on later saves or drafts', () => {
    expect(becamePublished({ _status: 'published' }, undefined)).toBe(true)
    expect(becamePublished({ _status: 'published' }, { _status: 'draft' })).toBe(true)
    expect(becamePublished({ _status: 'published' }, { _status: 'published' })).toBe(false)
    expect(becamePublished({ _status: 'draft' }, undefined)).toBe(false)
  })
})

describe('the scope of a free-text search', () => {
  it('matches the whole articles only for readers who may read them', () => {
    expect(searchScopeOf({ canReadInForce: true })).toBe('full')
    expect(searchScopeOf({ canReadInForce: false })).toBe('free')
    expect(searchScopeOf(undefined)).toBe('free')
  })
})

describe('the digest’s subject and button', () => {
  const row = (key: string, title: string, link: string) => ({
    id: '1',
    source_key: key,
    title,
    body: '',
    link,
    created_at: new Date(),
  })
  const alert = row(
    'tabella:7:2027-03-01',
    'Nuovi minimi dal 01/03/2027 – CCNL Terziario',
    '/bancadati/x/2?confronta=1',
  )
  const news = row('a1b2c3d4-guid', 'Firmato il rinnovo', '/quotidiano/2027/03/rinnovo')

  it('names the event, and opens the comparison of the two decorrenze', () => {
    expect(digestHeadline([alert])).toEqual({
      subject: 'Nuovi minimi dal 01/03/2027 – CCNL Terziario',
      button: { label: 'Confronta le decorrenze', url: '/bancadati/x/2?confronta=1' },
    })
    expect(digestHeadline([news, alert]).subject).toBe('Firmato il rinnovo e un’altra novità')
    expect(digestHeadline([news, alert, news]).button.url).toBe('/bancadati/x/2?confronta=1')
    expect(digestHeadline([news, news, news])).toEqual({
      subject: 'Firmato il rinnovo e altre 2 novità',
      button: { label: 'Apri il Quotidiano', url: '/bancadati/quotidiano' },
    })
  })
})
