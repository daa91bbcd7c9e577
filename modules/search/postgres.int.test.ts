/**
 * The Postgres engine on the real embedded Postgres: the migration's SQL, the
 * fixture queries with their expected top-3 results, and index maintenance.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv } from '../platform/index.ts'
import { contractText, news } from './fixtures/content.ts'
import { contractQueries, fixtureDocuments, newsQueries, sectionQueries } from './fixtures/index-fixture.ts'
import {
  contractEntries,
  newsEntry,
  textSections,
  createPostgresSearch,
  searchSchemaV1,
  searchSchemaV2,
  searchSchemaV3,
  type SearchIndex,
} from './index.ts'

let pool: pg.Pool
let search: SearchIndex

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: getEnv().databaseUrl, max: 4 })
  // The exact SQL of the migrations; applying it twice must be harmless.
  await pool.query(searchSchemaV1.up)
  await pool.query(searchSchemaV2.up)
  await pool.query(searchSchemaV3.up)
  await pool.query(searchSchemaV1.up)
  await pool.query(searchSchemaV2.up)
  await pool.query(searchSchemaV3.up)
  search = createPostgresSearch(pool)
  await search.reindex([fixtureDocuments()])
})

afterAll(async () => {
  await pool.query(
    'delete from search_contracts; delete from search_news; delete from search_text_sections; delete from search_words; delete from search_popularity',
  )
  await pool.end()
})

/** The contract codes of the entries found, in order, each once. */
const contractsFound = async (query: string) => [
  ...new Set((await search.searchContracts(query)).map((hit) => hit.contractCode)),
]

describe('contract ranking', () => {
  const entry = (contractCode: number) =>
    fixtureDocuments().filter(
      (document) => document.kind === 'contract' && document.contractCode === contractCode,
    )

  it('orders equally relevant contracts by use, which a rebuild keeps', async () => {
    // Both titles hold 'distribuzione': without other signals the title's order decides.
    expect((await contractsFound('distribuzione')).slice(0, 2)).toEqual([21, 20])
    await search.upsert([{ kind: 'popularity', contracts: [{ contractCode: 20, views: 50 }] }])
    expect((await contractsFound('distribuzione')).slice(0, 2)).toEqual([20, 21])
    await search.reindex([fixtureDocuments()])
    expect((await contractsFound('distribuzione')).slice(0, 2)).toEqual([20, 21])
    await search.upsert([{ kind: 'popularity', contracts: [] }])
    expect((await contractsFound('distribuzione')).slice(0, 2)).toEqual([21, 20])
  })

  it('puts representativeness before content and content before use', async () => {
    await search.upsert([{ kind: 'popularity', contracts: [{ contractCode: 21, views: 500 }] }])
    await search.upsert(entry(20).map((document) => ({ ...document, content: 3 })))
    expect((await contractsFound('distribuzione')).slice(0, 2)).toEqual([20, 21])
    await search.upsert(entry(21).map((document) => ({ ...document, representativeness: 1 })))
    expect((await contractsFound('distribuzione')).slice(0, 2)).toEqual([21, 20])
    await search.upsert([{ kind: 'popularity', contracts: [] }])
    await search.reindex([fixtureDocuments()])
  })

  it('finds a contract by an everyday name, misspelt too, before contracts merely sharing a word', async () => {
    await search.upsert(
      entry(50).map((document) => ({ ...document, aliases: ['badanti', 'assistenti familiari'] })),
    )
    expect((await contractsFound('assistenti familiari'))[0]).toBe(50)
    expect((await contractsFound('asistenti familiari'))[0]).toBe(50)
    expect((await contractsFound('assistenti'))[0]).toBe(50)
    await search.reindex([fixtureDocuments()])
    expect(await contractsFound('assistenti')).not.toContain(50)
  })

  it('shows a contract whose whole name is typed before a more representative one sharing the words', async () => {
    await search.upsert(entry(11).map((document) => ({ ...document, representativeness: 4, content: 3 })))
    expect((await contractsFound('metalmeccanica'))[0]).toBe(11)
    expect((await contractsFound('Metalmeccanica industria'))[0]).toBe(10)
    expect((await contractsFound('CCNL metalmeccanica industria'))[0]).toBe(10)
    await search.reindex([fixtureDocuments()])
  })
})

