/**
 * The Typesense engine without a Typesense server: request building and
 * response mapping against recorded responses, and the adapter driving the
 * official client against a local server that replays them.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SearchResponse } from 'typesense'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureDocuments } from './fixtures/index-fixture.ts'
import { newsEntrySchema, newsSearchOptionsSchema } from './schemas.ts'
import {
  collectionSchema,
  contractDocument,
  contractHitsFrom,
  contractRemovalFilter,
  contractSearchParams,
  createTypesenseClient,
  createTypesenseSearch,
  newsDocument,
  newsResultsFrom,
  newsSearchParams,
  sectionDocument,
  sectionHitsFrom,
  sectionSearchParams,
  type TypesenseContract,
  type TypesenseNews,
  type TypesenseSection,
} from './typesense.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const recorded = <T extends Record<string, unknown>>(name: string) =>
  JSON.parse(readFileSync(path.join(here, 'fixtures/typesense', name), 'utf8')) as SearchResponse<T>
const filters = (input: Parameters<typeof newsSearchOptionsSchema.parse>[0]) =>
  newsSearchOptionsSchema.parse(input)

const documents = fixtureDocuments()
const contractEntry = documents.find(
  (document) => document.kind === 'contract' && document.categoryCode === 201,
)
const newsItem = documents.find(
  (document) => document.kind === 'news' && document.guid === 'n-scadenza-fondo-est',
)
const section = documents.find((document) => document.kind === 'textSection' && document.anchor === 'art-12')

describe('collection schemas', () => {
  it('indexes Italian text with stemming and keeps display-only fields out of the index', () => {
    const news = collectionSchema('news', 'bancadati_news_1')
    expect(news.name).toBe('bancadati_news_1')
    expect(news.fields.find((field) => field.name === 'title')).toMatchObject({
      type: 'string',
      locale: 'it',
      stem: true,
    })
    expect(news.fields.find((field) => field.name === 'excerpt')).toMatchObject({ index: false })
    expect(news.fields.find((field) => field.name === 'date')).toMatchObject({ type: 'int64', sort: true })
    const contracts = collectionSchema('contracts', 'c').fields
    expect(contracts.map((field) => field.name)).toEqual(expect.arrayContaining(['codes', 'aliases']))
    expect(contracts.find((field) => field.name === 'aliases')).toMatchObject({
      type: 'string[]',
      stem: true,
    })
    for (const name of ['ranking', 'views'])
      expect(contracts.find((field) => field.name === name)).toMatchObject({ type: 'int32', sort: true })
    expect(
      collectionSchema('sections', 's').fields.find((field) => field.name === 'text_code'),
    ).toMatchObject({
      type: 'int32',
      facet: true,
    })
  })
})

describe('documents sent to Typesense', () => {
  it('maps a contract entry, with its codes searchable as words', () => {
    if (contractEntry?.kind !== 'contract') throw new Error('fixture mancante')
    expect(contractDocument(contractEntry)).toEqual({
      id: '201',
      category_code: 201,
      category_name: 'Dipendenti da aziende del terziario',
      contract_code: 20,
      contract_title: 'Terziario, distribuzione e servizi',
      contract_short_title: 'Commercio Confcommercio',
      cnel_code: 'H011',
      sector_code: 2,
      sector_name: 'Terziario e servizi',
      codes: ['201', '20', 'H011'],
      aliases: [],
      ranking: 0,
      views: 0,
    })
  })

  it('carries the everyday names, representativeness and content, and the use', () => {
    if (contractEntry?.kind !== 'contract') throw new Error('fixture mancante')
    const ranked = { ...contractEntry, aliases: ['commercio', 'negozi'], representativeness: 4, content: 3 }
    expect(contractDocument(ranked, 12)).toMatchObject({
      aliases: ['commercio', 'negozi'],
      ranking: 19,
      views: 12,
    })
    // Representativeness weighs more than any content.
    expect(contractDocument({ ...ranked, representativeness: 3, content: 3 }).ranking).toBeLessThan(
      contractDocument({ ...ranked, representativeness: 4, content: 0 }).ranking,
    )
  })

  it('maps a news item with its date as a sortable number', () => {
    if (newsItem?.kind !== 'news') throw new Error('fixture mancante')
    const entry = newsEntrySchema.parse(newsItem)
    expect(newsDocument(entry)).toMatchObject({
      id: 'n-scadenza-fondo-est',
      date: Date.UTC(2026, 10, 16) / 1000,
      day: '2026-11-16',
      type: 'deadline',
      sector_codes: [2],
      contract_codes: [20],
    })
    // The free part every visitor may read, matched by the free scope.
    expect(newsDocument(entry).free_body).toBe(entry.freeText)
    expect(entry.freeText.length).toBeGreaterThan(0)
  })

  it('maps a text section with an id unique within the text', () => {
    if (section?.kind !== 'textSection') throw new Error('fixture mancante')
    expect(sectionDocument(section)).toMatchObject({
      id: '9001-2',
      text_code: 9001,
      position: 2,
      anchor: 'art-12',
    })
  })
})

describe('search requests', () => {
  it('searches contracts by code first, without typos on codes', () => {
    expect(contractSearchParams('  H011 ', 20)).toMatchObject({
      q: 'H011',
      query_by: 'codes,aliases,contract_title,contract_short_title,category_name,sector_name',
      num_typos: '0,2,2,2,2,1',
      prefix: true,
      // Equally relevant entries: the more representative contract, then the richer, then the more used.
      sort_by: '_text_match(buckets: 4):desc,ranking:desc,views:desc',
      limit: 20,
    })
  })

  it('searches news by relevance then date, with every filter', () => {
    const params = newsSearchParams(
      'apprendisti',
      filters({
        type: 'deadline',
        sectorCode: 2,
        contractCode: 20,
        from: '2026-11-01',
        to: '2026-11-30',
        limit: 6,
        offset: 6,
      }),
    )
    expect(params).toMatchObject({
      q: 'apprendisti',
      query_by: 'title,body',
      sort_by: '_text_match(buckets: 2):desc,date:desc',
      filter_by: `type:=deadline && sector_codes:=[2] && contract_codes:=[20] && date:>=${Date.UTC(2026, 10, 1) / 1000} && date:<=${Date.UTC(2026, 10, 30) / 1000}`,
      exclude_fields: 'body,free_body',
      offset: 6,
      limit: 6,
    })
  })

  it('matches only the title and the free part of a body in the free scope', () => {
    expect(newsSearchParams('1.850,00', filters({ scope: 'free' }))).toMatchObject({
      q: '1.850,00',
      query_by: 'title,free_body',
      exclude_fields: 'body,free_body',
    })
  })

  it('lists news newest first when there is no text', () => {
    const params = newsSearchParams('', filters({}))
    expect(params).toMatchObject({ q: '*', sort_by: 'date:desc', offset: 0, limit: 20 })
    expect(params).not.toHaveProperty('filter_by')
  })

  it('searches one text, in document order, marking matches with private characters', () => {
    expect(sectionSearchParams(9001, 'ferie', 50)).toMatchObject({
      filter_by: 'text_code:=9001',
      sort_by: 'position:asc',
      highlight_fields: 'body',
      highlight_start_tag: '\uE000',
      highlight_end_tag: '\uE001',
    })
  })

  it('selects contract entries to remove by any of their codes', () => {
    expect(contractRemovalFilter({ kind: 'contract', categoryCodes: [201, 202], sectorCodes: [2] })).toBe(
      'category_code:[201,202] || sector_code:[2]',
    )
    expect(contractRemovalFilter({ kind: 'contract' })).toBeUndefined()
  })
})

describe('recorded responses', () => {
  it('maps contract hits in the engine order', () => {
    const hits = contractHitsFrom(recorded<TypesenseContract>('contracts-search.json'))
    expect(hits.map((hit) => hit.categoryCode)).toEqual([201, 202])
    expect(hits[0]).toEqual({
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

  it('maps news hits and tells when more pages follow', () => {
    const response = recorded<TypesenseNews>('news-search.json')
    const first = newsResultsFrom(response, filters({ limit: 2 }))
    expect(first.hits.map((hit) => [hit.guid, hit.date])).toEqual([
      ['n-scadenza-fondo-est', '2026-11-16'],
      ['n-apprendistato-terziario', '2026-10-15'],
    ])
    expect(first.hits[0]).toMatchObject({
      slug: 'scadenza-contributi-fondo-est',
      type: 'deadline',
      sectorCodes: [2],
    })
    expect(first.hasMore).toBe(true)
    expect(newsResultsFrom(response, filters({ limit: 2, offset: 3 })).hasMore).toBe(false)
  })

  it('turns highlight snippets into escaped HTML with <mark>', () => {
    const hits = sectionHitsFrom(recorded<TypesenseSection>('sections-search.json'))
    expect(hits.map((hit) => hit.anchor)).toEqual(['art-12', 'art-13'])
    expect(hits[0]).toEqual({
      textCode: 9001,
      anchor: 'art-12',
      heading: 'Art. 12 - Ferie',
      highlight:
        'Art. 12 - <mark>Ferie</mark> Il lavoratore ha diritto a un periodo di <mark>ferie</mark> retribuite di ventisei giorni',
    })
    // The older `highlights` list is read when `highlight` lacks the field.
    expect(hits[1]?.highlight).toBe(
      '72 ore annue di permessi retribuiti &amp; riduzioni d’orario. Appunto redazionale sulle <mark>ferie</mark>.',
    )
  })
})

describe('the adapter with the official client', () => {
  type Seen = { method: string; path: string; query: URLSearchParams; body: string }
  const seen: Seen[] = []
  const aliases = new Map<string, string>()
  const collections = new Map<string, { name: string; fields: { name: string }[] }>()
  let server: Server
  let url: string

  const body = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = ''
      request.on('data', (chunk: Buffer) => (data += chunk.toString()))
      request.on('end', () => resolve(data))
    })

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const address = new URL(request.url ?? '/', 'http://localhost')
      const text = await body(request)
      seen.push({
        method: request.method ?? '',
        path: address.pathname,
        query: address.searchParams,
        body: text,
      })
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(value))
      }
      if (request.headers['x-typesense-api-key'] !== 'chiave-di-prova')
        return json(401, { message: 'Forbidden' })
      const aliasMatch = /^\/aliases\/(.+)$/.exec(address.pathname)
      if (address.pathname === '/aliases' && request.method === 'GET') {
        return json(200, {
          aliases: [...aliases].map(([name, collection]) => ({ name, collection_name: collection })),
        })
      }
      if (aliasMatch && request.method === 'GET') {
        const name = decodeURIComponent(aliasMatch[1] ?? '')
        const collection = aliases.get(name)
        return collection
          ? json(200, { name, collection_name: collection })
          : json(404, { message: 'Not Found' })
      }
      if (aliasMatch && request.method === 'PUT') {
        const name = decodeURIComponent(aliasMatch[1] ?? '')
        aliases.set(name, (JSON.parse(text) as { collection_name: string }).collection_name)
        return json(200, { name, collection_name: aliases.get(name) })
      }
      if (address.pathname === '/collections' && request.method === 'POST') {
        const schema = JSON.parse(text) as { name: string; fields: { name: string }[] }
        collections.set(schema.name, schema)
        return json(201, { ...schema, num_documents: 0 })
      }
      const collectionMatch = /^\/collections\/([^/]+)$/.exec(address.pathname)
      const known = collections.get(decodeURIComponent(collectionMatch?.[1] ?? ''))
      if (collectionMatch && known && request.method === 'GET') return json(200, known)
      if (collectionMatch && known && request.method === 'PATCH') {
        known.fields.push(...(JSON.parse(text) as { fields: { name: string }[] }).fields)
        return json(200, { fields: known.fields })
      }
      if (address.pathname.endsWith('/documents/import')) {
        response.writeHead(200, { 'content-type': 'text/plain' })
        return response.end(
          text
            .split('\n')
            .map(() => '{"success":true}')
            .join('\n'),
        )
      }
      if (address.pathname.endsWith('/documents/search')) {
        const collection = address.pathname.split('/')[2] ?? ''
        const file = collection.startsWith('bancadati_contracts')
          ? 'contracts-search.json'
          : collection.startsWith('bancadati_news')
            ? 'news-search.json'
            : 'sections-search.json'
        return json(200, recorded(file))
      }
      if (request.method === 'DELETE' && address.pathname.endsWith('/documents/missing-guid')) {
        return json(404, { message: 'Could not find a document with id: missing-guid' })
      }
      if (request.method === 'DELETE') return json(200, { num_deleted: 1 })
      if (request.method === 'PATCH' && address.pathname.endsWith('/documents'))
        return json(200, { num_updated: 2 })
      return json(404, { message: 'Not Found' })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('creates the collections behind aliases on first use, then searches through the alias', async () => {
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-di-prova' }))
    const hits = await search.searchContracts('H011')
    expect(hits.map((hit) => hit.categoryCode)).toEqual([201, 202])
    expect([...aliases.keys()].sort()).toEqual([
      'bancadati_contracts',
      'bancadati_news',
      'bancadati_text_sections',
    ])
    const created = seen.filter((request) => request.path === '/collections')
    expect(created).toHaveLength(3)
    const lookup = seen.find((request) => request.path.endsWith('/documents/search'))
    expect(lookup?.path).toBe('/collections/bancadati_contracts/documents/search')
    expect(lookup?.query.get('q')).toBe('H011')
    expect(lookup?.query.get('num_typos')).toBe('0,2,2,2,2,1')
  })

  it('upserts documents as JSON lines and replaces the sections of a text', async () => {
    seen.length = 0
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-di-prova' }))
    await search.upsert(documents)
    const imports = seen.filter((request) => request.path.endsWith('/documents/import'))
    expect(imports.map((request) => [request.path, request.query.get('action')])).toEqual([
      ['/collections/bancadati_contracts/documents/import', 'upsert'],
      ['/collections/bancadati_news/documents/import', 'upsert'],
      ['/collections/bancadati_text_sections/documents/import', 'upsert'],
    ])
    expect(imports[1]?.body.split('\n').map((line) => (JSON.parse(line) as { id: string }).id)).toHaveLength(
      9,
    )
    const cleared = seen.find((request) => request.method === 'DELETE')
    expect(cleared?.path).toBe('/collections/bancadati_text_sections/documents')
    expect(cleared?.query.get('filter_by')).toBe('text_code:[9001]')
    expect(seen.indexOf(cleared as Seen)).toBeLessThan(seen.indexOf(imports[2] as Seen))
  })

  it('writes the contracts’ use into their documents and keeps it for later writes', async () => {
    seen.length = 0
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-di-prova' }))
    await search.upsert([{ kind: 'popularity', contracts: [{ contractCode: 20, views: 7 }] }])
    const updates = seen.filter((request) => request.method === 'PATCH')
    expect(updates.map((request) => [request.path, request.query.get('filter_by'), request.body])).toEqual([
      ['/collections/bancadati_contracts/documents', 'contract_code:=20', '{"views":7}'],
    ])
    seen.length = 0
    await search.upsert(documents.filter((document) => document.kind === 'contract'))
    const imported = seen.find((request) => request.path.endsWith('/documents/import'))
    const lines = (imported?.body ?? '').split('\n').map((line) => JSON.parse(line) as TypesenseContract)
    expect(lines.filter((line) => line.contract_code === 20).map((line) => line.views)).toEqual([7, 7])
    expect(lines.find((line) => line.contract_code !== 20)?.views).toBe(0)
    // New figures: a contract no longer viewed goes back to none.
    seen.length = 0
    await search.upsert([{ kind: 'popularity', contracts: [] }])
    expect(seen.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      '{"views":0}',
    ])
  })

  it('gives a news collection made before the free scope its free_body field, once', async () => {
    const news = collections.get(aliases.get('bancadati_news') ?? '')
    if (!news) throw new Error('collezione delle notizie mancante')
    news.fields = news.fields.filter((field) => field.name !== 'free_body')
    seen.length = 0
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-di-prova' }))
    await search.searchNews('ferie', { scope: 'free' })
    await search.searchNews('ferie', { scope: 'free' })
    const updates = seen.filter((request) => request.method === 'PATCH')
    expect(updates.map((request) => [request.path, JSON.parse(request.body)])).toEqual([
      [
        `/collections/${news.name}`,
        { fields: [expect.objectContaining({ name: 'free_body', optional: true })] },
      ],
    ])
    const lookup = seen.find((request) => request.path.endsWith('/documents/search'))
    expect(lookup?.query.get('query_by')).toBe('title,free_body')
  })

  it('removes news by id, ignoring items the index no longer has', async () => {
    seen.length = 0
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-di-prova' }))
    await search.remove({ kind: 'news', guids: ['n-liberta-sindacale', 'missing-guid'] })
    expect(seen.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/collections/bancadati_news/documents/n-liberta-sindacale',
      '/collections/bancadati_news/documents/missing-guid',
    ])
  })

  it('rebuilds into fresh collections and moves the aliases', async () => {
    seen.length = 0
    const before = new Map(aliases)
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-di-prova' }))
    const report = await search.reindex([documents])
    expect(report).toEqual({ contracts: 11, news: 9, textSections: 5 })
    for (const [alias, collection] of aliases) {
      expect(collection).not.toBe(before.get(alias))
      expect(collection.startsWith(`${alias}_`)).toBe(true)
    }
    const dropped = seen.filter((request) => request.method === 'DELETE').map((request) => request.path)
    expect(dropped.sort()).toEqual(
      [...before.values()].map((collection) => `/collections/${collection}`).sort(),
    )
  })

  it('reports a server that refuses the key', async () => {
    const search = createTypesenseSearch(createTypesenseClient({ url, apiKey: 'chiave-sbagliata' }))
    await expect(search.searchNews('ferie')).rejects.toThrow()
  })
})