describe('contract search', () => {
  it.each(contractQueries)('"$query" finds $top first ($why)', async ({ query, top }) => {
    const hits = await search.searchContracts(query)
    expect(hits.slice(0, 3).map((hit) => hit.categoryCode)).toEqual(top)
  })

  it('returns the category with its contract and sector', async () => {
    const [hit] = await search.searchContracts('H011')
    expect(hit).toEqual({
      categoryCode: 201,
      categoryName: 'Dipendenti da aziende del terziario',
      contractCode: 20,
      contractTitle: 'Terziario, distribuzione e servizi',
      contractShortTitle: 'Commercio Confcommercio',
      cnelCode: 'H011',
      sectorCode: 2,
      sectorName: 'Terziario e servizi',
    })
  })

  it('puts an exact code before text that merely contains it', async () => {
    const hits = await search.searchContracts('201')
    expect(hits[0]?.categoryCode).toBe(201)
  })

  it('finds words as they are typed (prefix of the last word)', async () => {
    const hits = await search.searchContracts('metalmecc')
    expect(hits.map((hit) => hit.contractCode)).toContain(10)
  })

  it('respects the limit and ignores an empty text', async () => {
    expect(await search.searchContracts('metalmeccanica', { limit: 1 })).toHaveLength(1)
    expect(await search.searchContracts('   ')).toEqual([])
  })
})

describe('news search', () => {
  it.each(newsQueries)('"$query" $options finds $top first ($why)', async ({ query, options, top }) => {
    const { hits } = await search.searchNews(query, options)
    expect(hits.slice(0, 3).map((hit) => hit.guid)).toEqual(top)
  })

  it('finds the same, in the same order, when the newest items are read apart from the older ones', async () => {
    // A window of 3 items: words rarer than that among the newest are looked up in the older ones by the word index.
    const split = createPostgresSearch(pool, { recentWindow: 3 })
    for (const { query, options } of newsQueries)
      expect((await split.searchNews(query, options)).hits).toEqual(
        (await search.searchNews(query, options)).hits,
      )
    for (const query of ['apprendisti', 'liberta sindacale', 'sindacalle', 'contratto'])
      expect(await split.searchNews(query, { limit: 2, offset: 1 })).toEqual(
        await search.searchNews(query, { limit: 2, offset: 1 }),
      )
  })

  it('returns what a result card shows, without the body', async () => {
    const { hits } = await search.searchNews('liberta sindacale')
    expect(hits[0]).toEqual({
      guid: 'n-liberta-sindacale',
      slug: 'liberta-sindacale-permessi-rsa',
      title: 'Libertà sindacale: i permessi retribuiti dei dirigenti RSA',
      // A card never shows more of an article than a visitor may read: at most 40 % of its words.
      excerpt: 'Le ore di permesso…',
      date: '2026-09-03',
      type: 'news',
      sectorCodes: [1],
      contractCodes: [10, 11],
    })
  })

  it('pages through results and says whether more follow', async () => {
    const first = await search.searchNews('', { sectorCode: 2, limit: 2 })
    expect(first.hits.map((hit) => hit.guid)).toEqual(['n-scadenza-fondo-est', 'n-apprendistato-terziario'])
    expect(first.hasMore).toBe(true)
    const second = await search.searchNews('', { sectorCode: 2, limit: 2, offset: 2 })
    expect(second.hits.map((hit) => hit.guid)).toEqual(['n-circolare-apprendistato'])
    expect(second.hasMore).toBe(false)
    const textPage = await search.searchNews('apprendisti', { limit: 2, offset: 2 })
    expect(textPage.hits.map((hit) => hit.guid)).toEqual([
      'n-apprendisti-turismo',
      'n-circolare-apprendistato',
    ])
    expect(textPage.hasMore).toBe(true)
  })

  it('rejects filters out of range', async () => {
    await expect(search.searchNews('', { limit: 500 })).rejects.toThrow()
    await expect(search.searchNews('', { from: '22/11/2026' })).rejects.toThrow()
  })
})

describe('in-document search', () => {
  it.each(sectionQueries)(
    '"$query" finds the sections $anchors ($why)',
    async ({ query, anchors, marked }) => {
      const hits = await search.searchInDocument(contractText.code, query)
      expect(hits.map((hit) => hit.anchor)).toEqual(anchors)
      const highlighted = hits.flatMap((hit) =>
        [...hit.highlight.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1]?.toLowerCase()),
      )
      for (const word of marked) expect(highlighted).toContain(word)
    },
  )

  it('returns the node text and an escaped passage', async () => {
    const [hit] = await search.searchInDocument(contractText.code, 'riduzioni orario')
    expect(hit?.heading).toBe('Art. 13 - Permessi retribuiti')
    expect(hit?.highlight).toContain('permessi retribuiti &amp; <mark>riduzioni</mark> d’<mark>orario</mark>')
  })

  it('searches only the requested text', async () => {
    expect(await search.searchInDocument(contractText.code + 1, 'ferie')).toEqual([])
  })
})

describe('the free scope', () => {
  it('matches the title and the free opening of a paid item, never its paid part', async () => {
    const paid = newsEntry({
      guid: 'n-cartai-riservata',
      slug: 'rinnovo-cartai',
      title: 'Rinnovo del contratto dei cartai',
      date: '2026-11-20',
      type: 'news',
      html:
        '<p>Le parti hanno firmato oggi il rinnovo del contratto nazionale dei cartai e dei cartotecnici.</p>' +
        '<p>Il nuovo minimo del livello B2 sale a 1987 euro dal mese di marzo 2031 con la clausola zanzibar.</p>' +
        '<p>Gli arretrati saranno corrisposti in due rate con la retribuzione di aprile e di maggio.</p>',
    })
    await search.upsert([paid])
    const guids = async (text: string, scope: 'full' | 'free') =>
      (await search.searchNews(text, { scope })).hits.map((hit) => hit.guid)
    try {
      for (const word of ['zanzibar', '1987', '2031', 'arretrati rate']) {
        expect(await guids(word, 'full'), word).toContain(paid.guid)
        expect(await guids(word, 'free'), word).not.toContain(paid.guid)
      }
      // The title and the opening every visitor reads are found alike.
      expect(await guids('cartai', 'free')).toContain(paid.guid)
      expect(await guids('firmato', 'free')).toContain(paid.guid)
    } finally {
      await search.remove({ kind: 'news', guids: [paid.guid] })
    }
  })
})

describe('index maintenance', () => {
  it('replaces a news item on upsert and forgets it on removal', async () => {
    const [original] = news
    if (!original) throw new Error('fixture vuota')
    await search.upsert([newsEntry({ ...original, title: 'Tirocinio e apprendistato: tabelle aggiornate' })])
    expect((await search.searchNews('tirocinio')).hits.map((hit) => hit.guid)).toEqual([original.guid])
    await search.remove({ kind: 'news', guids: [original.guid] })
    expect((await search.searchNews('tirocinio')).hits).toEqual([])
    await search.upsert([newsEntry(original)])
  })

  it('replaces every section of a text when the text changes', async () => {
    const shorter = {
      ...contractText,
      html: '<h3 id="art-12">Art. 12 - Ferie</h3><p>Ferie di quattro settimane.</p>',
    }
    await search.upsert(textSections(shorter))
    expect((await search.searchInDocument(contractText.code, 'ferie')).map((hit) => hit.anchor)).toEqual([
      'art-12',
    ])
    expect(await search.searchInDocument(contractText.code, 'apprendisti')).toEqual([])
    await search.upsert(textSections(contractText))
  })

  it('removes the entries of a contract or a sector', async () => {
    await search.remove({ kind: 'contract', contractCodes: [20] })
    expect(await search.searchContracts('H011')).toEqual([])
    await search.remove({ kind: 'contract', sectorCodes: [1] })
    expect(await search.searchContracts('metalmeccanica')).toEqual([])
    await search.upsert(fixtureDocuments().filter((document) => document.kind === 'contract'))
    expect((await search.searchContracts('H011')).map((hit) => hit.categoryCode)).toEqual([201, 202])
  })

  it('renames a category in place', async () => {
    await search.upsert(
      contractEntries({
        sector: { code: 5, name: 'Lavoro domestico' },
        contract: { code: 50, sectorCode: 5, title: 'Lavoro domestico', cnelCode: 'H501' },
        categories: [{ code: 501, contractCode: 50, name: 'Assistenti familiari conviventi' }],
      }),
    )
    expect((await search.searchContracts('conviventi')).map((hit) => hit.categoryCode)).toEqual([501])
    expect(await search.searchContracts('badanti')).toEqual([])
    await search.upsert(fixtureDocuments().filter((document) => document.kind === 'contract'))
  })

  it('rebuilds the whole index, dropping what the new content lacks', async () => {
    const report = await search.reindex([fixtureDocuments().filter((document) => document.kind !== 'news')])
    expect(report).toEqual({ contracts: 11, news: 0, textSections: 5 })
    expect((await search.searchNews('')).hits).toEqual([])
    const full = await search.reindex([fixtureDocuments()])
    expect(full).toEqual({ contracts: 11, news: 9, textSections: 5 })
    expect((await search.searchNews('')).hits).toHaveLength(9)
  })

  it('rejects a malformed document without writing anything', async () => {
    const broken = { ...newsEntry(news[1] as (typeof news)[number]), date: '16/11/2026' }
    await expect(search.upsert([broken])).rejects.toThrow()
  })
})
